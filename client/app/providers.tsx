import { lazy, Suspense, type ReactNode } from 'react';
import { MantineProvider, type CSSVariablesResolver } from '@mantine/core';
import { onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ApiError } from '../lib/api';
import { theme } from './theme';

// Its own chunk, fetched right after the first screen: no page needs it to paint, and notices shown before it
// arrives wait in its store.
const Notifications = lazy(() => import('@mantine/notifications').then((m) => ({ default: m.Notifications })));

// Whether the browser is offline as the page opens, so that queries wait for the connection rather than fail (TanStack
// Query assumes online until a browser event says otherwise; docs/decisions/pwa.md).
if (typeof navigator !== 'undefined') onlineManager.setOnline(navigator.onLine);

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: (count, err) => !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 2,
      refetchOnWindowFocus: false,
    },
  },
});

// Mantine's dimmed grey is under 4.5:1 on white; this one passes WCAG AA contrast.
const cssVariables: CSSVariablesResolver = () => ({ variables: {}, light: { '--mantine-color-dimmed': '#5c636a' }, dark: {} });

/** The theme and the query cache; the landing page, which shows no notices, leaves `notices` off. */
export function Providers({ children, notices = true }: { children: ReactNode; notices?: boolean }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light" cssVariablesResolver={cssVariables}>
      <QueryClientProvider client={queryClient}>
        {notices && (
          <Suspense fallback={null}>
            <Notifications position="top-right" />
          </Suspense>
        )}
        {children}
      </QueryClientProvider>
    </MantineProvider>
  );
}
