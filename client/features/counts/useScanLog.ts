import { useEffect, useRef } from 'react';
import type { ScanAnswerDto } from '../../../core/inventory/countSchemas';
import { urlOf } from '../../lib/api';
import { offlineQueue, type QueueEntry } from '../../lib/offlineQueue';
import { useOfflineQueue, useQueueEvents } from '../../lib/useOfflineQueue';
import { useSessionState } from '../../lib/useSessionState';

/** The queue's kind for a count's scans: a tag, or an item's quantity in a room (docs/decisions/offline-queue.md). */
export const SCAN_KIND = 'count-scan';

/** What a queued scan keeps to be shown before and after it is sent. */
export interface ScanMeta {
  countId: number;
  roomId: number;
  roomCode: string;
  /** What was scanned, typed or pasted; or the item's name for a quantity. */
  text: string;
  quantity?: number;
}

/** One line of the running list: waiting on the phone, answered by the server (or sent while no screen showed it), or refused in its words. */
export interface ScanLine {
  id: string;
  text: string;
  roomCode: string;
  state: 'waiting' | 'answered' | 'sent' | 'refused';
  answer?: ScanAnswerDto;
  message?: string;
}

const KEPT_LINES = 100;
const isScan = (e: QueueEntry) => e.kind === SCAN_KIND;
const metaOf = (e: QueueEntry) => e.meta as unknown as ScanMeta;

/**
 * The counter's running list and the scans waiting on this phone. Every scan goes through the offline queue with
 * the UUID it was made with (the scans API answers a replay with the first result): online it leaves at once and
 * its answer shows; offline it waits, shown in the list and in "N scans waiting", and its answer shows when it is
 * sent. The list is kept for the tab's session, so a reload shows it again.
 */
export function useScanLog(countId: number, personId: number | null, onAnswer: () => void) {
  const [lines, setLines] = useSessionState<ScanLine[]>(`gso:count-log:${countId}`, []);
  const queue = useOfflineQueue(personId, isScan);

  // The list against the queue as read from the device: scans waiting there that the list does not show (made before
  // the tab's session was lost) are added; lines of an earlier visit still marked waiting that the queue no longer
  // holds were sent meanwhile, their answers seen by no screen.
  const made = useRef(new Set<string>());
  const held = [...queue.waiting, ...queue.refused].map((e) => e.id).join();
  useEffect(() => {
    if (!queue.loaded) return;
    const kept = new Set(held.split(','));
    setLines((old) => {
      const missing = queue.waiting.filter((e) => metaOf(e).countId === countId && !old.some((l) => l.id === e.id));
      const stale = old.some((l) => l.state === 'waiting' && !kept.has(l.id) && !made.current.has(l.id));
      if (!missing.length && !stale) return old;
      return [
        ...missing.map((e): ScanLine => ({ id: e.id, text: metaOf(e).text, roomCode: metaOf(e).roomCode, state: 'waiting' })),
        ...old.map((l) => (l.state === 'waiting' && !kept.has(l.id) && !made.current.has(l.id) ? { ...l, state: 'sent' as const } : l)),
      ];
    });
  }, [queue.loaded, held, countId]); // eslint-disable-line react-hooks/exhaustive-deps

  useQueueEvents((e) => {
    if (!isScan(e.entry) || metaOf(e.entry).countId !== countId) return;
    const meta = metaOf(e.entry);
    const line: ScanLine =
      e.type === 'sent'
        ? { id: e.entry.id, text: meta.text, roomCode: meta.roomCode, state: 'answered', answer: e.answer as ScanAnswerDto }
        : { id: e.entry.id, text: meta.text, roomCode: meta.roomCode, state: 'refused', message: e.entry.refusal?.message };
    setLines((old) => (old.some((l) => l.id === line.id) ? old.map((l) => (l.id === line.id ? line : l)) : [line, ...old]));
    if (e.type === 'sent') onAnswer();
  });

  const add = async (
    body: { roomId: number; tag: string } | { roomId: number; itemId: number; quantity: number },
    meta: Omit<ScanMeta, 'countId'>,
  ) => {
    if (personId === null) return;
    const id = crypto.randomUUID();
    made.current.add(id);
    setLines((old) => [{ id, text: meta.text, roomCode: meta.roomCode, state: 'waiting' as const }, ...old].slice(0, KEPT_LINES));
    await offlineQueue.add({
      kind: SCAN_KIND,
      method: 'POST',
      url: urlOf('/api/counts/:id/scans', { params: { id: countId } }),
      body: { id, ...body },
      personId,
      id,
      meta: { countId, ...meta } as unknown as Record<string, unknown>,
    });
  };

  return { lines, add, queue };
}
