import { sql, type Kysely } from 'kysely';
import { idColumn } from './helpers';

/**
 * The yearly count (docs/decisions/counts.md): a count and its scope, the open counts' claims on buildings (one
 * open count per building, refused by the primary key), what it expects (fixed at its start) and what was found,
 * each scan once by the phone's own id, the unknown tags, the quantities counted per room; and each unit's last
 * counted date.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await idColumn(db, db.schema.createTable('counts'))
    .addColumn('reference', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('whole_campus', 'integer', (c) => c.notNull())
    .addColumn('categories', 'text')
    .addColumn('started_by', 'integer', (c) => c.references('accounts.id').onDelete('set null'))
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('closed_by', 'integer', (c) => c.references('accounts.id').onDelete('set null'))
    .addColumn('closed_at', 'text')
    .execute();
  await sql`create index counts_started on counts (status, id)`.execute(db);

  await db.schema
    .createTable('count_buildings')
    .addColumn('count_id', 'integer', (c) => c.notNull().references('counts.id').onDelete('cascade'))
    .addColumn('building_id', 'integer', (c) => c.notNull())
    .addColumn('building_name', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('count_buildings_pk', ['count_id', 'building_id'])
    .execute();

  // 'campus' or 'building:ID', held while the count is open.
  await db.schema
    .createTable('count_claims')
    .addColumn('claim', 'text', (c) => c.primaryKey())
    .addColumn('count_id', 'integer', (c) => c.notNull().references('counts.id').onDelete('cascade'))
    .execute();

  await db.schema
    .createTable('count_units')
    .addColumn('count_id', 'integer', (c) => c.notNull().references('counts.id').onDelete('cascade'))
    .addColumn('unit_id', 'integer', (c) => c.notNull())
    .addColumn('item_id', 'integer', (c) => c.notNull())
    .addColumn('tag', 'text', (c) => c.notNull())
    .addColumn('item_name', 'text', (c) => c.notNull())
    .addColumn('expected', 'integer', (c) => c.notNull())
    .addColumn('home_room_id', 'integer')
    .addColumn('home_building_id', 'integer')
    .addColumn('cost_cents', 'integer')
    .addColumn('found_room_id', 'integer')
    .addColumn('found_building_id', 'integer')
    .addColumn('found_by', 'integer', (c) => c.references('accounts.id').onDelete('set null'))
    .addColumn('found_at', 'text')
    .addColumn('moved_at', 'text')
    .addColumn('lost_at', 'text')
    .addPrimaryKeyConstraint('count_units_pk', ['count_id', 'unit_id'])
    .execute();
  // The progress's aggregates read these indexes alone: per building and room by home, the unexpected by where
  // found, and each group's page by tag.
  await sql`create index count_units_home on count_units (count_id, expected, home_building_id, home_room_id, found_room_id)`.execute(db);
  await sql`create index count_units_found on count_units (count_id, expected, found_building_id, found_room_id)`.execute(db);
  await sql`create index count_units_state on count_units (count_id, expected, found_room_id, tag)`.execute(db);
  await sql`create index count_units_tag on count_units (count_id, tag)`.execute(db);

  await idColumn(db, db.schema.createTable('count_scans'))
    .addColumn('count_id', 'integer', (c) => c.notNull().references('counts.id').onDelete('cascade'))
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('room_id', 'integer', (c) => c.notNull())
    .addColumn('scanned_text', 'text')
    .addColumn('tag', 'text')
    .addColumn('unit_id', 'integer')
    .addColumn('item_id', 'integer')
    .addColumn('quantity', 'integer')
    .addColumn('result', 'text', (c) => c.notNull())
    .addColumn('scanned_by', 'integer', (c) => c.references('accounts.id').onDelete('set null'))
    .addColumn('scanned_at', 'text', (c) => c.notNull())
    .execute();
  await sql`create unique index count_scans_client on count_scans (count_id, client_id)`.execute(db);

  await db.schema
    .createTable('count_unknown_tags')
    .addColumn('count_id', 'integer', (c) => c.notNull().references('counts.id').onDelete('cascade'))
    .addColumn('room_id', 'integer', (c) => c.notNull())
    .addColumn('building_id', 'integer')
    .addColumn('tag', 'text', (c) => c.notNull())
    .addColumn('scanned_by', 'integer', (c) => c.references('accounts.id').onDelete('set null'))
    .addColumn('scanned_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('count_unknown_tags_pk', ['count_id', 'room_id', 'tag'])
    .execute();
  await sql`create index count_unknown_tags_building on count_unknown_tags (count_id, building_id)`.execute(db);

  await db.schema
    .createTable('count_items')
    .addColumn('count_id', 'integer', (c) => c.notNull().references('counts.id').onDelete('cascade'))
    .addColumn('item_id', 'integer', (c) => c.notNull())
    .addColumn('item_name', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('expected', 'integer', (c) => c.notNull())
    .addColumn('cost_cents', 'integer')
    .addColumn('applied_at', 'text')
    .addPrimaryKeyConstraint('count_items_pk', ['count_id', 'item_id'])
    .execute();

  await db.schema
    .createTable('count_item_rooms')
    .addColumn('count_id', 'integer', (c) => c.notNull().references('counts.id').onDelete('cascade'))
    .addColumn('item_id', 'integer', (c) => c.notNull())
    .addColumn('room_id', 'integer', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('counted_by', 'integer', (c) => c.references('accounts.id').onDelete('set null'))
    .addColumn('counted_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('count_item_rooms_pk', ['count_id', 'item_id', 'room_id'])
    .execute();

  await db.schema.alterTable('item_units').addColumn('last_counted_at', 'text').execute();
  await sql`create index item_units_last_counted on item_units (last_counted_at)`.execute(db);
}
