// npm run backup [-- FILE]: the database (SQLite) and every stored file in one archive, taken while the server runs.
// npm run restore -- FILE [--force]: brings one back into an empty installation (or, with --force, over one).
// On PostgreSQL the archive holds the files (from the upload folder or the object store); the database itself is
// backed up with pg_dump (docs/operations.md, Backups).
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig, loadDotEnv } from '../server/config';
import { BackupError, createBackup, restoreBackup } from '../server/db/backup';
import { openFileStore } from '../server/lib/openFileStore';

const { values, positionals } = parseArgs({
  options: { force: { type: 'boolean', default: false }, restore: { type: 'boolean', default: false } },
  allowPositionals: true,
});

try {
  loadDotEnv();
  const config = loadConfig();
  const target = { sqlitePath: config.databaseUrl ? null : config.sqlitePath, files: await openFileStore(config.files) };
  const where = config.files.kind === 's3' ? `the bucket ${config.files.bucket}` : config.uploadDir;
  const file = positionals[0];
  if (values.restore) {
    if (!file) throw new BackupError('Name the backup to restore: npm run restore -- FILE [--force]');
    const { files } = await restoreBackup(path.resolve(file), target, { force: values.force });
    const db = target.sqlitePath ? `the database at ${target.sqlitePath} and ` : '';
    console.log(`Restored ${file}: ${db}${files} stored files in ${where}.`);
  } else {
    const stamp = new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-');
    const archive = file ?? path.join(config.dataDir, 'backups', `gso-${stamp}.tar.gz`);
    const made = await createBackup(target, archive);
    console.log(`Backup written to ${made.archive} (${(made.bytes / 1024).toFixed(0)} KB, ${made.files} stored files from ${where}).`);
    if (!target.sqlitePath)
      console.log('This installation runs on PostgreSQL: back up the database itself with pg_dump (docs/operations.md).');
  }
} catch (err) {
  if (!(err instanceof BackupError || err instanceof ConfigError)) throw err;
  console.error(err.message);
  process.exit(1);
}
