import './app/deferredStylesheets';
import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import '@mantine/core/styles.css';
import './app/global.css';
import { LandingRoot } from './app/LandingRoot';

// "/" arrives pre-rendered: take over its markup. As a transition, hydration yields to the browser every few
// milliseconds instead of running as one long task.
startTransition(() => {
  hydrateRoot(
    document.getElementById('root')!,
    <StrictMode>
      <LandingRoot />
    </StrictMode>,
  );
});
