import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import * as tar from 'tar';
import type { FileStore } from '../lib/fileStore';

/**
 * Backup and restore: the database (on SQLite) and every stored file (from the upload folder or the object
 * store) in one .tar.gz. The database is copied with VACUUM INTO, which reads one consistent snapshot while the
 * server goes on writing (WAL readers never block writers). Files are copied after the snapshot, so every file a
 * row of the snapshot names is already stored (files are written before the rows that name them). On PostgreSQL
 * the archive holds the files only; the database is backed up with pg_dump (docs/operations.md, Backups).
 */
export interface BackupTarget {
  /** The SQLite database; null on PostgreSQL. */
  sqlitePath: string | null;
  files: FileStore;
}

const DB_ENTRY = 'gso.sqlite';
const UPLOADS_ENTRY = 'uploads';
const MANIFEST_ENTRY = 'backup.json';

export class BackupError extends Error {}

export async function createBackup(target: BackupTarget, archive: string): Promise<{ archive: string; files: number; bytes: number }> {
  if (target.sqlitePath && !fs.existsSync(target.sqlitePath))
    throw new BackupError(`There is no database at ${target.sqlitePath} to back up.`);
  const stage = fs.mkdtempSync(path.join(os.tmpdir(), 'gso-backup-'));
  try {
    if (target.sqlitePath) {
      const source = new SQLite(target.sqlitePath, { readonly: true, fileMustExist: true });
      try {
        source.pragma('busy_timeout = 10000');
        source.prepare('vacuum into ?').run(path.join(stage, DB_ENTRY));
      } finally {
        source.close();
      }
    }
    const uploads = path.join(stage, UPLOADS_ENTRY);
    fs.mkdirSync(uploads);
    let files = 0;
    for await (const name of target.files.list()) {
      const file = await target.files.read(name);
      if (!file) continue; // removed since it was listed: no row of the snapshot names it any more
      fs.mkdirSync(path.dirname(path.join(uploads, name)), { recursive: true });
      fs.writeFileSync(path.join(uploads, name), file.buffer);
      files++;
    }
    const database = target.sqlitePath ? 'sqlite' : 'postgresql (back it up with pg_dump)';
    fs.writeFileSync(
      path.join(stage, MANIFEST_ENTRY),
      JSON.stringify({ product: 'campus-gso', createdAt: new Date().toISOString(), database, files }, null, 2),
    );
    const out = path.resolve(archive);
    fs.mkdirSync(path.dirname(out), { recursive: true });
    const partial = `${out}.part`;
    const entries = [MANIFEST_ENTRY, ...(target.sqlitePath ? [DB_ENTRY] : []), UPLOADS_ENTRY];
    await tar.create({ gzip: true, file: partial, cwd: stage, portable: true }, entries);
    fs.renameSync(partial, out);
    return { archive: out, files, bytes: fs.statSync(out).size };
  } finally {
    fs.rmSync(stage, { recursive: true, force: true });
  }
}

async function isEmpty(files: FileStore): Promise<boolean> {
  for await (const _name of files.list()) return false;
  return true;
}

/**
 * Brings a backup back: the database (SQLite) and the files, into the configured store, which then holds exactly
 * the backup's files. Refuses to replace an existing database or a store holding files unless `force`.
 */
export async function restoreBackup(archive: string, target: BackupTarget, opts: { force?: boolean } = {}): Promise<{ files: number }> {
  if (!fs.existsSync(archive)) throw new BackupError(`There is no backup file at ${archive}.`);
  const occupied = (target.sqlitePath !== null && fs.existsSync(target.sqlitePath)) || !(await isEmpty(target.files));
  if (occupied && !opts.force)
    throw new BackupError('The database or the file store is not empty. Stop the server, then restore with --force to replace them.');
  const stage = fs.mkdtempSync(path.join(os.tmpdir(), 'gso-restore-'));
  try {
    await tar.extract({ file: archive, cwd: stage, strict: true });
    const manifestFile = path.join(stage, MANIFEST_ENTRY);
    const dbFile = path.join(stage, DB_ENTRY);
    if (!fs.existsSync(manifestFile)) throw new BackupError(`${archive} is not a Campus GSO backup.`);
    const hasDb = fs.existsSync(dbFile);
    if (target.sqlitePath && !hasDb) throw new BackupError(`${archive} holds no database: it was taken of a PostgreSQL installation.`);
    if (!target.sqlitePath && hasDb) throw new BackupError(`${archive} was taken of a SQLite installation; this one runs on PostgreSQL.`);
    if (target.sqlitePath) {
      const check = new SQLite(dbFile, { readonly: true });
      try {
        const result = check.pragma('integrity_check', { simple: true });
        if (result !== 'ok') throw new BackupError(`The database in ${archive} is damaged (${String(result)}).`);
      } finally {
        check.close();
      }
      fs.mkdirSync(path.dirname(target.sqlitePath), { recursive: true });
      for (const suffix of ['', '-wal', '-shm']) fs.rmSync(target.sqlitePath + suffix, { force: true });
      fs.copyFileSync(dbFile, target.sqlitePath);
    }
    const uploads = path.join(stage, UPLOADS_ENTRY);
    const names = fs.existsSync(uploads)
      ? fs
          .readdirSync(uploads, { recursive: true, withFileTypes: true })
          .filter((e) => e.isFile())
          .map((e) => path.relative(uploads, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
      : [];
    const keep = new Set(names);
    const stale: string[] = [];
    for await (const name of target.files.list()) if (!keep.has(name)) stale.push(name);
    for (const name of stale) await target.files.remove(name);
    for (const name of names) await target.files.put(name, fs.readFileSync(path.join(uploads, name)));
    return { files: names.length };
  } finally {
    fs.rmSync(stage, { recursive: true, force: true });
  }
}
