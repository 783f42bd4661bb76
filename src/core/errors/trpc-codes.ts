import type { TRPCError } from '@trpc/server';
import type { ErrorCode } from '../../shared/errors';

/** The one mapping between our error codes and tRPC's (whose codes set the HTTP status). */
export const APP_TO_TRPC = {
  BAD_REQUEST: 'BAD_REQUEST',
  UNAUTHORIZED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  TOO_MANY_REQUESTS: 'TOO_MANY_REQUESTS',
  INTERNAL: 'INTERNAL_SERVER_ERROR',
} as const satisfies Record<ErrorCode, TRPCError['code']>;

/** tRPC's own refusals of a request (before any procedure runs) are the caller's mistake: 400. */
const REQUEST_FAULTS: Partial<Record<TRPCError['code'], ErrorCode>> = {
  PARSE_ERROR: 'BAD_REQUEST',
  UNSUPPORTED_MEDIA_TYPE: 'BAD_REQUEST',
  METHOD_NOT_SUPPORTED: 'BAD_REQUEST',
  UNPROCESSABLE_CONTENT: 'BAD_REQUEST',
};

export const TRPC_TO_APP: Partial<Record<TRPCError['code'], ErrorCode>> = {
  ...Object.fromEntries(
    Object.entries(APP_TO_TRPC)
      .filter(([app]) => app !== 'INTERNAL')
      .map(([app, trpc]) => [trpc, app as ErrorCode]),
  ),
  ...REQUEST_FAULTS,
};
