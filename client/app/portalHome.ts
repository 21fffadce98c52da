import { useMatches } from 'react-router';

/** What a portal's route carries in its `handle`: where its home is (the way back from a missing page or an error). */
export interface PortalHandle {
  portalHome: string;
}

const isPortalHandle = (h: unknown): h is PortalHandle => typeof (h as PortalHandle | undefined)?.portalHome === 'string';

/** The home of the portal the current route belongs to, or null outside the portals. */
export function usePortalHome(): string | null {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i].handle;
    if (isPortalHandle(handle)) return handle.portalHome;
  }
  return null;
}
