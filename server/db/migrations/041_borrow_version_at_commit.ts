import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers';

/**
 * The borrowing lists' version (migrations 011, 033 and 040) is raised when a transaction commits, once, not at
 * its first change to a request, a line or a loan's problem (PostgreSQL only: SQLite runs one write transaction at
 * a time).
 *
 * Raised at the first change, the version's row was locked from there to the commit. An approval changes its
 * request first and locks its items after; a verification (or an item's deletion) locks the items first and
 * changes lines after. Two such transactions on the same item each held what the other waited for, and PostgreSQL
 * broke the deadlock by failing one (a 500). Raised at commit, the version's row is the last lock a transaction
 * takes, so it cannot close such a circle; readers still see the new version and the new rows together.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  for (const s of [
    `drop trigger borrow_requests_version on borrow_requests`,
    `drop trigger borrow_request_items_version on borrow_request_items`,
    `drop trigger loan_problems_lists on loan_problems`,
    // Deferred triggers are per row: a transaction-local setting lets only the first of them raise the version.
    `create function bump_borrow_requests_version_at_commit() returns trigger language plpgsql as $$
     begin
       if current_setting('gso.borrow_version_raised', true) is distinct from 'yes' then
         perform set_config('gso.borrow_version_raised', 'yes', true);
         update list_versions set version = version + 1 where name = 'borrow_requests';
       end if;
       return null;
     end $$`,
    `create constraint trigger borrow_requests_version after insert or update or delete on borrow_requests
     deferrable initially deferred for each row execute function bump_borrow_requests_version_at_commit()`,
    `create constraint trigger borrow_request_items_version after insert or update or delete on borrow_request_items
     deferrable initially deferred for each row execute function bump_borrow_requests_version_at_commit()`,
    `create constraint trigger loan_problems_lists after insert or update or delete on loan_problems
     deferrable initially deferred for each row execute function bump_borrow_requests_version_at_commit()`,
  ])
    await sql.raw(s).execute(db);
}
