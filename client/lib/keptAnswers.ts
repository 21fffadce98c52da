/**
 * The API's last answers kept on the device, for reading offline (docs/decisions/pwa.md): the queries a technician
 * and a borrower need away from a signal (lib/keptQueries.ts), saved into IndexedDB through TanStack Query's async
 * storage persister (one record) and put back in the cache, with the time each was fetched, when the app starts. (The
 * persist-client package's restore and subscribe pin an older query-core than the app's, which the bundle would then
 * carry twice; these few lines do the same with the query client's own methods.) They are one person's: kept only while the app knows who is signed in (KEPT_OWNER), restored only
 * for that person, forgotten at sign-in, at sign-out and when another person turns out to be signed in. Older than
 * a week, they are dropped.
 */
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import { openDB } from 'idb';
import { forgetKeptCaches } from './keptCaches';
import { isKept, KEPT_MAX_AGE as MAX_AGE, KEPT_OWNER } from './keptQueries';
import { meKey } from './queryKeys';

/** Raised when a kept answer's shape changes so that copies kept by an older version must not be shown. */
const BUSTER = 'kept-1';

const database = () =>
  openDB('campus-gso-kept', 1, {
    upgrade: (db) => void db.createObjectStore('answers'),
  });
const stored = createAsyncStoragePersister({
  storage: {
    getItem: async (key: string) => ((await (await database()).get('answers', key)) as string | undefined) ?? null,
    setItem: async (key: string, value: string) => void (await (await database()).put('answers', value, key)),
    removeItem: async (key: string) => void (await (await database()).delete('answers', key)),
  },
  key: 'answers',
  throttleTime: 0,
});

const owner = () => localStorage.getItem(KEPT_OWNER);
const signedIn = (qc: QueryClient) => (qc.getQueryData(meKey) as { id: number } | null | undefined) ?? null;

/** What is saved: the kept queries' answers and when each was fetched, when saved, under which version of their shapes. */
interface Kept {
  timestamp: number;
  buster: string;
  clientState: { queries: { queryKey: QueryKey; data: unknown; dataUpdatedAt: number }[] };
}

/** Saves the kept answers a moment after they change (once for a burst of answers), only while they are the owner's. */
let saving: ReturnType<typeof setTimeout> | null = null;
function save(qc: QueryClient) {
  saving ??= setTimeout(() => {
    saving = null;
    saveNow(qc);
  }, 500);
}

function saveNow(qc: QueryClient) {
  const me = signedIn(qc);
  if (!me || String(me.id) !== owner()) return;
  const queries = qc
    .getQueryCache()
    .getAll()
    .filter((q) => q.state.status === 'success' && isKept(q.queryKey))
    .map((q) => ({ queryKey: q.queryKey, data: q.state.data, dataUpdatedAt: q.state.dataUpdatedAt }));
  const kept: Kept = { timestamp: Date.now(), buster: BUSTER, clientState: { queries } };
  void Promise.resolve(stored.persistClient(kept as never)).catch(() => {});
}

/** Everything kept on this device goes: the answers, the worker's pages and photos, and whose they were. */
export async function forgetKeptAnswers(): Promise<void> {
  localStorage.removeItem(KEPT_OWNER);
  await Promise.all([stored.removeClient(), forgetKeptCaches()]).catch(() => {});
}

/**
 * Before the first render: the kept answers back in the cache, when they are the signed-in person's. Resolves at
 * once when nobody's are kept (a visitor, someone signed out).
 */
export async function restoreKeptAnswers(qc: QueryClient): Promise<void> {
  const person = owner();
  if (!person) return;
  const kept = (await Promise.resolve(stored.restoreClient()).catch(() => undefined)) as Kept | undefined;
  if (!kept) return;
  if (kept.buster !== BUSTER || Date.now() - kept.timestamp > MAX_AGE) return void (await stored.removeClient());
  // An answer already fetched afresh (online, meanwhile) is newer: it stays.
  for (const q of kept.clientState.queries)
    if ((qc.getQueryState(q.queryKey)?.dataUpdatedAt ?? 0) < q.dataUpdatedAt)
      qc.setQueryData(q.queryKey, q.data, { updatedAt: q.dataUpdatedAt });
  const me = signedIn(qc);
  if (me && String(me.id) !== person) forget(qc);
}

/** Someone else's answers, or nobody's: out of the cache and off the device. */
function forget(qc: QueryClient) {
  qc.removeQueries({ predicate: (q) => isKept(q.queryKey) && q.queryHash !== JSON.stringify(meKey) });
  void forgetKeptAnswers();
}

/** Who is signed in now: their answers are kept from here on, and another person's are forgotten. */
function follow(qc: QueryClient, me: { id: number } | null) {
  if (!me) return void (owner() && forget(qc));
  if (owner() === String(me.id)) return;
  if (owner()) forget(qc);
  localStorage.setItem(KEPT_OWNER, String(me.id));
}

/** From the page's load on: keeps the kept queries saved, and follows who is signed in. */
export function keepAnswers(qc: QueryClient): () => void {
  if (qc.getQueryState(meKey)?.status === 'success') follow(qc, signedIn(qc));
  save(qc);
  return qc.getQueryCache().subscribe((event) => {
    const answered = event.type === 'updated' && event.action.type === 'success';
    if (answered && event.query.queryHash === JSON.stringify(meKey)) follow(qc, signedIn(qc));
    if ((answered || event.type === 'removed') && isKept(event.query.queryKey)) save(qc);
  });
}
