import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { BackupError, createBackup, restoreBackup } from '../../server/db/backup';
import { createLocalFileStore } from '../../server/lib/fileStore';
import { openFileStore } from '../../server/lib/openFileStore';
import { startS3 } from '../s3Server';
import { FILES, makeApp, multipart, registrationFields, type TestApp } from '../helpers';

// Backups are of SQLite installations (PostgreSQL ones use pg_dump), so this app is on SQLite whatever the run.
const run = promisify(execFile);
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'gso-backup-test-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

let n = 0;
const register = (app: TestApp) => {
  const i = ++n;
  const email = `writer${i}@campus.test`;
  return app
    .inject({
      method: 'POST',
      url: '/api/auth/register',
      remoteAddress: `10.9.${Math.floor(i / 200)}.${i % 200}`,
      ...multipart(registrationFields({ email, full_name: `Writer ${i}` }), {
        id_file: { name: 'id.png', type: 'image/png', data: FILES.png },
      }),
    })
    .then((res) => ({ email, ok: res.statusCode === 201 }));
};

describe('backup and restore', () => {
  it('a backup taken during writes restores every write answered before it began, and every file', async () => {
    const app = await makeApp({ env: { DATABASE_URL: '' } });
    const answered: string[] = [];
    let writing = true;
    const writer = (async () => {
      while (writing) {
        const r = await register(app);
        if (r.ok) answered.push(r.email);
      }
    })();
    try {
      while (answered.length < 5) await new Promise((r) => setImmediate(r));
      const before = [...answered];
      const archive = path.join(work, 'during-writes.tar.gz');
      // The command an administrator runs, in its own process, while this server goes on writing.
      const { stdout } = await run('npx', ['tsx', 'scripts/backup.ts', archive], {
        env: { ...process.env, DATA_DIR: app.ctx.config.dataDir, DATABASE_URL: '', SQLITE_PATH: '', UPLOAD_DIR: '' },
      });
      expect(stdout).toContain(`Backup written to ${archive}`);
      writing = false;
      await writer;
      expect(answered.length, 'writes went on while the backup ran').toBeGreaterThan(before.length);

      const uploadDir = path.join(work, 'fresh', 'uploads');
      const restored = { sqlitePath: path.join(work, 'fresh', 'gso.sqlite'), files: createLocalFileStore(uploadDir) };
      await restoreBackup(archive, restored);
      const db = new SQLite(restored.sqlitePath, { readonly: true });
      try {
        expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
        const emails = new Set(db.prepare('select email from accounts').pluck().all() as string[]);
        for (const email of before) expect(emails.has(email), email).toBe(true);
        const files = db.prepare('select id_file from accounts where id_file is not null').pluck().all() as string[];
        const proofs = db.prepare('select path from return_proofs').pluck().all() as string[];
        expect(files.length).toBeGreaterThanOrEqual(before.length);
        expect(proofs.length).toBeGreaterThan(0);
        for (const file of [...files, ...proofs]) expect(fs.existsSync(path.join(uploadDir, file)), file).toBe(true);
      } finally {
        db.close();
      }

      // A restored folder is a working installation again: it refuses to be overwritten without --force.
      await expect(restoreBackup(archive, restored)).rejects.toBeInstanceOf(BackupError);
      await expect(restoreBackup(archive, restored, { force: true })).resolves.toMatchObject({ files: expect.any(Number) });
    } finally {
      writing = false;
      await writer;
      await app.close();
    }
  });

  it('refuses what is not a backup, and a missing file', async () => {
    const target = { sqlitePath: path.join(work, 'other', 'gso.sqlite'), files: createLocalFileStore(path.join(work, 'other', 'uploads')) };
    await expect(restoreBackup(path.join(work, 'nothing.tar.gz'), target)).rejects.toThrow(/no backup file/);
    const notOne = path.join(work, 'not-a-backup.tar.gz');
    fs.writeFileSync(notOne, 'plain text');
    await expect(restoreBackup(notOne, target)).rejects.toThrow();
    expect(fs.existsSync(target.sqlitePath)).toBe(false);
  });

  it('on an object store: the backup holds every object, and a restore puts exactly those back', async () => {
    const s3 = await startS3();
    const env = s3.env();
    const app = await makeApp({ env: { ...env, DATABASE_URL: '' } });
    try {
      for (let i = 0; i < 3; i++) expect((await register(app)).ok).toBe(true);
      const names: string[] = [];
      for await (const name of app.ctx.files.list()) names.push(name);
      expect(names.length).toBeGreaterThanOrEqual(3);
      // The command an administrator runs, in its own process, against the same bucket.
      const archive = path.join(work, 'objects.tar.gz');
      const { stdout } = await run('npx', ['tsx', 'scripts/backup.ts', archive], {
        env: { ...process.env, ...env, DATA_DIR: app.ctx.config.dataDir, DATABASE_URL: '', SQLITE_PATH: '', UPLOAD_DIR: '' },
      });
      expect(stdout).toContain(`${names.length} stored files from the bucket gso`);

      // Into another installation's empty prefix: every object comes back, byte for byte.
      const other = await openFileStore({ ...(app.ctx.config.files as any), prefix: 'restored/' });
      const target = { sqlitePath: path.join(work, 'objects', 'gso.sqlite'), files: other };
      await expect(restoreBackup(archive, target)).resolves.toEqual({ files: names.length });
      for (const name of names) expect((await other.read(name))!.buffer.equals((await app.ctx.files.read(name))!.buffer), name).toBe(true);
      // With --force a restore replaces what is there: an object the backup does not hold is removed.
      await other.put('proofs/stray.png', FILES.png);
      await expect(restoreBackup(archive, target)).rejects.toBeInstanceOf(BackupError);
      await restoreBackup(archive, target, { force: true });
      expect(await other.read('proofs/stray.png')).toBeNull();
      // A PostgreSQL installation's archive holds the files only, and is refused by a SQLite one.
      const filesOnly = path.join(work, 'files-only.tar.gz');
      await createBackup({ sqlitePath: null, files: app.ctx.files }, filesOnly);
      await expect(restoreBackup(filesOnly, target, { force: true })).rejects.toThrow(/PostgreSQL installation/);
    } finally {
      await app.close();
      await s3.close();
    }
  });
});
