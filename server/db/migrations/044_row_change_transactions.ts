import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers';

/**
 * Search matches kept across changes (server/lib/keptMatches.ts). On PostgreSQL a change's seq does not
 * follow the order of commits, so each change also records its transaction: a process that read the matches
 * while some transactions were still open finds those transactions' changes again afterwards, whenever they
 * commit. SQLite commits one writer at a time, so there seq is enough.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`alter table row_changes add column tx xid8 not null default pg_current_xact_id()`.execute(db);
  await sql`create index row_changes_tx on row_changes (list, tx)`.execute(db);
}
