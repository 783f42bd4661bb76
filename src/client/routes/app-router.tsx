import { Suspense } from 'react';
import { createBrowserRouter, Navigate, Outlet } from 'react-router-dom';
import { RouteFallback } from '../components/route-fallback';
import { AppShell } from '../shell/app-shell';
import { ErrorPage } from '../pages/status/status-pages';
import { RequireToken } from './require-token';
import { publicRoutes, shellRoutes } from './route-table';

/** History-mode router (spec §2): unknown paths go to /page404. */
export function createAppRouter() {
  return createBrowserRouter([
    {
      element: (
        <Suspense fallback={<RouteFallback />}>
          <Outlet />
        </Suspense>
      ),
      errorElement: <ErrorPage />,
      children: [
        { path: '/', element: <Navigate to="/home" replace /> },
        ...publicRoutes,
        {
          element: (
            <RequireToken>
              <AppShell />
            </RequireToken>
          ),
          children: shellRoutes,
        },
        { path: '*', element: <Navigate to="/page404" replace /> },
      ],
    },
  ]);
}
