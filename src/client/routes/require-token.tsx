import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { RouteFallback } from '../components/route-fallback';
import { isSignedIn, loginPath } from '../session/session-store';
import { trpc } from '../trpc/trpc';

/**
 * The spec's guard (§2 Shell, §4), over the cookie session: a browser that has not signed in (or
 * signed out, in any tab) goes to the sign-in page at once; otherwise the server decides — a
 * session ended elsewhere answers 401 on the first call, and the shell goes to the school's
 * sign-in page. A user whose password was imported or reset by an administrator goes to
 * /resetpwd until it is changed. Nothing of the shell or the page renders before the server has
 * said who the user is: a page's own calls would otherwise race `auth.me`, and for such a user
 * the server refuses them (403 「請先變更密碼」), which the shell answers with /page403.
 */
export function RequireToken({ children }: { children: ReactNode }) {
  const signedIn = isSignedIn();
  const { pathname } = useLocation();
  const me = trpc.auth.me.useQuery(undefined, { enabled: signedIn });
  if (!signedIn) return <Navigate to={loginPath()} replace />;
  if (me.isPending) return <RouteFallback />;
  if (me.data?.mustChangePassword && pathname !== '/resetpwd') return <Navigate to="/resetpwd" replace />;
  return children;
}
