import { sql, type Kysely } from 'kysely';
import { idColumn } from './helpers';

/**
 * Custody of tracked units (docs/decisions/custody.md), owned by the custody module:
 * - custody_slips: the printed documents, an Acknowledgement Receipt (kind 'receipt') or a Transfer Slip
 *   ('transfer'), with the receiver's and the giver's names copied so a slip keeps reading the same;
 * - unit_custody: one row per unit per holder: 'awaiting' (issued, not yet acknowledged), 'held' (acknowledged),
 *   'offered' (a transfer to this holder awaiting confirmation; the accountable row stays as it was) and 'ended'
 *   (transferred on, returned to the office, or an offer withdrawn). At most one accountable row and one offer per
 *   unit, by partial unique indexes, so two writers can never give one unit two holders.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await idColumn(db, db.schema.createTable('custody_slips'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('holder_kind', 'text', (c) => c.notNull())
    .addColumn('account_id', 'integer', (c) => c.references('accounts.id').onDelete('set null'))
    .addColumn('room_id', 'integer', (c) => c.references('rooms.id').onDelete('set null'))
    .addColumn('holder_name', 'text', (c) => c.notNull())
    .addColumn('from_name', 'text')
    .addColumn('created_by', 'integer', (c) => c.references('accounts.id').onDelete('set null'))
    .addColumn('created_by_name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await idColumn(db, db.schema.createTable('unit_custody'))
    .addColumn('unit_id', 'integer', (c) => c.notNull().references('item_units.id').onDelete('cascade'))
    .addColumn('slip_id', 'integer', (c) => c.notNull().references('custody_slips.id').onDelete('cascade'))
    .addColumn('holder_kind', 'text', (c) => c.notNull())
    .addColumn('account_id', 'integer', (c) => c.references('accounts.id').onDelete('set null'))
    .addColumn('room_id', 'integer', (c) => c.references('rooms.id').onDelete('set null'))
    .addColumn('holder_name', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('acknowledged_at', 'text')
    .addColumn('ended_at', 'text')
    .addColumn('end_kind', 'text')
    .execute();
  await sql`create unique index unit_custody_accountable on unit_custody (unit_id) where state in ('awaiting', 'held')`.execute(db);
  await sql`create unique index unit_custody_offered on unit_custody (unit_id) where state = 'offered'`.execute(db);
  await db.schema.createIndex('unit_custody_account_state').on('unit_custody').columns(['account_id', 'state']).execute();
  await db.schema.createIndex('unit_custody_slip').on('unit_custody').column('slip_id').execute();
}
