import { useEffect, useMemo, useState, type ComponentType } from 'react';
import { pageNavigation, NavigationProvider, type Navigation } from '../lib/navigation';
import { useLeaveWhenDown } from '../features/site/useLeaveWhenDown';
import AdminLogin from '../portals/public/AdminLogin';
import PersonnelLogin from '../portals/public/PersonnelLogin';
import UserLogin from '../portals/public/UserLogin';
import { Providers } from './providers';

/** The sign-in pages, pre-rendered by scripts/prerender-landing.tsx and hydrated by client/signin.tsx. */
export const SIGN_IN_PAGES: Record<string, { Screen: ComponentType; title: string; gated: boolean }> = {
  '/login': { Screen: UserLogin, title: 'Login', gated: true },
  '/personnel-login': { Screen: PersonnelLogin, title: 'Personnel Login', gated: true },
  // Admins sign in during maintenance too (docs/decisions/maintenance-mode.md).
  '/admin-login': { Screen: AdminLogin, title: 'Admin Access', gated: false },
};

/** A sign-in page without the router: where most visits start, so its download is kept small. */
export function SignInRoot({ path }: { path: string }) {
  const page = SIGN_IN_PAGES[path];
  return (
    <Providers notices={false}>
      <SignInPage gated={page.gated}>
        <page.Screen />
      </SignInPage>
    </Providers>
  );
}

function SignInPage({ gated, children }: { gated: boolean; children: React.ReactNode }) {
  useLeaveWhenDown(gated);

  // A reload keeps what the app handed this page (the router's history state); read after hydration, since the
  // pre-rendered markup was made without it.
  const [state, setState] = useState<unknown>(null);
  useEffect(() => setState((window.history.state as { usr?: unknown } | null)?.usr ?? null), []);
  const navigation = useMemo<Navigation>(() => ({ ...pageNavigation, state }), [state]);
  return <NavigationProvider value={navigation}>{children}</NavigationProvider>;
}
