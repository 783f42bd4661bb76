import { TRPCError } from '@trpc/server';
import type { ErrorCode } from '../../shared/errors';
import type { MessageKey } from '../../shared/i18n/tw';
import { translate, translateMessage } from '../../shared/i18n/translate';
import { decodeMessage } from '../../shared/keyed-message';
import type { Locale } from '../../shared/limits';
import { TRPC_MAX_BATCH } from '../../shared/request-limits';
import { AppError } from './app-error';
import { TRPC_TO_APP } from './trpc-codes';

// What libraries say about a request, in our words: a person never reads tRPC's, Express's,
// busboy's, yauzl's or libvips' own (English, technical) text (docs/architecture.md, "Malformed input").

/** The text tRPC's adapter refuses an over-long batch with (its only signal; no code of its own). */
const TRPC_BATCH_REFUSAL = 'Batch call exceeds maximum size';

/** Our message for each code when the refusal came from a library, not from a service. */
const GENERIC: Record<Exclude<ErrorCode, 'INTERNAL'>, MessageKey> = {
  BAD_REQUEST: 'request.malformed',
  UNAUTHORIZED: 'auth.tokenMissing',
  FORBIDDEN: 'error.forbidden',
  NOT_FOUND: 'request.noSuchCall',
  CONFLICT: 'request.malformed',
  PAYLOAD_TOO_LARGE: 'error.tooLarge',
  TOO_MANY_REQUESTS: 'request.tooMany',
};

/** tRPC's own refusals of a request (no procedure, wrong method, bad JSON, …) as ours; undefined for a fault. */
export function trpcRefusalOf(error: TRPCError): AppError | undefined {
  if (error.cause instanceof SyntaxError || error.code === 'PARSE_ERROR') return new AppError('BAD_REQUEST', 'error.malformedJson');
  if (error.message === TRPC_BATCH_REFUSAL) return new AppError('BAD_REQUEST', 'request.batchTooLarge', { max: TRPC_MAX_BATCH });
  if (error.code === 'METHOD_NOT_SUPPORTED') return new AppError('BAD_REQUEST', 'request.wrongMethod');
  if (error.code === 'UNSUPPORTED_MEDIA_TYPE') return new AppError('BAD_REQUEST', 'request.wrongContentType');
  if (error.cause instanceof URIError) return new AppError('BAD_REQUEST', 'request.badEscape');
  const code = TRPC_TO_APP[error.code];
  return code && code !== 'INTERNAL' ? new AppError(code, GENERIC[code]) : undefined;
}

/**
 * Express's and Node's refusals before any door runs: a percent-escape that does not decode
 * (a path, a parameter), and the 4xx errors of http-errors (their `status`); undefined otherwise.
 */
export function requestFaultOf(error: unknown): AppError | undefined {
  if (error instanceof TRPCError) return trpcRefusalOf(error);
  if (error instanceof URIError) return new AppError('BAD_REQUEST', 'request.badEscape');
  if (typeof error !== 'object' || error === null) return undefined;
  const { status, expose } = error as { status?: unknown; expose?: unknown };
  if (typeof status !== 'number' || status < 400 || status >= 500 || expose !== true) return undefined;
  return status === 413 ? new AppError('PAYLOAD_TOO_LARGE', 'error.tooLarge') : new AppError('BAD_REQUEST', 'request.malformed');
}

/**
 * A failure stored by a job (a scan batch, a print ticket) for people to read: our own message
 * (src/shared/keyed-message.ts, its parameters as stored) is translated; anything else is a
 * library's text, which is logged where it happened and shown here as our generic message.
 */
export function storedFailureText(locale: Locale, stored: string): string {
  const message = decodeMessage(stored);
  return message ? translateMessage(locale, message) : translate(locale, 'job.failedUnknown');
}

/** The same for a row's failure column, empty when nothing failed. */
export const failureTextOrNull = (locale: Locale, stored: string | null): string | null => (stored ? storedFailureText(locale, stored) : null);
