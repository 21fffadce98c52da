import { sql, type Kysely } from 'kysely';

/**
 * What an asset register records (docs/decisions/stock-card.md): a tracked unit's purchase date, purchase cost (centavos),
 * supplier, warranty end and property number (unique when given), and the delivery that made it. Set by that
 * delivery or edited on the unit; units there are keep none.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('item_units').addColumn('purchase_date', 'text').execute();
  await db.schema.alterTable('item_units').addColumn('purchase_cost_cents', 'integer').execute();
  await db.schema
    .alterTable('item_units')
    .addColumn('supplier_id', 'integer', (c) => c.references('suppliers.id').onDelete('set null'))
    .execute();
  await db.schema.alterTable('item_units').addColumn('warranty_end', 'text').execute();
  await db.schema.alterTable('item_units').addColumn('property_number', 'text').execute();
  await db.schema
    .alterTable('item_units')
    .addColumn('delivery_id', 'integer', (c) => c.references('deliveries.id').onDelete('set null'))
    .execute();
  await sql`create unique index item_units_property_number on item_units (property_number) where property_number is not null`.execute(db);
  await sql`create index item_units_warranty on item_units (warranty_end) where warranty_end is not null`.execute(db);
  await sql`create index item_units_delivery on item_units (delivery_id) where delivery_id is not null`.execute(db);
}
