import { useEffect, useState } from 'react';
import type { CountDto } from '../../../core/inventory/countSchemas';

/**
 * What the counter screen last read of a count and a room, kept on the phone (localStorage), so that a reload
 * without a connection still names the count and the room being counted and keeps taking scans into the offline
 * queue (docs/decisions/offline-queue.md). Signing out clears it with the rest of the device's storage.
 */
export type KeptCount = Pick<CountDto, 'id' | 'reference' | 'name' | 'status' | 'wholeCampus' | 'buildings' | 'items'>;
export type KeptRoom = { id: number; code: string; name: string; buildingName: string };

const key = (what: string) => `gso:counting:${what}`;

function read<T>(k: string): T | null {
  try {
    const raw = localStorage.getItem(k);
    return raw === null ? null : (JSON.parse(raw) as T);
  } catch {
    return null;
  }
}

function write(k: string, value: unknown) {
  try {
    localStorage.setItem(k, JSON.stringify(value));
  } catch {
    // Storage full or refused: the screen still works while connected.
  }
}

/** The answer when there is one (and it is kept), else what was kept of it. */
export function useKept<T>(what: string | null, answer: T | undefined): T | null {
  const [kept] = useState(() => (what ? read<T>(key(what)) : null));
  useEffect(() => {
    if (what && answer !== undefined) write(key(what), answer);
  }, [what, answer]);
  if (answer !== undefined) return answer;
  return what ? (read<T>(key(what)) ?? kept) : null;
}

export const keptCountOf = (c: CountDto): KeptCount => ({
  id: c.id,
  reference: c.reference,
  name: c.name,
  status: c.status,
  wholeCampus: c.wholeCampus,
  buildings: c.buildings,
  items: c.items,
});
