import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { Providers } from './app/providers';
import { AppRouter } from './app/router';

// The app: every page but "/", which is its own entry (client/landing.tsx). As a transition, the first render
// yields to the browser every few milliseconds instead of running as one long task.
const start = () =>
  startTransition(() => {
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <Providers>
          <AppRouter />
        </Providers>
      </StrictMode>,
    );
  });

// A page that came with the portal shell (server/lib/portalShell.ts) shows it first: the app starts once the browser
// has painted a frame (or after 100 ms, in a tab in the background, which paints none).
if (document.getElementById('gso-shell')) {
  let started = false;
  const once = () => {
    if (!started) start();
    started = true;
  };
  requestAnimationFrame(() => setTimeout(once, 0));
  setTimeout(once, 100);
} else start();
