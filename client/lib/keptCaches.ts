/**
 * The service worker's caches of what this device keeps for reading offline (docs/decisions/pwa.md): the pages and
 * the photos (client/sw.ts). Signing out forgets them, with the kept answers (lib/keptAnswers.ts).
 */
export const KEPT_CACHES = { pages: 'gso-pages', photos: 'gso-photos' } as const;

/** Forgets the worker's kept pages and photos (the precached code stays: it is no one's). */
export async function forgetKeptCaches(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await Promise.all(Object.values(KEPT_CACHES).map((name) => caches.delete(name).catch(() => false)));
}

/**
 * The photos of what the person will need offline (their jobs' problem and proof photos), fetched through the worker
 * while online so that it keeps them; those it keeps already are not fetched again.
 */
export function keepPhotos(urls: readonly (string | null | undefined)[]): void {
  if (typeof caches === 'undefined' || !navigator.serviceWorker?.controller || !navigator.onLine) return;
  void caches.open(KEPT_CACHES.photos).then(async (kept) => {
    for (const url of new Set(urls.filter((u): u is string => !!u))) {
      if (await kept.match(url)) continue;
      await fetch(url, { credentials: 'same-origin' })
        .then((res) => res.body?.cancel())
        .catch(() => {});
    }
  });
}
