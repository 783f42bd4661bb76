import { TRPCError } from '@trpc/server';
import type { ErrorCode } from '../../shared/errors';
import type { MessageKey } from '../../shared/i18n/tw';
import { isMessageKey, translate } from '../../shared/i18n/translate';
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

type Params = Record<string, string | number>;

/**
 * A job's refusal as stored (scan_batches.error, ≤ 500 characters): its catalogue key, or the key
 * and its parameters as JSON `{"key","params"}` — AppError's model, translated when shown.
 */
export function storedRefusal(key: MessageKey, params: Params = {}): string {
  return Object.keys(params).length ? JSON.stringify({ key, params }) : key;
}

/** A stored refusal back as its key and parameters; null for anything else (a library's text). */
export function parseStoredRefusal(stored: string): { key: MessageKey; params: Params } | null {
  if (isMessageKey(stored)) return { key: stored, params: {} };
  if (!stored.startsWith('{')) return null;
  try {
    const { key, params } = JSON.parse(stored) as { key?: unknown; params?: unknown };
    if (typeof key !== 'string' || !isMessageKey(key) || typeof params !== 'object' || params === null) return null;
    return { key, params: Object.fromEntries(Object.entries(params).filter((e): e is [string, string | number] => typeof e[1] === 'string' || typeof e[1] === 'number')) };
  } catch {
    return null;
  }
}

/**
 * A failure stored by a job (a scan batch, a print ticket) for people to read: our own message
 * keys are translated (with their stored parameters, a parameter that is a key translated too);
 * anything else is a library's text, which is logged where it happened and shown here as our
 * generic message.
 */
export function storedFailureText(locale: Locale, stored: string, params: Params = {}): string {
  const refusal = parseStoredRefusal(stored);
  if (!refusal) return translate(locale, 'job.failedUnknown', params);
  const all = { ...params, ...refusal.params };
  return translate(locale, refusal.key, Object.fromEntries(Object.entries(all).map(([k, v]) => [k, typeof v === 'string' && isMessageKey(v) ? translate(locale, v) : v])));
}
