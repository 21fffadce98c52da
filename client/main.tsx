import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { Providers } from './app/providers';
import { AppRouter } from './app/router';

const app = (
  <StrictMode>
    <Providers>
      <AppRouter />
    </Providers>
  </StrictMode>
);
const root = document.getElementById('root')!;
// "/" arrives pre-rendered (scripts/prerender-landing.tsx): take over its markup instead of painting it again.
if (root.hasChildNodes() && window.location.pathname === '/') hydrateRoot(root, app);
else createRoot(root).render(app);
