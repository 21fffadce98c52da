import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers';

/**
 * The repair reports' rows are no longer kept written across changes (measured against writing a page's rows
 * afresh, they did not pay for themselves: docs/decisions/lists.md), so row_changes no longer hears of what a
 * report's row only shows (its followers, the names and trade of its people, its room's code). A change to the
 * report's own row still writes it: a search's kept matches need it (server/lib/keptMatches.ts), and every value
 * a search matches or orders is on that row (a rename rewrites its search text there by trigger).
 */
const REPORT_SHOWN_ONLY: [number, string, string[]][] = [
  [8, 'repair_followers', ['insert', 'update', 'delete']],
  [9, 'accounts', ['update']],
  [10, 'rooms', ['update']],
];

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = isPostgres(db);
  for (const [i, table, events] of REPORT_SHOWN_ONLY) {
    const name = `row_changes_${i}_${table}`;
    if (postgres) {
      await sql.raw(`drop trigger ${name} on ${table}`).execute(db);
      await sql.raw(`drop function ${name}()`).execute(db);
    } else for (const event of events) await sql.raw(`drop trigger ${name}_${event}`).execute(db);
  }
}
