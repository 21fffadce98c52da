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
import { UpdatePrompt } from './app/UpdatePrompt';
import { keepLonger, KEPT_OWNER } from './lib/keptQueries';
import { meKey } from './lib/queryKeys';

// The app: every page but "/", which is its own entry (client/landing.tsx). As a transition, the first render
// yields to the browser every few milliseconds instead of running as one long task.
const render = () =>
  startTransition(() => {
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <Providers>
          <AppRouter />
          <UpdatePrompt />
        </Providers>
      </StrictMode>,
    );
  });

// The answers kept on this device for reading offline (docs/decisions/pwa.md), when someone's are kept: back in the
// cache before the first render when offline, or when who is signed in cannot be asked (a signal too weak for the
// browser to notice); otherwise after the load, for the moments the network fails.
keepLonger(queryClient);
const kept = () => import('./lib/keptAnswers');
let restoring: Promise<void> | null = null;
const restore = () =>
  (restoring ??= localStorage.getItem(KEPT_OWNER)
    ? kept()
        .then((k) => k.restoreKeptAnswers(queryClient))
        .catch(() => {})
    : Promise.resolve());
const offline = !navigator.onLine;
if (offline) void restore();
const signedIn = () =>
  queryClient.prefetchQuery(meQuery).then(() => (queryClient.getQueryState(meKey)?.status === 'error' ? restore() : undefined));

// A signed-in portal page arrives drawn (scripts/prerender-portals.tsx). The app's first render replaces it, so it
// waits until that render can be the frame and the screen: who is signed in, the site's status and the screen's
// code at hand, rather than a loader in between. Offline, who is signed in is the kept answer.
if (document.getElementById('root')!.hasChildNodes()) {
  const fetched = offline ? [restore()] : [signedIn(), queryClient.prefetchQuery(siteStatusQuery)];
  void Promise.all([...fetched, routerReady()]).then(render);
} else if (offline) void restore().then(render);
else render();
// After the page has loaded, so nothing of them stands before the first paint or the screen's first data: the
// service worker, and keeping the answers of who is signed in.
const afterLoad = () => {
  void import('./app/serviceWorker').then((w) => w.registerServiceWorker());
  void restore()
    .then(kept)
    .then((k) => k.keepAnswers(queryClient));
};
// Once the browser is idle after the load: the worker's first install downloads the whole app, which must not
// compete with the screen's own code and data on a slow connection.
const whenIdle = () => ('requestIdleCallback' in window ? requestIdleCallback(afterLoad, { timeout: 5000 }) : setTimeout(afterLoad, 1000));
if (document.readyState === 'complete') whenIdle();
else window.addEventListener('load', whenIdle, { once: true });
