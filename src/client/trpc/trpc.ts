import { httpBatchLink } from '@trpc/client';
import { createTRPCReact } from '@trpc/react-query';
import { REQUEST_TIMEOUT_MS } from '../../shared/limits';
import { TRPC_MAX_BATCH } from '../../shared/request-limits';
import type { AppRouter } from '../../server/trpc/router';
import { getLocale } from '../session/session-store';

export const trpc = createTRPCReact<AppRouter>();

// Headers are read per request, so a language switch applies at once. The session is the
// HttpOnly cookie the browser sends by itself (same origin); the page never holds a token.
export function createTrpcClient() {
  return trpc.createClient({
    links: [
      httpBatchLink({
        url: '/trpc',
        maxItems: TRPC_MAX_BATCH,
        headers() {
          return { 'x-locale': getLocale() };
        },
        fetch(url, options) {
          // The spec's request timeout (20 min) covers long conversions and imports.
          return fetch(url, { ...options, signal: options?.signal ?? AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
        },
      }),
    ],
  });
}
