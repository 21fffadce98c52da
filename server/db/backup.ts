import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import * as tar from 'tar';

/**
 * Backup and restore of a SQLite installation: the database and the uploads folder in one .tar.gz.
 * The database is copied with VACUUM INTO, which reads one consistent snapshot while the server goes on
 * writing (WAL readers never block writers). Uploads are copied after the snapshot, so every file a row of
 * the snapshot points at is already on disk (files are written before the rows that name them).
 * PostgreSQL installations use pg_dump and pg_restore instead (README, Backups).
 */
export interface BackupPaths {
  sqlitePath: string;
  uploadDir: string;
}

const DB_ENTRY = 'gso.sqlite';
const UPLOADS_ENTRY = 'uploads';
const MANIFEST_ENTRY = 'backup.json';

export class BackupError extends Error {}

export async function createBackup(paths: BackupPaths, archive: string): Promise<{ archive: string; files: number; bytes: number }> {
  if (!fs.existsSync(paths.sqlitePath)) throw new BackupError(`There is no database at ${paths.sqlitePath} to back up.`);
  const stage = fs.mkdtempSync(path.join(os.tmpdir(), 'gso-backup-'));
  try {
    const source = new SQLite(paths.sqlitePath, { readonly: true, fileMustExist: true });
    try {
      source.pragma('busy_timeout = 10000');
      source.prepare('vacuum into ?').run(path.join(stage, DB_ENTRY));
    } finally {
      source.close();
    }
    const uploads = path.join(stage, UPLOADS_ENTRY);
    fs.mkdirSync(uploads);
    if (fs.existsSync(paths.uploadDir)) {
      // A file still being written carries .part; it belongs to no row of the snapshot.
      fs.cpSync(paths.uploadDir, uploads, { recursive: true, filter: (src) => !src.endsWith('.part') });
    }
    const files = countFiles(uploads);
    fs.writeFileSync(
      path.join(stage, MANIFEST_ENTRY),
      JSON.stringify({ product: 'campus-gso', createdAt: new Date().toISOString(), files }, null, 2),
    );
    const target = path.resolve(archive);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    const partial = `${target}.part`;
    await tar.create({ gzip: true, file: partial, cwd: stage, portable: true }, [MANIFEST_ENTRY, DB_ENTRY, UPLOADS_ENTRY]);
    fs.renameSync(partial, target);
    return { archive: target, files, bytes: fs.statSync(target).size };
  } finally {
    fs.rmSync(stage, { recursive: true, force: true });
  }
}

/** Brings a backup back. Refuses to replace an existing database or non-empty uploads folder unless `force`. */
export async function restoreBackup(archive: string, paths: BackupPaths, opts: { force?: boolean } = {}): Promise<{ files: number }> {
  if (!fs.existsSync(archive)) throw new BackupError(`There is no backup file at ${archive}.`);
  const occupied = fs.existsSync(paths.sqlitePath) || (fs.existsSync(paths.uploadDir) && fs.readdirSync(paths.uploadDir).length > 0);
  if (occupied && !opts.force)
    throw new BackupError(
      `The data folder is not empty (${paths.sqlitePath} or ${paths.uploadDir}). Stop the server, then restore with --force to replace it.`,
    );
  const stage = fs.mkdtempSync(path.join(os.tmpdir(), 'gso-restore-'));
  try {
    await tar.extract({ file: archive, cwd: stage, strict: true });
    const manifestFile = path.join(stage, MANIFEST_ENTRY);
    const dbFile = path.join(stage, DB_ENTRY);
    if (!fs.existsSync(manifestFile) || !fs.existsSync(dbFile)) throw new BackupError(`${archive} is not a Campus GSO backup.`);
    const check = new SQLite(dbFile, { readonly: true });
    try {
      const result = check.pragma('integrity_check', { simple: true });
      if (result !== 'ok') throw new BackupError(`The database in ${archive} is damaged (${String(result)}).`);
    } finally {
      check.close();
    }
    fs.mkdirSync(path.dirname(paths.sqlitePath), { recursive: true });
    for (const suffix of ['', '-wal', '-shm']) fs.rmSync(paths.sqlitePath + suffix, { force: true });
    fs.copyFileSync(dbFile, paths.sqlitePath);
    fs.rmSync(paths.uploadDir, { recursive: true, force: true });
    fs.mkdirSync(path.dirname(paths.uploadDir), { recursive: true });
    fs.cpSync(path.join(stage, UPLOADS_ENTRY), paths.uploadDir, { recursive: true });
    return { files: countFiles(paths.uploadDir) };
  } finally {
    fs.rmSync(stage, { recursive: true, force: true });
  }
}

function countFiles(dir: string): number {
  if (!fs.existsSync(dir)) return 0;
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;
}
