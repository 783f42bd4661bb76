import { ERROR_STATUS, type ErrorCode } from '../../shared/errors';

/** What the shell does with a failed call (spec §8), decided apart from doing it. */
export type ErrorAction =
  | { kind: 'none' }
  | { kind: 'alert'; message: string }
  | { kind: 'alert-and-sign-in'; message: string }
  | { kind: 'forbidden' }
  | { kind: 'not-found' }
  | { kind: 'toast'; message: string }
  | { kind: 'sign-in'; message: string };

export interface FailedCall {
  /** HTTP status the server answered, or undefined when no answer came (network, abort). */
  httpStatus: number | undefined;
  appCode: ErrorCode | undefined;
  message: string;
  /** The page the user is on when the answer arrives. */
  pathname: string;
  /** The call's owner renders its own failures (login, change password). */
  inline: boolean;
  /** The page is unloading: the browser cut the request off; nobody answered anything. */
  leavingPage: boolean;
}

// Answers about the request itself, which the user can correct and retry. The spec's legacy
// API sent these as "code ≠ 200" business failures inside HTTP 200, answered by an error toast,
// so they must not end the session like the catch-all does.
const BUSINESS_FAILURES: readonly number[] = [
  ERROR_STATUS.CONFLICT,
  ERROR_STATUS.PAYLOAD_TOO_LARGE,
  ERROR_STATUS.TOO_MANY_REQUESTS,
];

export function isLoginPath(pathname: string): boolean {
  return pathname === '/login' || pathname.startsWith('/login/');
}

export function decideErrorAction(call: FailedCall): ErrorAction {
  const status = call.httpStatus ?? (call.appCode ? ERROR_STATUS[call.appCode] : undefined);
  // The login page shows every failure in its red alert; no redirect loop, no second message.
  if (isLoginPath(call.pathname)) return { kind: 'none' };
  // A request the browser aborted on the way out is no server answer: it must not end the session.
  if (call.leavingPage && status === undefined) return { kind: 'none' };
  if (status === ERROR_STATUS.FORBIDDEN) return { kind: 'forbidden' };
  if (status === ERROR_STATUS.NOT_FOUND) return { kind: 'not-found' };
  const userFixable =
    status === ERROR_STATUS.BAD_REQUEST ||
    status === ERROR_STATUS.UNAUTHORIZED ||
    (status !== undefined && BUSINESS_FAILURES.includes(status));
  if (call.inline && userFixable) return { kind: 'none' };
  if (status === ERROR_STATUS.BAD_REQUEST) return { kind: 'alert', message: call.message };
  if (status === ERROR_STATUS.UNAUTHORIZED) return { kind: 'alert-and-sign-in', message: call.message };
  if (status !== undefined && BUSINESS_FAILURES.includes(status)) return { kind: 'toast', message: call.message };
  return { kind: 'sign-in', message: call.message };
}
