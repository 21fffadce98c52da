import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers';

/**
 * What the borrowing lists need to stay fast at campus scale (100,000 requests): per-status counts kept
 * by the database itself, a substring-searchable text per request, and indexes for the loan views.
 *
 * - borrow_status_counts: one row per request status, kept exact by triggers on borrow_requests, so the
 *   unfiltered tab counts are a six-row read instead of a scan. Filtered (searched) counts still group by.
 * - borrow_requests.search_text: "requester name\npurpose\nitem names...", written when the request is made
 *   (see searchTextOf in modules/borrowing/queries.ts); the first line follows the account's name through
 *   renames and becomes "Deleted user" when the account is deleted (docs/decisions/account-deletion.md).
 * - A word index over it, for searches by the starts of words ("maria lop", "projector"): FTS5 on SQLite,
 *   a GIN full-text index ('simple' configuration: no stemming, no stop words) on PostgreSQL.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  const run = async (statements: string[]) => {
    for (const s of statements) await sql.raw(s).execute(db);
  };

  await db.schema
    .alterTable('borrow_requests')
    .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await run([
    pg
      ? `update borrow_requests set search_text = coalesce((select full_name from accounts where id = account_id), 'Deleted user')
           || chr(10) || purpose
           || coalesce((select chr(10) || string_agg(item_name, chr(10) order by id) from borrow_request_items where request_id = borrow_requests.id), '')`
      : `update borrow_requests set search_text = coalesce((select full_name from accounts where id = account_id), 'Deleted user')
           || char(10) || purpose
           || coalesce((select char(10) || group_concat(item_name, char(10)) from borrow_request_items where request_id = borrow_requests.id), '')`,
  ]);

  await db.schema
    .createTable('borrow_status_counts')
    .addColumn('status', 'text', (c) => c.primaryKey())
    .addColumn('n', 'integer', (c) => c.notNull())
    .execute();
  await run([
    `insert into borrow_status_counts (status, n)
       select s.status, (select count(*) from borrow_requests r where r.status = s.status)
       from (select 'pending' as status union all select 'approved' union all select 'returned'
             union all select 'completed' union all select 'rejected' union all select 'cancelled'
             union select distinct status from borrow_requests) s`,
  ]);

  if (pg) {
    await run([
      `create function borrow_status_count() returns trigger language plpgsql as $$
       begin
         if tg_op = 'INSERT' then
           insert into borrow_status_counts as c (status, n) values (new.status, 1) on conflict (status) do update set n = c.n + 1;
         elsif tg_op = 'DELETE' then
           update borrow_status_counts set n = n - 1 where status = old.status;
         elsif old.status is distinct from new.status then
           -- rows are always locked in the same (alphabetical) order, so concurrent transitions cannot deadlock here
           if old.status < new.status then
             update borrow_status_counts set n = n - 1 where status = old.status;
             insert into borrow_status_counts as c (status, n) values (new.status, 1) on conflict (status) do update set n = c.n + 1;
           else
             insert into borrow_status_counts as c (status, n) values (new.status, 1) on conflict (status) do update set n = c.n + 1;
             update borrow_status_counts set n = n - 1 where status = old.status;
           end if;
         end if;
         return null;
       end $$`,
      `create trigger borrow_requests_count after insert or delete or update of status on borrow_requests
         for each row execute function borrow_status_count()`,
      `create function accounts_rename_borrow_search() returns trigger language plpgsql as $$
       begin
         update borrow_requests set search_text = replace(new.full_name, chr(10), ' ') || substr(search_text, strpos(search_text || chr(10), chr(10)))
           where account_id = new.id;
         return null;
       end $$`,
      `create trigger accounts_rename_borrow_search after update of full_name on accounts
         for each row when (old.full_name is distinct from new.full_name) execute function accounts_rename_borrow_search()`,
      `create function accounts_delete_borrow_search() returns trigger language plpgsql as $$
       begin
         update borrow_requests set search_text = 'Deleted user' || substr(search_text, strpos(search_text || chr(10), chr(10)))
           where account_id = old.id;
         return old;
       end $$`,
      `create trigger accounts_delete_borrow_search before delete on accounts
         for each row execute function accounts_delete_borrow_search()`,
      `create index borrow_requests_search_words on borrow_requests using gin (to_tsvector('simple', search_text))`,
    ]);
  } else {
    await run([
      `create trigger borrow_requests_count_insert after insert on borrow_requests begin
         insert into borrow_status_counts (status, n) values (new.status, 1) on conflict (status) do update set n = n + 1;
       end`,
      `create trigger borrow_requests_count_update after update of status on borrow_requests when old.status is not new.status begin
         update borrow_status_counts set n = n - 1 where status = old.status;
         insert into borrow_status_counts (status, n) values (new.status, 1) on conflict (status) do update set n = n + 1;
       end`,
      `create trigger borrow_requests_count_delete after delete on borrow_requests begin
         update borrow_status_counts set n = n - 1 where status = old.status;
       end`,
      `create virtual table borrow_requests_fts using fts5(search_text, content = 'borrow_requests', content_rowid = 'id',
         tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3')`,
      `insert into borrow_requests_fts (borrow_requests_fts) values ('rebuild')`,
      `create trigger borrow_requests_fts_insert after insert on borrow_requests begin
         insert into borrow_requests_fts (rowid, search_text) values (new.id, new.search_text);
       end`,
      `create trigger borrow_requests_fts_delete after delete on borrow_requests begin
         insert into borrow_requests_fts (borrow_requests_fts, rowid, search_text) values ('delete', old.id, old.search_text);
       end`,
      `create trigger borrow_requests_fts_update after update of search_text on borrow_requests begin
         insert into borrow_requests_fts (borrow_requests_fts, rowid, search_text) values ('delete', old.id, old.search_text);
         insert into borrow_requests_fts (rowid, search_text) values (new.id, new.search_text);
       end`,
      `create trigger accounts_rename_borrow_search after update of full_name on accounts when old.full_name is not new.full_name begin
         update borrow_requests set search_text = replace(new.full_name, char(10), ' ') || substr(search_text, instr(search_text || char(10), char(10)))
           where account_id = new.id;
       end`,
      `create trigger accounts_delete_borrow_search before delete on accounts begin
         update borrow_requests set search_text = 'Deleted user' || substr(search_text, instr(search_text || char(10), char(10)))
           where account_id = old.id;
       end`,
    ]);
  }

  // Loans by due date (active, overdue), returns by day (returned today), and the item grid by name.
  await db.schema.createIndex('borrow_requests_status_due').on('borrow_requests').columns(['status', 'date_expected_return']).execute();
  await db.schema.createIndex('borrow_requests_returned').on('borrow_requests').column('returned_at').execute();
  await db.schema.createIndex('items_name').on('items').column('name').execute();
  await db.schema.createIndex('items_category_name').on('items').columns(['category', 'name']).execute();
  await db.schema.createIndex('activity_actor').on('activity').columns(['actor_id', 'created_at']).execute();
}
