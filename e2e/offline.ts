// For the journeys that go truly offline (docs/decisions/pwa.md): they allow the service worker
// (`test.use({ serviceWorkers: 'allow' })` or the context's option; playwright.config.ts blocks it), wait until it
// controls the page and the answers they will read offline are kept, then `context.setOffline(true)` and reload.
import { expect, type Page } from '@playwright/test';

/**
 * Until the service worker controls the page: it registers once the page is idle after loading, installs the app's
 * code (the first time, the whole app) and takes the open pages at once.
 */
export async function untilWorkerControls(page: Page) {
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller), { timeout: 30_000 }).toBe(true);
}

/** The answers this browser kept for reading offline (client/lib/keptAnswers.ts), as saved; empty before any. */
export const keptAnswers = (page: Page) =>
  page.evaluate(async () => {
    if (!(await indexedDB.databases()).some((d) => d.name === 'campus-gso-kept')) return '';
    return new Promise<string>((resolve) => {
      const open = indexedDB.open('campus-gso-kept');
      open.onsuccess = () => {
        const read = open.result.transaction('answers').objectStore('answers').get('answers');
        read.onsuccess = () => resolve(String(read.result ?? ''));
        read.onerror = () => resolve('');
      };
      open.onerror = () => resolve('');
    });
  });
