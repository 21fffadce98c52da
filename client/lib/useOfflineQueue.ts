import { useEffect, useRef, useState } from 'react';
import { offlineQueue, type QueueEntry, type QueueEvent } from './offlineQueue';

export interface OfflineQueueView {
  /** The person's entries still to send, in order. */
  waiting: QueueEntry[];
  /** The person's entries the server refused, with its words, kept until read and discarded (or retried). */
  refused: QueueEntry[];
  /** Why nothing is leaving: no connection, or the session is gone (sign in again); null when the line moves. */
  stalled: 'offline' | 'signed-out' | null;
  /** Whether the entries have been read from the device yet. */
  loaded: boolean;
  sendNow: () => void;
  discard: (id: string) => Promise<void>;
  retry: (id: string) => Promise<void>;
}

/**
 * The offline queue as a screen shows it (docs/decisions/offline-queue.md): the signed-in person's waiting and
 * refused entries, optionally only those `which` picks (a count's scans), kept up to date as entries are added, sent
 * or refused.
 */
export function useOfflineQueue(personId: number | null, which?: (e: QueueEntry) => boolean): OfflineQueueView {
  const [entries, setEntries] = useState<QueueEntry[]>([]);
  const [loaded, setLoaded] = useState(false);
  const [stalled, setStalled] = useState(offlineQueue.state);
  const pick = useRef(which);
  pick.current = which;
  useEffect(() => {
    if (personId === null) return;
    let live = true;
    const read = () => {
      setStalled(offlineQueue.state);
      offlineQueue
        .entries(personId)
        .then((all) => {
          if (!live) return;
          setEntries(all);
          setLoaded(true);
        })
        .catch(() => live && setLoaded(true)); // IndexedDB refused (a private window): nothing is kept
    };
    read();
    const stop = offlineQueue.subscribe((e) => e.type === 'changed' && read());
    return () => {
      live = false;
      stop();
    };
  }, [personId]);
  const mine = pick.current ? entries.filter(pick.current) : entries;
  return {
    waiting: mine.filter((e) => e.state === 'waiting'),
    refused: mine.filter((e) => e.state === 'refused'),
    stalled,
    loaded,
    sendNow: () => offlineQueue.sendNow(),
    discard: (id) => offlineQueue.discard(id),
    retry: (id) => offlineQueue.retry(id),
  };
}

/** Calls `listener` with each entry sent or refused while the screen is open (the answer of a scan sent from the queue). */
export function useQueueEvents(listener: (e: Exclude<QueueEvent, { type: 'changed' }>) => void) {
  const current = useRef(listener);
  current.current = listener;
  useEffect(() => offlineQueue.subscribe((e) => e.type !== 'changed' && current.current(e)), []);
}
