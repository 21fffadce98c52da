import './app/deferredStylesheets';
import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import '@mantine/core/styles.css';
import './app/global.css';
import { SignInRoot } from './app/SignInRoot';

// The sign-in pages arrive pre-rendered: take over their markup, as a transition (see landing.tsx).
startTransition(() => {
  hydrateRoot(
    document.getElementById('root')!,
    <StrictMode>
      <SignInRoot path={window.location.pathname} />
    </StrictMode>,
  );
});
