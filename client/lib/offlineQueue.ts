import type { DBSchema, IDBPDatabase } from 'idb';
import { offlinePerson, onOfflinePerson } from './offlinePerson';

/**
 * The one offline queue (docs/decisions/offline-queue.md): changes a person made on this device, kept in IndexedDB
 * until the server has them, so they survive a reload, closing the app and a phone without a signal. Generic: it
 * knows requests, not what they are about (a count's scans, a technician's job changes). Each entry is sent with its
 * own Idempotency-Key, strictly in order, one at a time, and only under the session of the person who made it.
 */

export type QueueMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A part of a multipart body: a text field, or a file (a photo) kept as a Blob until it is sent. */
export type FormPart = { name: string; value: string } | { name: string; file: Blob; fileName: string };

export interface NewEntry {
  /** What the entry is, for the screens that show it ('count-scan', 'job-start', ...); the queue does not read it. */
  kind: string;
  method: QueueMethod;
  url: string;
  /** A JSON body; or `parts` for a multipart body with files. */
  body?: unknown;
  parts?: FormPart[];
  /** Whose change it is: sent only while this person is signed in here. */
  personId: number;
  /**
   * Entries of one chain depend on the ones before them (a job's start, then its completion): one refused holds
   * the rest of its chain until it is retried or discarded. Entries without a chain depend on nothing.
   */
  chain?: string;
  /** What the screens need to show the entry (the tag typed, the room); plain JSON, never sent. */
  meta?: Record<string, unknown>;
  /** The entry's id; by default a new UUID, also its Idempotency-Key unless one is given. */
  id?: string;
  idempotencyKey?: string;
}

export interface QueueEntry extends Omit<NewEntry, 'id' | 'idempotencyKey'> {
  id: string;
  idempotencyKey: string;
  /** The order of the line: entries leave by it. */
  seq?: number;
  createdAt: string;
  state: 'waiting' | 'refused';
  /** The server's refusal, kept for the person to read: its status, code and words. */
  refusal?: { status: number; code: string; message: string; at: string };
}

export type QueueEvent =
  { type: 'changed' } | { type: 'sent'; entry: QueueEntry; status: number; answer: unknown } | { type: 'refused'; entry: QueueEntry };

interface QueueDb extends DBSchema {
  entries: { key: number; value: QueueEntry; indexes: { id: string } };
}

export interface QueueOptions {
  dbName?: string;
  fetch?: typeof fetch;
  /** Whether the device says it is online (navigator.onLine); a send that fails on the network counts as offline too. */
  isOnline?: () => boolean;
  /** The wait before the nth retry after a network failure or a server error (n from 1). */
  backoff?: (attempt: number) => number;
  /** Listens for the device coming back online (the browser's `online` event); off in tests. */
  watchOnline?: boolean;
}

/** 2, 4, 8, 16 seconds, then every 30. */
export const defaultBackoff = (attempt: number) => Math.min(30_000, 1000 * 2 ** attempt);

/** Refusals that say nothing of the change itself: tried again later rather than refused (docs/decisions/idempotency.md). */
const TRY_AGAIN = new Set([408, 425, 429]);

const uuid = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : 'xxxxxxxx-xxxx-4xxx-8xxx-xxxxxxxxxxxx'.replace(/x/g, () => Math.floor(Math.random() * 16).toString(16));

export class OfflineQueue {
  private db: Promise<IDBPDatabase<QueueDb>> | null = null;
  private readonly listeners = new Set<(e: QueueEvent) => void>();
  private person: number | null = null;
  private draining = false;
  private again = false;
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** Why the line stands still: the server could not be reached, or the session is gone (sign in again). */
  private stalled: 'offline' | 'signed-out' | null = null;
  private readonly opts: Required<Omit<QueueOptions, 'fetch'>> & { fetch?: typeof fetch };

  constructor(opts: QueueOptions = {}) {
    this.opts = {
      dbName: opts.dbName ?? 'gso-offline-queue',
      fetch: opts.fetch,
      isOnline: opts.isOnline ?? (() => typeof navigator === 'undefined' || navigator.onLine !== false),
      backoff: opts.backoff ?? defaultBackoff,
      watchOnline: opts.watchOnline ?? typeof window !== 'undefined',
    };
    if (this.opts.watchOnline) window.addEventListener('online', () => this.sendNow());
  }

  /** The store, opened (and its code loaded) the first time the page needs it. */
  private database() {
    this.db ??= import('idb').then(({ openDB }) =>
      openDB<QueueDb>(this.opts.dbName, 1, {
        upgrade(db) {
          const store = db.createObjectStore('entries', { keyPath: 'seq', autoIncrement: true });
          store.createIndex('id', 'id', { unique: true });
        },
      }),
    );
    return this.db;
  }

  /** Whether the device holds a queue at all: a page of someone who never queued anything neither opens nor loads it. */
  private async present(): Promise<boolean> {
    if (this.db) return true;
    try {
      if (typeof indexedDB.databases !== 'function') return true;
      return (await indexedDB.databases()).some((d) => d.name === this.opts.dbName);
    } catch {
      return true;
    }
  }

  subscribe(listener: (e: QueueEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(e: QueueEvent) {
    for (const l of this.listeners) l(e);
  }

  /** Who is signed in on this device (null: nobody): only their entries are sent. Setting it starts the line. */
  setPerson(personId: number | null) {
    const changed = personId !== this.person;
    this.person = personId;
    if (changed) {
      this.stalled = null;
      this.emit({ type: 'changed' });
    }
    if (personId !== null) this.sendNow();
  }

  /** Why the line stands still, if it does. */
  get state(): 'offline' | 'signed-out' | null {
    return this.stalled;
  }

  /** Puts a change at the end of the line and starts sending. */
  async add(input: NewEntry): Promise<QueueEntry> {
    const id = input.id ?? uuid();
    const entry: QueueEntry = {
      kind: input.kind,
      method: input.method,
      url: input.url,
      body: input.body,
      parts: input.parts,
      personId: input.personId,
      chain: input.chain,
      meta: input.meta,
      id,
      idempotencyKey: input.idempotencyKey ?? id,
      createdAt: new Date().toISOString(),
      state: 'waiting',
    };
    if (entry.body === undefined) delete entry.body;
    if (!entry.parts) delete entry.parts;
    const db = await this.database();
    entry.seq = await db.add('entries', entry);
    this.emit({ type: 'changed' });
    void this.drain();
    return entry;
  }

  /** Every entry on this device, in the order of the line; only one person's with `personId`. */
  async entries(personId?: number): Promise<QueueEntry[]> {
    const all = await (await this.database()).getAll('entries');
    return personId === undefined ? all : all.filter((e) => e.personId === personId);
  }

  /** A refused entry taken out for good, once the person has read it. */
  async discard(id: string) {
    const db = await this.database();
    const key = await db.getKeyFromIndex('entries', 'id', id);
    if (key !== undefined) await db.delete('entries', key);
    this.emit({ type: 'changed' });
    void this.drain();
  }

  /** A refused entry back in its place in the line, with a new Idempotency-Key: a new attempt, not a replay of the refusal. */
  async retry(id: string) {
    const db = await this.database();
    const key = await db.getKeyFromIndex('entries', 'id', id);
    const entry = key === undefined ? undefined : await db.get('entries', key);
    if (!entry || entry.state !== 'refused') return;
    await db.put('entries', { ...entry, state: 'waiting', refusal: undefined, idempotencyKey: uuid() });
    this.emit({ type: 'changed' });
    this.sendNow();
  }

  /** Send now: the device is back online, the app started, or the person asked. */
  sendNow() {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.attempt = 0;
    void this.drain();
  }

  /** Resolves once nothing more can be sent now (the line is empty, refused, offline or waiting for a retry). */
  async idle(): Promise<void> {
    while (this.draining) await new Promise((r) => setTimeout(r, 5));
  }

  /** Stops the retries and closes the database (tests). */
  async close() {
    clearTimeout(this.timer);
    this.person = null;
    await this.idle();
    if (this.db) (await this.db).close();
    this.db = null;
  }

  /** The first entry of the person's that may leave: waiting, and not behind a refused entry of its chain. */
  private async next(personId: number): Promise<QueueEntry | undefined> {
    const held = new Set<string>();
    for (const e of await this.entries(personId)) {
      if (e.state === 'refused') {
        if (e.chain) held.add(e.chain);
        continue;
      }
      if (e.chain && held.has(e.chain)) continue;
      return e;
    }
    return undefined;
  }

  private async drain() {
    if (this.draining) {
      this.again = true;
      return;
    }
    this.draining = true;
    try {
      do {
        this.again = false;
        for (;;) {
          const person = this.person;
          if (person === null || this.timer !== undefined) return;
          if (!this.opts.isOnline()) {
            this.setStalled('offline');
            return;
          }
          const entry = (await this.present()) ? await this.next(person) : undefined;
          if (!entry) {
            this.setStalled(null);
            break;
          }
          const outcome = await this.send(entry);
          if (outcome === 'retry') {
            this.setStalled('offline');
            this.attempt++;
            this.timer = setTimeout(() => {
              this.timer = undefined;
              void this.drain();
            }, this.opts.backoff(this.attempt));
            return;
          }
          if (outcome === 'signed-out') {
            this.setStalled('signed-out');
            return;
          }
          this.attempt = 0;
          this.setStalled(null);
        }
      } while (this.again);
    } finally {
      this.draining = false;
    }
  }

  private setStalled(state: 'offline' | 'signed-out' | null) {
    if (this.stalled === state) return;
    this.stalled = state;
    this.emit({ type: 'changed' });
  }

  private async send(entry: QueueEntry): Promise<'done' | 'retry' | 'signed-out'> {
    const headers: Record<string, string> = { 'idempotency-key': entry.idempotencyKey };
    let body: BodyInit | undefined;
    if (entry.parts) {
      const form = new FormData();
      for (const p of entry.parts) {
        if ('file' in p) form.append(p.name, p.file, p.fileName);
        else form.append(p.name, p.value);
      }
      body = form;
    } else if (entry.body !== undefined) {
      body = JSON.stringify(entry.body);
      headers['content-type'] = 'application/json';
    }
    let res: Response;
    try {
      const send = this.opts.fetch ?? fetch;
      res = await send(entry.url, { method: entry.method, credentials: 'same-origin', headers, body });
    } catch {
      return 'retry'; // no answer: offline, or the request was cut off (a TypeError or an abort)
    }
    const answer: unknown = await res.json().catch(() => null);
    const db = await this.database();
    const key = await db.getKeyFromIndex('entries', 'id', entry.id);
    if (res.ok) {
      if (key !== undefined) await db.delete('entries', key);
      this.emit({ type: 'sent', entry, status: res.status, answer });
      this.emit({ type: 'changed' });
      return 'done';
    }
    if (res.status === 401) return 'signed-out';
    // The server's failure, a request it asks to be sent again, or the same change still being applied (409 with
    // Retry-After): the entry stays first in line.
    if (res.status >= 500 || TRY_AGAIN.has(res.status) || (res.status === 409 && res.headers.has('retry-after'))) return 'retry';
    const error = (answer as { error?: { code?: string; message?: string } } | null)?.error;
    const refused: QueueEntry = {
      ...entry,
      state: 'refused',
      refusal: {
        status: res.status,
        code: error?.code ?? 'error',
        message: error?.message ?? `The server refused this change (${res.status}).`,
        at: new Date().toISOString(),
      },
    };
    if (key !== undefined) await db.put('entries', refused);
    this.emit({ type: 'refused', entry: refused });
    this.emit({ type: 'changed' });
    return 'done';
  }
}

/**
 * The app's queue: one per page, over the device's one IndexedDB store. It follows who is signed in from the moment
 * its code loads with the portal, so what waits on the device is sent when the app starts.
 */
export const offlineQueue = new OfflineQueue();
if (typeof window !== 'undefined') {
  onOfflinePerson((personId) => offlineQueue.setPerson(personId));
  if (offlinePerson() !== null) offlineQueue.setPerson(offlinePerson());
}
