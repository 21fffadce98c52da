import { createContext, useContext, useEffect, useRef, useState, useSyncExternalStore } from 'react';

/**
 * Drafts: what a person typed and chose in a form, kept on this device until it is sent or discarded on
 * purpose, so that a stray tap, a reload or an expired session loses nothing (docs/decisions/drafts.md).
 * Each draft belongs to the signed-in account and names its thing ('repair:42:completed', 'request:7:reject').
 * The texts live in localStorage (which also says whether a draft holds a file); a chosen file lives in
 * IndexedDB, which keeps a File whole. Signing out clears both (lib/storage.ts).
 */

/** Whose drafts are read and written: the signed-in account, provided by the portal guard. */
export const DraftOwner = createContext<number | null>(null);

const PREFIX = 'gso:draft:';
const storageKey = (owner: number, key: string) => `${PREFIX}${owner}:${key}`;

interface FileNote {
  name: string;
  size: number;
  type: string;
}
interface Entry<T> {
  value: T;
  /** The file chosen with it, kept in IndexedDB under the same key; null when none. */
  file: FileNote | null;
  savedAt: string;
}

// ---- the texts (localStorage) ----

const listeners = new Set<() => void>();
const changed = () => listeners.forEach((l) => l());

function subscribe(listener: () => void) {
  listeners.add(listener);
  window.addEventListener('storage', listener); // another tab of the same browser
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

function readEntry<T>(key: string): Entry<T> | null {
  try {
    const raw = localStorage.getItem(key);
    return raw === null ? null : (JSON.parse(raw) as Entry<T>);
  } catch {
    return null;
  }
}

function writeEntry<T>(key: string, entry: Entry<T> | null) {
  try {
    if (entry) localStorage.setItem(key, JSON.stringify(entry));
    else localStorage.removeItem(key);
  } catch {
    // Storage full or refused: the form still works for this visit.
  }
  changed();
}

/** How many drafts an account has on this device (asked before signing out). */
export function draftCount(owner: number): number {
  let n = 0;
  for (let i = 0; i < localStorage.length; i++) if (localStorage.key(i)?.startsWith(`${PREFIX}${owner}:`)) n++;
  return n;
}

/** Whether the signed-in account has a draft for any of these things (a card's "Draft" mark). */
export function useHasDraft(keys: string[]): boolean {
  const owner = useContext(DraftOwner);
  return useSyncExternalStore(subscribe, () => owner !== null && keys.some((k) => localStorage.getItem(storageKey(owner, k)) !== null));
}

// ---- the files (IndexedDB) ----

const DB_NAME = 'gso-drafts';
const FILES = 'files';
let opened: Promise<IDBDatabase> | null = null;

function database(): Promise<IDBDatabase> {
  opened ??= new Promise((resolve, reject) => {
    const req = indexedDB.open(DB_NAME, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(FILES);
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
  return opened;
}

/** One request on the files store; undefined when IndexedDB is missing or refuses (the draft then keeps its text only). */
async function onFiles<R>(mode: IDBTransactionMode, run: (store: IDBObjectStore) => IDBRequest<R>): Promise<R | undefined> {
  try {
    const db = await database();
    return await new Promise<R>((resolve, reject) => {
      const tx = db.transaction(FILES, mode);
      const req = run(tx.objectStore(FILES));
      tx.oncomplete = () => resolve(req.result);
      tx.onerror = tx.onabort = () => reject(tx.error);
    });
  } catch {
    return undefined;
  }
}

const loadFile = (key: string) => onFiles('readonly', (s) => s.get(key) as IDBRequest<File | undefined>);
const saveFile = (key: string, file: File) => onFiles('readwrite', (s) => s.put(file, key));
const dropFile = (key: string) => onFiles('readwrite', (s) => s.delete(key));
/** Every kept file of every account on this device (signing out). */
export const clearDraftFiles = () => onFiles('readwrite', (s) => s.clear());

// ---- the hook ----

export interface Draft<T> {
  value: T;
  setValue: (next: T | ((old: T) => T)) => void;
  /** The chosen file; a kept one comes back from IndexedDB a moment after opening. */
  file: File | null;
  setFile: (file: File | null) => void;
  /** Something typed or chosen differs from what the form started with. */
  dirty: boolean;
  /** When the draft found on opening was saved (ISO), or null when the form started afresh. */
  restoredAt: string | null;
  /** Forgets the draft (sent, or discarded on purpose) and starts again from `initial`. */
  clear: () => void;
}

/**
 * A form's values (and one chosen file) kept as a draft of the signed-in account under `key`, saved at each
 * change. `initial` is what the form shows without a draft (fixed when the form opens); a value equal to it
 * with no file is no draft. Without a signed-in account, or with no key (a form that keeps no draft), it is
 * plain state.
 */
export function useDraft<T>(key: string | null, initial: T): Draft<T> {
  const owner = useContext(DraftOwner);
  const at = owner === null || key === null ? null : storageKey(owner, key);
  const [start] = useState(() => JSON.stringify(initial));
  const [found] = useState(() => (at ? readEntry<T>(at) : null));
  const [value, setValueState] = useState<T>(() => (found ? found.value : initial));
  const [file, setFileState] = useState<File | null>(null);
  const [restoredAt, setRestoredAt] = useState(found?.savedAt ?? null);
  // What is saved, read by the setters at once (a state update would be seen only at the next render).
  const kept = useRef<{ value: T; file: FileNote | null }>({ value, file: found?.file ?? null });

  const save = () => {
    if (!at) return;
    const { value: v, file: f } = kept.current;
    writeEntry(at, JSON.stringify(v) === start && !f ? null : { value: v, file: f, savedAt: new Date().toISOString() });
  };

  useEffect(() => {
    if (!at || !found?.file) return;
    let live = true;
    void loadFile(at).then((f) => {
      // Applied only while the draft still says it holds a file and none was chosen meanwhile.
      if (!live || !kept.current.file) return;
      if (f) setFileState((cur) => cur ?? f);
      else {
        kept.current.file = null; // the file is gone (storage cleared): the draft no longer claims it
        save();
      }
    });
    return () => {
      live = false;
    };
  }, [at]); // eslint-disable-line react-hooks/exhaustive-deps -- loaded once per draft

  return {
    value,
    file,
    restoredAt,
    dirty: JSON.stringify(value) !== start || file !== null,
    setValue: (next) => {
      const v = typeof next === 'function' ? (next as (old: T) => T)(kept.current.value) : next;
      kept.current.value = v;
      setValueState(v);
      save();
    },
    setFile: (f) => {
      kept.current.file = f ? { name: f.name, size: f.size, type: f.type } : null;
      setFileState(f);
      save();
      if (at) void (f ? saveFile(at, f) : dropFile(at));
    },
    clear: () => {
      const fresh = JSON.parse(start) as T;
      kept.current = { value: fresh, file: null };
      setValueState(fresh);
      setFileState(null);
      setRestoredAt(null);
      if (at) {
        writeEntry(at, null);
        void dropFile(at);
      }
    },
  };
}
