import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers';

/**
 * Fast while changes arrive (docs/history/performance-journal.md, "Rows kept across changes").
 *
 * row_changes: one row per change to anything a request's or a repair report's row in a list shows, written by
 * triggers, so a process can keep each row of a list written as JSON and know, from the row's last change, whether
 * it is still what the database holds (server/lib/keptRows.ts). A change elsewhere in the list no longer makes
 * every row of every page be read again.
 *
 * - A request (list 'borrow_requests') shows its own row, its lines, their units, its return batches and their
 *   lines, its loan problems, its requester's name and the names of who checked its returns in.
 * - A repair report (list 'repair_reports') shows its own row, its followers, the names of its reporter, assignee
 *   and damage borrower (and the assignee's trade) and its room's code.
 *
 * Rows are only ever inserted (never updated), so writers never wait for each other here; the sweep keeps each
 * row's last change only (server/lib/keptRows.ts). seq orders a row's changes; the key of a kept row is its last.
 *
 * The borrowing lists' version (migrations 011, 040, 041) is raised by changes to a loan's units, return batches
 * and their lines too, so while it and the accounts' version stand still no request row can have changed, and a
 * page need not ask row_changes about rows it checked at those versions.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = isPostgres(db);
  await db.schema
    .createTable('row_changes')
    .addColumn('seq', postgres ? 'bigserial' : 'integer', (c) => (postgres ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('list', 'text', (c) => c.notNull())
    .addColumn('row_id', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('row_changes_row').on('row_changes').columns(['list', 'row_id', 'seq']).execute();

  /** What each table's change is a change of: the rows (as a select of ids) for the row at hand (`r`, new or old). */
  const changes: { table: string; list: string; rows: (r: string) => string; on?: string; when?: string }[] = [
    { table: 'borrow_requests', list: 'borrow_requests', rows: (r) => `select ${r}.id` },
    { table: 'borrow_request_items', list: 'borrow_requests', rows: (r) => `select ${r}.request_id` },
    {
      table: 'borrow_line_units',
      list: 'borrow_requests',
      rows: (r) => `select request_id from borrow_request_items where id = ${r}.line_id`,
    },
    { table: 'return_batches', list: 'borrow_requests', rows: (r) => `select ${r}.request_id` },
    {
      table: 'return_batch_lines',
      list: 'borrow_requests',
      rows: (r) => `select request_id from return_batches where id = ${r}.batch_id`,
    },
    { table: 'loan_problems', list: 'borrow_requests', rows: (r) => `select ${r}.request_id` },
    {
      table: 'accounts',
      list: 'borrow_requests',
      on: 'update of full_name',
      when: 'new.full_name is distinct from old.full_name',
      rows: (r) =>
        `select id from borrow_requests where account_id = ${r}.id union select request_id from return_batches where created_by = ${r}.id`,
    },
    { table: 'repair_reports', list: 'repair_reports', rows: (r) => `select ${r}.id` },
    { table: 'repair_followers', list: 'repair_reports', rows: (r) => `select ${r}.report_id` },
    {
      table: 'accounts',
      list: 'repair_reports',
      on: 'update of full_name, job_type',
      when: 'new.full_name is distinct from old.full_name or new.job_type is distinct from old.job_type',
      rows: (r) => `select id from repair_reports where reporter_id = ${r}.id or assigned_to = ${r}.id or damage_borrower_id = ${r}.id`,
    },
    {
      table: 'rooms',
      list: 'repair_reports',
      on: 'update of code',
      when: 'new.code is distinct from old.code',
      rows: (r) => `select id from repair_reports where room_id = ${r}.id`,
    },
  ];
  const insert = (list: string, rows: string) =>
    `insert into row_changes (list, row_id) ${rows.replace(/^select /, `select '${list}', `).replace(' union select ', ` union select '${list}', `)}`;

  const statements: string[] = [];
  changes.forEach((c, i) => {
    const name = `row_changes_${i}_${c.table}`;
    const events = c.on ? [c.on] : ['insert', 'update', 'delete'];
    if (postgres) {
      const body = c.on
        ? `if ${c.when} then ${insert(c.list, c.rows('new'))}; end if;`
        : `if tg_op = 'DELETE' then ${insert(c.list, c.rows('old'))}; else ${insert(c.list, c.rows('new'))}; end if;`;
      statements.push(
        `create function ${name}() returns trigger language plpgsql as $$ begin ${body} return null; end $$`,
        `create trigger ${name} after ${events.join(' or ')} on ${c.table} for each row execute function ${name}()`,
      );
    } else {
      for (const event of events) {
        const r = event === 'delete' ? 'old' : 'new';
        const when = c.when ? ` when ${c.when.replaceAll('is distinct from', 'is not')}` : '';
        statements.push(
          `create trigger ${name}_${event.split(' ')[0]} after ${event} on ${c.table}${when} begin ${insert(c.list, c.rows(r))}; end`,
        );
      }
    }
  });
  for (const table of ['borrow_line_units', 'return_batches', 'return_batch_lines'])
    if (postgres)
      statements.push(
        `create constraint trigger ${table}_version after insert or update or delete on ${table}
         deferrable initially deferred for each row execute function bump_borrow_requests_version_at_commit()`,
      );
    else
      for (const event of ['insert', 'update', 'delete'])
        statements.push(
          `create trigger ${table}_version_${event} after ${event} on ${table} begin
           update list_versions set version = version + 1 where name = 'borrow_requests'; end`,
        );
  for (const s of statements) await sql.raw(s).execute(db);
}
