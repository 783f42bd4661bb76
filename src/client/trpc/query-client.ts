import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';
import { ERROR_STATUS, type ErrorCode } from '../../shared/errors';
import { showAlert } from '../feedback/alert-store';
import { decideErrorAction, type FailedCall } from '../feedback/error-action';
import { notifyError, notifySuccess } from '../feedback/notify';
import { loginPath, markSignedOut } from '../session/session-store';
import type { CallMeta } from './call-meta';

export interface ShellNavigation {
  navigate: (to: string) => Promise<void>;
  pathname: () => string;
}

function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && value in ERROR_STATUS;
}

// Set while the document unloads (a full navigation or reload): fetches cut off then are not failures.
let leavingPage = false;
if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', () => {
    leavingPage = true;
  });
  window.addEventListener('pageshow', () => {
    leavingPage = false;
  });
}

function describeFailure(error: Error, meta: CallMeta | undefined, pathname: string): FailedCall {
  const data: unknown = error instanceof TRPCClientError ? error.data : undefined;
  const shape = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
  return {
    httpStatus: typeof shape.httpStatus === 'number' ? shape.httpStatus : undefined,
    appCode: isErrorCode(shape.appCode) ? shape.appCode : undefined,
    message: error.message,
    pathname,
    inline: meta?.inlineErrors === true,
    leavingPage,
  };
}

function hasMessage(data: unknown): data is { message: string } {
  return typeof data === 'object' && data !== null && typeof (data as { message?: unknown }).message === 'string';
}

/** The spec's error catalogue (§8) applied once, for every query and mutation. */
export function createQueryClient(nav: ShellNavigation): QueryClient {
  const signInAgain = (): void => {
    markSignedOut();
    // The cache empties once the signed-in pages are gone, or they would refetch without a session.
    // A session ended in another tab lands here too, on the school's own sign-in page.
    void nav.navigate(loginPath()).then(() => client.clear());
  };

  const handle = (error: Error, meta: CallMeta | undefined): void => {
    const action = decideErrorAction(describeFailure(error, meta, nav.pathname()));
    switch (action.kind) {
      case 'alert':
        void showAlert(action.message, 'feedback.error');
        return;
      case 'alert-and-sign-in':
        void showAlert(action.message, 'feedback.notice');
        signInAgain();
        return;
      case 'forbidden':
        void nav.navigate('/page403');
        return;
      case 'not-found':
        void nav.navigate('/page404');
        return;
      case 'toast':
        notifyError(action.message);
        return;
      case 'sign-in':
        notifyError(action.message);
        signInAgain();
        return;
      case 'none':
        return;
    }
  };

  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => handle(error, query.meta) }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => handle(error, mutation.meta),
      onSuccess: (data, _variables, _context, mutation) => {
        if (hasMessage(data) && !mutation.meta?.silentSuccess) notifySuccess(data.message);
      },
    }),
    // A failed call is already reported to the user; retrying would repeat the alert.
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false }, mutations: { retry: false } },
  });
  return client;
}
