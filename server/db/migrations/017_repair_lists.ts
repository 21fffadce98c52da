import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers';

/**
 * The office's repair lists at scale (docs/decisions/scale.md).
 *
 * The board's order (docs/product.md) as indexes, so a page of 50,000 reports is read in order, not
 * sorted: completed last, then pending, scheduled, in progress; high, medium, low; the latest completed first;
 * then oldest first. The expressions are written exactly as server/modules/repairs/listOrder.ts orders by them
 * (both databases use an expression index only for the same expression): one for the All tab, one per status tab.
 *
 * repair_status_counts: one row per status, kept exact by triggers (as borrow_status_counts in 003), so the
 * unsearched board's tab counts are read, not counted.
 */
const STATUS_RANK = sql`(case status when 'pending' then 0 when 'scheduled' then 1 when 'in-progress' then 2 when 'completed' then 3 else 4 end)`;
const PRIORITY_RANK = sql`(case priority when 'high' then 0 when 'medium' then 1 when 'low' then 2 else 3 end)`;
const COMPLETED_AT = sql`(case when status = 'completed' then completed_at end) desc`;

const COUNT_TRIGGERS = {
  postgres: [
    `create function repair_status_count() returns trigger language plpgsql as $$
     begin
       if tg_op = 'INSERT' then
         insert into repair_status_counts as c (status, n) values (new.status, 1) on conflict (status) do update set n = c.n + 1;
       elsif tg_op = 'DELETE' then
         update repair_status_counts set n = n - 1 where status = old.status;
       elsif old.status is distinct from new.status then
         -- rows are always locked in the same (alphabetical) order, so concurrent transitions cannot deadlock here
         if old.status < new.status then
           update repair_status_counts set n = n - 1 where status = old.status;
           insert into repair_status_counts as c (status, n) values (new.status, 1) on conflict (status) do update set n = c.n + 1;
         else
           insert into repair_status_counts as c (status, n) values (new.status, 1) on conflict (status) do update set n = c.n + 1;
           update repair_status_counts set n = n - 1 where status = old.status;
         end if;
       end if;
       return null;
     end $$`,
    `create trigger repair_reports_count after insert or delete or update of status on repair_reports
       for each row execute function repair_status_count()`,
  ],
  sqlite: [
    `create trigger repair_reports_count_insert after insert on repair_reports begin
       insert into repair_status_counts (status, n) values (new.status, 1) on conflict (status) do update set n = n + 1;
     end`,
    `create trigger repair_reports_count_update after update of status on repair_reports when old.status is not new.status begin
       update repair_status_counts set n = n - 1 where status = old.status;
       insert into repair_status_counts (status, n) values (new.status, 1) on conflict (status) do update set n = n + 1;
     end`,
    `create trigger repair_reports_count_delete after delete on repair_reports begin
       update repair_status_counts set n = n - 1 where status = old.status;
     end`,
  ],
};

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('repair_status_counts')
    .addColumn('status', 'text', (c) => c.primaryKey())
    .addColumn('n', 'integer', (c) => c.notNull())
    .execute();
  await sql`insert into repair_status_counts (status, n) select status, count(*) from repair_reports group by status`.execute(db);
  const pg = isPostgres(db);
  for (const statement of COUNT_TRIGGERS[pg ? 'postgres' : 'sqlite']) await sql.raw(statement).execute(db);
  await sql`create index repair_reports_board on repair_reports (${STATUS_RANK}, ${PRIORITY_RANK}, ${COMPLETED_AT}, created_at, id)`.execute(
    db,
  );
  await sql`create index repair_reports_tab on repair_reports (status, ${PRIORITY_RANK}, ${COMPLETED_AT}, created_at, id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  if (pg) {
    await sql`drop trigger repair_reports_count on repair_reports`.execute(db);
    await sql`drop function repair_status_count()`.execute(db);
  } else {
    for (const t of ['insert', 'update', 'delete']) await sql.raw(`drop trigger repair_reports_count_${t}`).execute(db);
  }
  await db.schema.dropTable('repair_status_counts').execute();
  await db.schema.dropIndex('repair_reports_tab').execute();
  await db.schema.dropIndex('repair_reports_board').execute();
}
