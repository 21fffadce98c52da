import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers';

/**
 * The office's lists answered from memory while nothing they show has changed, and the repair search by words.
 *
 * - repair_reports.search_text: "reporter name\nbuilding\nroom\nissue", written by the database itself (on a new
 *   report, an edit of those fields, a reporter renamed or deleted), with a word index over it as the borrow
 *   requests have (migration 003: FTS5 on SQLite, a GIN full-text index on PostgreSQL, split at non-alphanumerics
 *   as migration 018 does). A search for a building among 50,000 reports was a substring scan of every report.
 * - list_versions rows 'repair_reports', 'schedule_entries' and 'accounts' (names and job types shown in lists),
 *   raised with every change as 'borrow_requests' and 'items' are (migrations 011, 015). server/lib/listCache.ts
 *   keys the lists' answers by them. A request's lines change only with their request (made, approved) or their
 *   item (deleted: the line keeps its name), which raise those lists' versions; a trigger of their own would take
 *   the version rows in the opposite order to an approval and deadlock a concurrent item deletion on PostgreSQL.
 */
const REPORTER_NAME = (reporter: string) => `coalesce((select full_name from accounts where id = ${reporter}), 'Deleted user')`;
const SEARCH_TEXT = (row: string, nl: string) =>
  `replace(${REPORTER_NAME(`${row}.reporter_id`)}, ${nl}, ' ') || ${nl} || ${row}.building || ${nl} || ${row}.room || ${nl} || ${row}.issue_description`;

const VERSIONED = [
  { name: 'repair_reports', table: 'repair_reports', events: ['insert', 'update', 'delete'] },
  { name: 'schedule_entries', table: 'schedule_entries', events: ['insert', 'update', 'delete'] },
  { name: 'accounts', table: 'accounts', events: ['update of full_name, job_type', 'delete'] },
];

export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  const run = async (statements: string[]) => {
    for (const s of statements) await sql.raw(s).execute(db);
  };
  await db.schema
    .alterTable('repair_reports')
    .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db
    .insertInto('list_versions')
    .values(VERSIONED.map((v) => ({ name: v.name, version: 0 })))
    .execute();

  if (pg) {
    const nl = 'chr(10)';
    await run([
      `update repair_reports as rr set search_text = ${SEARCH_TEXT('rr', nl)}`,
      `create function repair_search_text() returns trigger language plpgsql as $$
       begin new.search_text := ${SEARCH_TEXT('new', nl)}; return new; end $$`,
      `create trigger repair_reports_search_text before insert or update of reporter_id, building, room, issue_description
         on repair_reports for each row execute function repair_search_text()`,
      `create function accounts_rename_repair_search() returns trigger language plpgsql as $$
       begin update repair_reports set search_text = replace(new.full_name, chr(10), ' ') || substr(search_text, strpos(search_text || chr(10), chr(10)))
         where reporter_id = new.id; return null; end $$`,
      `create trigger accounts_rename_repair_search after update of full_name on accounts
         for each row when (old.full_name is distinct from new.full_name) execute function accounts_rename_repair_search()`,
      `create index repair_reports_search_words on repair_reports
         using gin (to_tsvector('simple', regexp_replace(search_text, '[^[:alnum:]]+', ' ', 'g')))`,
      ...VERSIONED.flatMap(({ name, table, events }) => [
        `create function bump_${table}_list_version() returns trigger language plpgsql as $$
         begin update list_versions set version = version + 1 where name = '${name}'; return null; end $$`,
        `create trigger ${table}_list_version after ${events.join(' or ')} on ${table}
         for each statement execute function bump_${table}_list_version()`,
      ]),
    ]);
  } else {
    const nl = 'char(10)';
    const rewrite = (row: string) => `update repair_reports set search_text = ${SEARCH_TEXT(row, nl)} where id = ${row}.id`;
    await run([
      `update repair_reports set search_text = ${SEARCH_TEXT('repair_reports', nl)}`,
      `create virtual table repair_reports_fts using fts5(search_text, content = 'repair_reports', content_rowid = 'id',
         tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3')`,
      `insert into repair_reports_fts (repair_reports_fts) values ('rebuild')`,
      // A new report enters the index empty, then its text is written (which the update trigger indexes), so the
      // index always removes exactly what it holds.
      `create trigger repair_reports_search_insert after insert on repair_reports begin
         insert into repair_reports_fts (rowid, search_text) values (new.id, '');
         ${rewrite('new')};
       end`,
      `create trigger repair_reports_search_update after update of reporter_id, building, room, issue_description on repair_reports
         begin ${rewrite('new')}; end`,
      `create trigger repair_reports_fts_update after update of search_text on repair_reports begin
         insert into repair_reports_fts (repair_reports_fts, rowid, search_text) values ('delete', old.id, old.search_text);
         insert into repair_reports_fts (rowid, search_text) values (new.id, new.search_text);
       end`,
      `create trigger repair_reports_fts_delete after delete on repair_reports begin
         insert into repair_reports_fts (repair_reports_fts, rowid, search_text) values ('delete', old.id, old.search_text);
       end`,
      `create trigger accounts_rename_repair_search after update of full_name on accounts when old.full_name is not new.full_name begin
         update repair_reports set search_text = replace(new.full_name, char(10), ' ') || substr(search_text, instr(search_text || char(10), char(10)))
           where reporter_id = new.id;
       end`,
      ...VERSIONED.flatMap(({ name, table, events }) =>
        events.map(
          (event) =>
            `create trigger ${table}_list_version_${event.split(' ')[0]} after ${event} on ${table} begin
             update list_versions set version = version + 1 where name = '${name}'; end`,
        ),
      ),
    ]);
  }
  // The week's repair work: reports placed in a week by when they were assigned (modules/repairs/weekWork.ts).
  await sql`create index repair_reports_week on repair_reports (coalesce(assigned_at, created_at))`.execute(db);
}
