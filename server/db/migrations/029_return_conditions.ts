import type { Kysely } from 'kysely';
import { idColumn } from './helpers';

/**
 * What came back, and the repairs damage opens (docs/decisions/return-conditions.md):
 * - return_conditions (borrowing): per unit (tracked) or per quantity of a line (counted), the condition the office
 *   found when it verified the return (good, damaged, missing_parts, lost), a note, the photo, who and when; the
 *   repair it opened, and when that repair ended (`settled_at`, with `outcome` restored or retired) so stock comes
 *   back once only;
 * - repair_reports: the equipment damage a report is about (the request, item, unit, borrower, quantity, photo,
 *   and the trade suggested for the item's category), all null on the other reports, and how a damage repair
 *   ended (`damage_outcome`: repaired or retired).
 * Rows there are: nothing to backfill.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await idColumn(db, db.schema.createTable('return_conditions'))
    .addColumn('request_id', 'integer', (c) => c.notNull().references('borrow_requests.id').onDelete('cascade'))
    .addColumn('line_id', 'integer', (c) => c.notNull().references('borrow_request_items.id').onDelete('cascade'))
    .addColumn('item_id', 'integer', (c) => c.references('items.id').onDelete('set null'))
    .addColumn('unit_id', 'integer', (c) => c.references('item_units.id').onDelete('set null'))
    .addColumn('tag', 'text')
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('condition', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('photo_path', 'text')
    .addColumn('verified_by', 'integer', (c) => c.references('accounts.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('repair_id', 'integer', (c) => c.references('repair_reports.id').onDelete('set null'))
    .addColumn('settled_at', 'text')
    .addColumn('outcome', 'text')
    .execute();
  await db.schema.createIndex('return_conditions_request').on('return_conditions').columns(['request_id', 'line_id']).execute();
  await db.schema.createIndex('return_conditions_repair').on('return_conditions').column('repair_id').execute();
  await db.schema.createIndex('return_conditions_unit').on('return_conditions').column('unit_id').execute();

  await db.schema
    .alterTable('repair_reports')
    .addColumn('damage_request_id', 'integer', (c) => c.references('borrow_requests.id').onDelete('set null'))
    .execute();
  await db.schema
    .alterTable('repair_reports')
    .addColumn('damage_item_id', 'integer', (c) => c.references('items.id').onDelete('set null'))
    .execute();
  await db.schema.alterTable('repair_reports').addColumn('damage_item_name', 'text').execute();
  await db.schema
    .alterTable('repair_reports')
    .addColumn('damage_unit_id', 'integer', (c) => c.references('item_units.id').onDelete('set null'))
    .execute();
  await db.schema.alterTable('repair_reports').addColumn('damage_tag', 'text').execute();
  await db.schema.alterTable('repair_reports').addColumn('damage_quantity', 'integer').execute();
  await db.schema
    .alterTable('repair_reports')
    .addColumn('damage_borrower_id', 'integer', (c) => c.references('accounts.id').onDelete('set null'))
    .execute();
  await db.schema.alterTable('repair_reports').addColumn('damage_photo_path', 'text').execute();
  await db.schema.alterTable('repair_reports').addColumn('suggested_trade', 'text').execute();
  await db.schema.alterTable('repair_reports').addColumn('damage_outcome', 'text').execute();
  await db.schema.createIndex('repair_reports_damage_request').on('repair_reports').column('damage_request_id').execute();
}
