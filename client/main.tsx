import './app/deferredStylesheets';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { meQuery } from './features/auth/api';
import { siteStatusQuery } from './features/site/api';
import { Providers, queryClient } from './app/providers';
import { AppRouter, routerReady } from './app/router';

// The app: every page but "/", which is its own entry (client/landing.tsx). As a transition, the first render
// yields to the browser every few milliseconds instead of running as one long task.
const render = () =>
  startTransition(() => {
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <Providers>
          <AppRouter />
        </Providers>
      </StrictMode>,
    );
  });

// A signed-in portal page arrives drawn (scripts/prerender-portals.tsx). The app's first render replaces it, so it
// waits until that render can be the frame and the screen: who is signed in, the site's status and the screen's
// code at hand, rather than a loader in between.
if (document.getElementById('root')!.hasChildNodes()) {
  void Promise.all([queryClient.prefetchQuery(meQuery), queryClient.prefetchQuery(siteStatusQuery), routerReady()]).then(render);
} else render();
