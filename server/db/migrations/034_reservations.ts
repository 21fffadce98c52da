import type { Kysely } from 'kysely';

/**
 * Reservations (docs/decisions/reservations.md): a request booked ahead (`book_ahead` = 1) holds its items on its
 * dates only. Approving it writes each approved line's `quantity_reserved` and takes nothing from the shelf; the
 * office's Hand Out on the day takes the stock and units (`handed_out_at`, and `quantity_approved` from then on).
 * A recurring booking is one booked-ahead request per date, sharing `series_id`.
 * Every request there was is an ordinary one (0), which takes its stock at approval as before.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('borrow_requests')
    .addColumn('book_ahead', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('borrow_requests').addColumn('handed_out_at', 'text').execute();
  // A recurring booking's dates are requests of their own sharing the series' id (its first request's).
  await db.schema.alterTable('borrow_requests').addColumn('series_id', 'integer').execute();
  await db.schema
    .alterTable('borrow_request_items')
    .addColumn('quantity_reserved', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
