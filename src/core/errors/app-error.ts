import type { ErrorCode } from '../../shared/errors';
import type { MessageKey } from '../../shared/i18n/tw';

/**
 * The one error services throw. It carries a catalogue key, not text: each door translates it
 * into the caller's language (src/core/errors/describe-error.ts).
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly key: MessageKey,
    readonly params: Record<string, string | number> = {},
    /** Field → catalogue key (or text), for invalid input. */
    readonly fields?: Record<string, string>,
  ) {
    super(key);
    this.name = 'AppError';
  }
}
