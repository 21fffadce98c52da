import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers';

/**
 * Planning ahead (docs/decisions/reservations.md).
 *
 * - The borrowing lists' version (list_versions 'borrow_requests', migration 011) is raised by changes to request
 *   lines too, not only to requests: availability by date and the office's day and week are kept answers keyed by
 *   it (and a line's held or lent amounts are what they count).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const bump = `update list_versions set version = version + 1 where name = 'borrow_requests'`;
  const statements = isPostgres(db)
    ? [
        `create trigger borrow_request_items_version after insert or update or delete on borrow_request_items
         for each statement execute function bump_borrow_requests_version()`,
      ]
    : ['insert', 'update', 'delete'].map(
        (event) => `create trigger borrow_request_items_version_${event} after ${event} on borrow_request_items begin ${bump}; end`,
      );
  for (const s of statements) await sql.raw(s).execute(db);
}
