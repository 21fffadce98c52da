import { ApiError, sendKeyed } from './api';
import { offlineQueue, type NewEntry, type OfflineQueue, type QueueEntry } from './offlineQueue';

/** What became of a change: sent and answered, or kept in the offline queue to be sent later. */
export type SendOutcome<T> = { kept: false; answer: T } | { kept: true; entry: QueueEntry };

const newKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : 'xxxxxxxx-xxxx-4xxx-8xxx-xxxxxxxxxxxx'.replace(/x/g, () => Math.floor(Math.random() * 16).toString(16));

function bodyOf(entry: NewEntry): unknown {
  if (!entry.parts) return entry.body ?? {};
  const form = new FormData();
  for (const p of entry.parts) {
    if ('file' in p) form.append(p.name, p.file, p.fileName);
    else form.append(p.name, p.value);
  }
  return form;
}

/**
 * A change sent now when it can be, else kept in the offline queue (docs/decisions/offline-work.md). Online it is
 * sent at once and fails as any call does (the server's refusal, in the screen's usual words). It is kept instead
 * when the device says it is offline, when its chain already has entries in the queue (a completion waits for its
 * start), and when the send gets no answer: then it is kept with the key it was sent with, so that if the server
 * did apply it, the resend is answered as the first time and not applied twice.
 */
export async function sendOrQueue<T>(
  change: Omit<NewEntry, 'id' | 'idempotencyKey'>,
  queue: OfflineQueue = offlineQueue,
): Promise<SendOutcome<T>> {
  const id = newKey();
  const keep = async (): Promise<SendOutcome<T>> => ({ kept: true, entry: await queue.add({ ...change, id }) });
  const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
  if (offline) return keep();
  // IndexedDB refused (a private window): nothing can be waiting, and the change is sent as it always was.
  const kept = change.chain ? await queue.entries(change.personId).catch(() => []) : [];
  if (kept.some((e) => e.chain === change.chain)) return keep();
  try {
    return { kept: false, answer: await sendKeyed<T>(change.method, change.url, bodyOf(change), id) };
  } catch (err) {
    if (err instanceof ApiError && err.isNetwork) return keep();
    throw err;
  }
}
