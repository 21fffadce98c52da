import type { Kysely } from 'kysely';

/**
 * Times of day on a booking (docs/decisions/reservations.md): a request booked ahead may be collected at
 * `time_from` on its date needed and brought back by `time_to` on its expected return (HH:MM, campus time). Null
 * holds whole days, as every request there was.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('borrow_requests').addColumn('time_from', 'text').execute();
  await db.schema.alterTable('borrow_requests').addColumn('time_to', 'text').execute();
}
