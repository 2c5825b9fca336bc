import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { EXPIRED_LOGIN_PATH, setUnauthorizedHandler } from './api/client.ts';
import { SessionProvider } from './components/session.tsx';
import { StatusProvider } from './components/status.tsx';
import { ThemeProvider } from './components/theme.tsx';
import { createRouter } from './routes.tsx';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false },
  },
});

const router = createRouter();

setUnauthorizedHandler(() => {
  if (window.location.pathname + window.location.search !== EXPIRED_LOGIN_PATH) {
    void router.navigate(EXPIRED_LOGIN_PATH);
  }
});

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <StatusProvider>
        <SessionProvider>
          <ThemeProvider>
            <RouterProvider router={router} />
          </ThemeProvider>
        </SessionProvider>
      </StatusProvider>
    </QueryClientProvider>
  );
}
