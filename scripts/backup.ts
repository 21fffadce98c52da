// npm run backup [-- FILE]: the database and the uploads in one archive, taken while the server runs.
// npm run restore -- FILE [--force]: brings one back into an empty data folder (or, with --force, over one).
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig, loadDotEnv } from '../server/config';
import { BackupError, createBackup, restoreBackup } from '../server/db/backup';

const { values, positionals } = parseArgs({
  options: { force: { type: 'boolean', default: false }, restore: { type: 'boolean', default: false } },
  allowPositionals: true,
});

try {
  loadDotEnv();
  const config = loadConfig();
  if (config.databaseUrl)
    throw new BackupError('This installation runs on PostgreSQL: back it up with pg_dump and copy the uploads folder (README, Backups).');
  const paths = { sqlitePath: config.sqlitePath, uploadDir: config.uploadDir };
  const file = positionals[0];
  if (values.restore) {
    if (!file) throw new BackupError('Name the backup to restore: npm run restore -- FILE [--force]');
    const { files } = await restoreBackup(path.resolve(file), paths, { force: values.force });
    console.log(`Restored ${file}: the database at ${paths.sqlitePath} and ${files} uploaded files in ${paths.uploadDir}.`);
  } else {
    const stamp = new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-');
    const target = file ?? path.join(config.dataDir, 'backups', `gso-${stamp}.tar.gz`);
    const made = await createBackup(paths, target);
    console.log(`Backup written to ${made.archive} (${(made.bytes / 1024).toFixed(0)} KB, ${made.files} uploaded files).`);
  }
} catch (err) {
  if (!(err instanceof BackupError || err instanceof ConfigError)) throw err;
  console.error(err.message);
  process.exit(1);
}
