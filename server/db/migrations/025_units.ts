import { sql, type Kysely } from 'kysely';
import { idColumn } from './helpers';

/**
 * Tracked units (docs/decisions/units.md):
 * - items.tracking: 'counted' (every item there is: a quantity typed by the office) or 'tracked' (its quantity is
 *   the number of its units available, written by the server with every unit change);
 * - item_units: one row per physical unit of a tracked item, its asset tag stored in capitals (unique, so unique
 *   in any case), an optional serial number, condition, status and home room;
 * - unit_events: what happened to a unit (created, condition, status, moves, serial, retirement) with who and when;
 * - borrow_line_units: the units that went out on a borrow request's line, each with its tag copied so a loan
 *   keeps naming what went out (owned by the borrowing module).
 * Items there are stay counted: nothing to backfill.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('items')
    .addColumn('tracking', 'text', (c) => c.notNull().defaultTo('counted'))
    .execute();

  await idColumn(db, db.schema.createTable('item_units'))
    .addColumn('item_id', 'integer', (c) => c.notNull().references('items.id').onDelete('cascade'))
    .addColumn('tag', 'text', (c) => c.notNull().unique())
    .addColumn('serial_number', 'text')
    .addColumn('condition', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('home_room_id', 'integer', (c) => c.references('rooms.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('item_units_item_status').on('item_units').columns(['item_id', 'status']).execute();
  await db.schema.createIndex('item_units_home_room').on('item_units').column('home_room_id').execute();

  await idColumn(db, db.schema.createTable('unit_events'))
    .addColumn('unit_id', 'integer', (c) => c.notNull().references('item_units.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('from_value', 'text')
    .addColumn('to_value', 'text')
    .addColumn('note', 'text')
    .addColumn('actor_id', 'integer', (c) => c.references('accounts.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await sql`create index unit_events_unit on unit_events (unit_id, created_at)`.execute(db);

  await idColumn(db, db.schema.createTable('borrow_line_units'))
    .addColumn('line_id', 'integer', (c) => c.notNull().references('borrow_request_items.id').onDelete('cascade'))
    .addColumn('unit_id', 'integer', (c) => c.references('item_units.id').onDelete('set null'))
    .addColumn('tag', 'text', (c) => c.notNull())
    .addColumn('returned_at', 'text')
    .execute();
  await db.schema.createIndex('borrow_line_units_line').on('borrow_line_units').column('line_id').execute();
  await db.schema.createIndex('borrow_line_units_unit').on('borrow_line_units').column('unit_id').execute();
}
