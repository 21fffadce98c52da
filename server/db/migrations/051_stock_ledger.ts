import { sql, type Kysely } from 'kysely';
import { idColumn } from './helpers';

/**
 * The stock card (docs/decisions/stock-card.md), and the deliveries that feed it:
 * - suppliers: the office's list of who delivers (name unique in any case, a contact);
 * - deliveries and delivery_lines: a delivery received (supplier, reference, date received), its lines of item,
 *   quantity and unit cost in centavos; never edited, only reversed with a reason;
 * - stock_movements: every change of an item's stock, with its kind, signed quantity, the balance after it, the unit
 *   cost where known, who, what it belongs to (request, delivery, repair, count, unit) and a reason.
 * Every item there is gets one opening entry equal to its quantity, so its card's balance is its stock from the start.
 */
export const OPENING_REASON = 'Stock on hand when the stock card began';

export async function up(db: Kysely<any>): Promise<void> {
  await idColumn(db, db.schema.createTable('suppliers'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_key', 'text', (c) => c.notNull().unique())
    .addColumn('contact', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await idColumn(db, db.schema.createTable('deliveries'))
    .addColumn('supplier_id', 'integer', (c) => c.notNull().references('suppliers.id'))
    .addColumn('reference', 'text', (c) => c.notNull())
    .addColumn('received_on', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('total_cents', 'integer', (c) => c.notNull())
    .addColumn('received_by', 'integer', (c) => c.references('accounts.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('reversed_at', 'text')
    .addColumn('reversed_by', 'integer', (c) => c.references('accounts.id').onDelete('set null'))
    .addColumn('reverse_reason', 'text')
    .addColumn('search_text', 'text', (c) => c.notNull())
    .execute();
  await sql`create index deliveries_received on deliveries (received_on desc, id desc)`.execute(db);

  await idColumn(db, db.schema.createTable('delivery_lines'))
    .addColumn('delivery_id', 'integer', (c) => c.notNull().references('deliveries.id').onDelete('cascade'))
    .addColumn('item_id', 'integer', (c) => c.references('items.id').onDelete('set null'))
    .addColumn('item_name', 'text', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('unit_cost_cents', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('delivery_lines_delivery').on('delivery_lines').column('delivery_id').execute();
  await db.schema.createIndex('delivery_lines_item').on('delivery_lines').column('item_id').execute();

  await idColumn(db, db.schema.createTable('stock_movements'))
    .addColumn('item_id', 'integer', (c) => c.notNull().references('items.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('balance_after', 'integer', (c) => c.notNull())
    .addColumn('unit_cost_cents', 'integer')
    .addColumn('actor_id', 'integer', (c) => c.references('accounts.id').onDelete('set null'))
    .addColumn('request_id', 'integer', (c) => c.references('borrow_requests.id').onDelete('set null'))
    .addColumn('delivery_id', 'integer', (c) => c.references('deliveries.id').onDelete('set null'))
    .addColumn('repair_id', 'integer', (c) => c.references('repair_reports.id').onDelete('set null'))
    .addColumn('count_id', 'integer')
    .addColumn('unit_id', 'integer', (c) => c.references('item_units.id').onDelete('set null'))
    .addColumn('reason', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // An item's card in its order (entries are numbered in the order their item's row was locked).
  await sql`create index stock_movements_card on stock_movements (item_id, id)`.execute(db);
  await sql`create index stock_movements_delivery on stock_movements (delivery_id) where delivery_id is not null`.execute(db);

  const at = new Date().toISOString();
  await sql`insert into stock_movements (item_id, kind, quantity, balance_after, reason, created_at)
    select id, 'opening', quantity, quantity, ${OPENING_REASON}, ${at} from items order by id`.execute(db);
}
