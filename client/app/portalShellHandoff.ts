import { useLayoutEffect } from 'react';

/**
 * The portal shell the server drew into the page (server/lib/portalShell.ts) stands in for the app until its frame
 * renders. It goes in the same commit as the frame (a layout effect), so the page never shows both.
 */
export function dropPortalShell() {
  const shell = document.getElementById('gso-shell');
  if (!shell) return;
  // The app's stylesheets come after the shell in the page: should one still be on its way, the shell stays until it is in.
  const pending = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].filter((link) => !link.sheet);
  let left = pending.length;
  if (!left) return shell.remove();
  const arrived = () => {
    if (--left === 0) shell.remove();
  };
  for (const link of pending) {
    link.addEventListener('load', arrived, { once: true });
    link.addEventListener('error', arrived, { once: true });
  }
}

/** Drops the shell once the component has rendered (the portal's frame, an error page). */
export function usePortalShellGone() {
  useLayoutEffect(dropPortalShell, []);
}
