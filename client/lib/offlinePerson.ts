/**
 * Who is signed in, for the offline queue (docs/decisions/offline-queue.md): the portal's guard says it on every page,
 * and the queue, whose code comes with the portals that queue changes, sends that person's changes and nobody else's.
 * Kept apart from the queue so that saying it costs a page nothing.
 */
let person: number | null = null;
const listeners = new Set<(personId: number | null) => void>();

export function setOfflinePerson(personId: number | null) {
  if (personId === person) return;
  person = personId;
  for (const l of listeners) l(personId);
}

export const offlinePerson = () => person;

export function onOfflinePerson(listener: (personId: number | null) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
