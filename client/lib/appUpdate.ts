/**
 * A new version of the app waiting to take over (docs/decisions/pwa.md): the service worker's registration offers
 * it, the prompt and the stale-code error show it, and applying it activates the new worker and reloads the page.
 */
type Apply = () => Promise<void>;

let waiting: Apply | null = null;
const listeners = new Set<() => void>();

export const appUpdate = {
  offer(apply: Apply) {
    waiting = apply;
    listeners.forEach((l) => l());
  },
  /** The new version's activation, or null when none waits. */
  waiting: (): Apply | null => waiting,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
};

/** Reload into the newest version: the waiting worker takes over first (it reloads the page), else a plain reload. */
export function reloadToLatest(): void {
  const apply = appUpdate.waiting();
  if (apply) void apply();
  else window.location.reload();
}
