import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { FILE_KIND_EXTENSION, FILE_KIND_MIME, sniffFileKind, type FileKind } from '../../core/files';

/**
 * Where uploaded and generated files live: a folder on this machine (the default) or an S3-compatible object
 * store shared by every app machine (docs/decisions/file-storage.md). Both keep the same names (`proofs/<uuid>.jpg`),
 * which the database stores, so a folder can be copied into a bucket as it is. Files only ever leave through the
 * app's own routes, with their type read from their content.
 */
export interface FileStore {
  /** Stores a checked file under a new random name in `folder`; answers the name to keep in the database. */
  save(folder: string, file: { buffer: Buffer; kind: FileKind }): Promise<string>;
  read(name: string): Promise<StoredFile | null>;
  remove(name: string | null): Promise<void>;
  /** Every stored name, for backups. */
  list(): AsyncIterable<string>;
  /** Writes a file under a name it had before (restoring a backup). */
  put(name: string, buffer: Buffer): Promise<void>;
  /** Whether there is room for more uploads (a folder's disk; an object store always has room). */
  hasRoom(minBytes: number): Promise<boolean>;
  /** Answers while the store can be reached (GET /api/ready). */
  check(): Promise<void>;
}

export interface StoredFile {
  buffer: Buffer;
  kind: FileKind | null;
  mime: string;
}

/** A new random name for a file of `kind` in `folder`. */
export const newFileName = (folder: string, kind: FileKind) => `${folder}/${crypto.randomUUID()}.${FILE_KIND_EXTENSION[kind]}`;

/**
 * A stored name as the database keeps it: folders and a file name of letters, digits, dots, dashes and
 * underscores, never "." or ".." (so no name can reach outside the store). Anything else answers null.
 */
export function safeFileName(name: string): string | null {
  const parts = name.split('/');
  if (parts.length < 2 || parts.some((p) => !/^[A-Za-z0-9._-]+$/.test(p) || p === '.' || p === '..')) return null;
  return parts.join('/');
}

export const storedFile = (buffer: Buffer): StoredFile => {
  const kind = sniffFileKind(buffer);
  return { buffer, kind, mime: kind ? FILE_KIND_MIME[kind] : 'application/octet-stream' };
};

/** Whether the disk holding `dir` has at least `minBytes` free (a missing dir is checked at its parent). */
async function hasFreeSpace(dir: string, minBytes: number): Promise<boolean> {
  if (minBytes <= 0) return true;
  let at = dir;
  while (!(await fs.stat(at).catch(() => null)) && path.dirname(at) !== at) at = path.dirname(at);
  const s = await fs.statfs(at);
  return s.bavail * s.bsize >= minBytes;
}

/** Files in a folder on this machine, outside the web root. */
export function createLocalFileStore(root: string): FileStore {
  const full = (name: string) => {
    const safe = safeFileName(name);
    return safe ? path.join(root, safe) : null;
  };
  const write = async (name: string, buffer: Buffer) => {
    const target = full(name);
    if (!target) throw new Error(`Not a stored file name: ${name}`);
    await fs.mkdir(path.dirname(target), { recursive: true });
    // Written under a temporary name and renamed: a crash mid-write never leaves a half file under a name the
    // database could point at.
    await fs.writeFile(`${target}.part`, buffer, { flush: true });
    await fs.rename(`${target}.part`, target);
  };
  return {
    async save(folder, file) {
      const name = newFileName(folder, file.kind);
      await write(name, file.buffer);
      return name;
    },
    async read(name) {
      const target = full(name);
      const buffer = target ? await fs.readFile(target).catch(() => null) : null;
      return buffer ? storedFile(buffer) : null;
    },
    async remove(name) {
      const target = name ? full(name) : null;
      if (target) await fs.rm(target, { force: true });
    },
    async *list() {
      const entries = await fs.readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
      for (const e of entries) {
        if (!e.isFile() || e.name.endsWith('.part')) continue;
        const name = path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/');
        if (safeFileName(name)) yield name;
      }
    },
    put: write,
    hasRoom: (minBytes) => hasFreeSpace(root, minBytes),
    async check() {
      await fs.mkdir(root, { recursive: true });
    },
  };
}
