import { Landing } from '../portals/public/Landing';
import { Providers } from './providers';

/** What "/" renders: pre-rendered by scripts/prerender-landing.tsx and hydrated by client/landing.tsx. */
export function LandingRoot() {
  return (
    <Providers notices={false}>
      <Landing />
    </Providers>
  );
}
