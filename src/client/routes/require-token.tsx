import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { getToken } from '../session/session-store';
import { trpc } from '../trpc/trpc';

/**
 * The spec's guard: a token in session storage means signed in (§2 Shell, §4). A user whose
 * password was imported or reset by an administrator goes to /resetpwd until it is changed.
 */
export function RequireToken({ children }: { children: ReactNode }) {
  const signedIn = Boolean(getToken());
  const { pathname } = useLocation();
  const me = trpc.auth.me.useQuery(undefined, { enabled: signedIn });
  if (!signedIn) return <Navigate to="/login" replace />;
  if (me.data?.mustChangePassword && pathname !== '/resetpwd') return <Navigate to="/resetpwd" replace />;
  return children;
}
