import type { Locale } from '../../shared/limits';
import type { MessageKey } from '../../shared/i18n/tw';
import { translate } from '../../shared/i18n/translate';

/** A service outcome `{message: key, params?, …}` with its message in the caller's language. */
export function told<T extends { message: MessageKey; params?: Record<string, string | number> }>(locale: Locale, outcome: T) {
  const { params, ...rest } = outcome;
  return { ...rest, message: translate(locale, outcome.message, params) };
}
