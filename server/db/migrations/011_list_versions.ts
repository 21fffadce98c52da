import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers';

/**
 * What keeps the borrowing lists fast as the office's history grows (100,000 requests):
 *
 * - list_versions: a number per list, raised by the database with every change to the list's table, so a
 *   process can keep the answers of expensive searches and know for certain when they are out of date
 *   (several processes share the number). A broad office search ("seminar" over 100,000 requests) costs
 *   milliseconds of counting, and people repeat a search as they page and switch tabs.
 * - list_versions row 'completed_units': not a version but a kept total, the units of every completed loan
 *   (Borrow Management's Completed Items), kept exact by triggers on requests and their lines instead of a
 *   sum over every completed line on each view.
 * - An index on (status, date_needed): the loans out now (approved, needed by today) are counted from it
 *   alone instead of reading every approved request.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('list_versions')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('version', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.insertInto('list_versions').values({ name: 'borrow_requests', version: 0 }).execute();
  await sql`insert into list_versions (name, version) select 'completed_units', coalesce(sum(bri.quantity_approved), 0)
    from borrow_request_items bri join borrow_requests br on br.id = bri.request_id where br.status = 'completed'`.execute(db);

  const units = (sign: '+' | '-', amount: string) =>
    `update list_versions set version = version ${sign} ${amount} where name = 'completed_units'`;
  const linesOf = (request: string) =>
    `(select coalesce(sum(quantity_approved), 0) from borrow_request_items where request_id = ${request})`;
  const isCompleted = (request: string) => `(select status from borrow_requests where id = ${request}) = 'completed'`;

  const statements = isPostgres(db)
    ? [
        `create function bump_borrow_requests_version() returns trigger language plpgsql as $$
         begin update list_versions set version = version + 1 where name = 'borrow_requests'; return null; end $$`,
        `create trigger borrow_requests_version after insert or update or delete on borrow_requests
         for each statement execute function bump_borrow_requests_version()`,
        `create function borrow_completed_units_request() returns trigger language plpgsql as $$
         begin
           if tg_op = 'DELETE' then
             if old.status = 'completed' then ${units('-', linesOf('old.id'))}; end if;
             return old;
           end if;
           if new.status = 'completed' and old.status <> 'completed' then ${units('+', linesOf('new.id'))}; end if;
           if old.status = 'completed' and new.status <> 'completed' then ${units('-', linesOf('new.id'))}; end if;
           return null;
         end $$`,
        `create trigger borrow_completed_units_status after update of status on borrow_requests
         for each row execute function borrow_completed_units_request()`,
        `create trigger borrow_completed_units_delete before delete on borrow_requests
         for each row execute function borrow_completed_units_request()`,
        `create function borrow_completed_units_line() returns trigger language plpgsql as $$
         begin
           if tg_op in ('UPDATE', 'DELETE') and ${isCompleted('old.request_id')} then ${units('-', 'old.quantity_approved')}; end if;
           if tg_op in ('INSERT', 'UPDATE') and ${isCompleted('new.request_id')} then ${units('+', 'new.quantity_approved')}; end if;
           return null;
         end $$`,
        `create trigger borrow_completed_units_line after insert or delete or update of quantity_approved on borrow_request_items
         for each row execute function borrow_completed_units_line()`,
      ]
    : [
        ...['insert', 'update', 'delete'].map(
          (event) =>
            `create trigger borrow_requests_version_${event} after ${event} on borrow_requests begin
             update list_versions set version = version + 1 where name = 'borrow_requests'; end`,
        ),
        `create trigger borrow_completed_units_in after update of status on borrow_requests
           when new.status = 'completed' and old.status <> 'completed' begin ${units('+', linesOf('new.id'))}; end`,
        `create trigger borrow_completed_units_out after update of status on borrow_requests
           when old.status = 'completed' and new.status <> 'completed' begin ${units('-', linesOf('new.id'))}; end`,
        `create trigger borrow_completed_units_delete before delete on borrow_requests
           when old.status = 'completed' begin ${units('-', linesOf('old.id'))}; end`,
        `create trigger borrow_completed_units_line_insert after insert on borrow_request_items
           when ${isCompleted('new.request_id')} begin ${units('+', 'new.quantity_approved')}; end`,
        `create trigger borrow_completed_units_line_update after update of quantity_approved on borrow_request_items
           when ${isCompleted('new.request_id')} begin ${units('+', 'new.quantity_approved - old.quantity_approved')}; end`,
        `create trigger borrow_completed_units_line_delete after delete on borrow_request_items
           when ${isCompleted('old.request_id')} begin ${units('-', 'old.quantity_approved')}; end`,
      ];
  for (const s of statements) await sql.raw(s).execute(db);
  await db.schema.createIndex('borrow_requests_status_needed').on('borrow_requests').columns(['status', 'date_needed']).execute();
}
