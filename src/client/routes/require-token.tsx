import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { getToken } from '../session/session-store';

/** The spec's only guard: a token in session storage means signed in (§2 Shell, §4). */
export function RequireToken({ children }: { children: ReactNode }) {
  if (!getToken()) return <Navigate to="/login" replace />;
  return children;
}
