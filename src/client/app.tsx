import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router-dom';
import { Toaster } from './components/ui/toaster';
import { GlobalAlert } from './feedback/global-alert';
import { LocaleProvider } from './i18n/locale-context';
import { createAppRouter } from './routes/app-router';
import { AppearanceProvider, useAppearance } from './session/appearance';
import { createQueryClient } from './trpc/query-client';
import { createTrpcClient, trpc } from './trpc/trpc';

// One router, query client and tRPC client for the page's life; the query client's error
// handler navigates through the router, since it runs outside any component.
const router = createAppRouter();
const queryClient = createQueryClient({
  navigate: (to) => router.navigate(to),
  pathname: () => router.state.location.pathname,
});
const trpcClient = createTrpcClient();

function Feedback() {
  const { theme, dir } = useAppearance();
  return (
    <>
      <GlobalAlert />
      <Toaster dark={theme === 'dark.orange'} dir={dir} />
    </>
  );
}

export function App() {
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <AppearanceProvider>
          <LocaleProvider>
            <RouterProvider router={router} />
            <Feedback />
          </LocaleProvider>
        </AppearanceProvider>
      </QueryClientProvider>
    </trpc.Provider>
  );
}
