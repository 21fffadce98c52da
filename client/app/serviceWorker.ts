/// <reference types="vite-plugin-pwa/vanillajs" />
/**
 * Registers the service worker (client/sw.ts; docs/decisions/pwa.md) once the page has loaded, so it takes nothing
 * from the first paint. A new version installs in the background and waits; the prompt offers it (appUpdate), and
 * Reload sends it the word to take over, after which the page reloads under it.
 */
import { registerSW } from 'virtual:pwa-register';
import { appUpdate } from '../lib/appUpdate';

export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const update = registerSW({
    immediate: true,
    onNeedRefresh: () => appUpdate.offer(() => update(true)),
  });
}
