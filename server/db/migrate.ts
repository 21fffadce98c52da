import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from './database';
import * as m001 from './migrations/001_accounts';
import * as m002 from './migrations/002_borrowing';
import * as m003 from './migrations/003_borrowing_lists';

/** Versioned migrations, compiled in so the server needs no file lookups at start. */
const migrations: Record<string, Migration> = {
  '001_accounts': m001,
  '002_borrowing': m002,
  '003_borrowing_lists': m003,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Db): Promise<void> {
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
}
