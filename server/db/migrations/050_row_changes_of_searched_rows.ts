import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers';

/**
 * row_changes keeps only what a searched list's kept matches need (server/lib/keptMatches.ts): a change to a
 * request's or a repair report's own row (every value a search matches or orders is on it; a rename rewrites the
 * search text there by trigger). The changes to what a row only shows (lines, units, returns, problems, followers,
 * names, room codes) were written for rows kept written across changes, which the lists no longer keep: measured
 * against writing a page's rows afresh, they did not pay for themselves (docs/decisions/lists.md).
 */
const SHOWN_ONLY: [number, string, string[]][] = [
  [1, 'borrow_request_items', ['insert', 'update', 'delete']],
  [2, 'borrow_line_units', ['insert', 'update', 'delete']],
  [3, 'return_batches', ['insert', 'update', 'delete']],
  [4, 'return_batch_lines', ['insert', 'update', 'delete']],
  [5, 'loan_problems', ['insert', 'update', 'delete']],
  [6, 'accounts', ['update']],
  [8, 'repair_followers', ['insert', 'update', 'delete']],
  [9, 'accounts', ['update']],
  [10, 'rooms', ['update']],
];

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = isPostgres(db);
  for (const [i, table, events] of SHOWN_ONLY) {
    const name = `row_changes_${i}_${table}`;
    if (postgres) {
      await sql.raw(`drop trigger ${name} on ${table}`).execute(db);
      await sql.raw(`drop function ${name}()`).execute(db);
    } else for (const event of events) await sql.raw(`drop trigger ${name}_${event}`).execute(db);
  }
}
