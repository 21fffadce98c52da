import { sql, type Kysely } from 'kysely';

/**
 * The stock card at scale (docs/decisions/stock-card.md, "At scale"):
 * - entry_no: an entry's number on its item's card (1 = the first), written by the ledger under the item's row
 *   lock; a page is a range of numbers (the newest entry's number is the card's length), so page 900 of a card
 *   of 20,000 entries reads 20 rows, not 18,000. Numbered here for the entries there are, in their order.
 * - The average unit cost and To Reorder's 90 days' use each read a partial index holding only their entries
 *   (received and reversed at a cost; issued and lent), with what they add up, instead of the whole card.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('stock_movements')
    .addColumn('entry_no', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update stock_movements set entry_no = numbered.n from
    (select id, row_number() over (partition by item_id order by id) as n from stock_movements) as numbered
    where numbered.id = stock_movements.id`.execute(db);
  await sql`create unique index stock_movements_entry on stock_movements (item_id, entry_no)`.execute(db);
  await sql`drop index stock_movements_card`.execute(db);
  await sql`create index stock_movements_costs on stock_movements (item_id, unit_cost_cents, quantity)
    where kind in ('received', 'reversed') and unit_cost_cents is not null`.execute(db);
  await sql`create index stock_movements_use on stock_movements (item_id, created_at, quantity)
    where kind in ('issued', 'lent')`.execute(db);
}
