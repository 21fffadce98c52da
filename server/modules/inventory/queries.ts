/** Reads of the inventory: the item lists, items by id for a request, and the figures other screens show. */
import crypto from 'node:crypto';
import { sql, type ExpressionBuilder } from 'kysely';
import type { MonthFigure } from '../../../core/common/schemas';
import { availabilityOf, CATEGORIES, stockLevel, stockStatus } from '../../../core/inventory/rules';
import type { ItemDto, ItemList, ItemListParams } from '../../../core/inventory/schemas';
import type { Ctx } from '../../context';
import { onPostgres, type Db } from '../../db/database';
import type { DB, Item } from '../../db/schema';
import { anyContainsCI } from '../../db/search';
import { createListCache } from '../../lib/listCache';
import { pagedList } from '../../lib/lists';

type ItemRow = Item & { unit_count?: number | string | null };

/** Units of the item not retired, beside each item row (the list's "Tracked, n units"). */
const withUnitCount = (eb: ExpressionBuilder<DB, 'items'>) =>
  eb
    .selectFrom('item_units')
    .select(eb.fn.countAll<number>().as('n'))
    .whereRef('item_units.item_id', '=', 'items.id')
    .where('item_units.status', '!=', 'retired')
    .as('unit_count');

function toItemDto(item: ItemRow): ItemDto {
  const availability = availabilityOf(item);
  return {
    id: item.id,
    name: item.name,
    description: item.description,
    category: item.category,
    quantity: item.quantity,
    minStock: item.min_stock,
    itemStatus: item.item_status,
    stockStatus: stockStatus(item.quantity, item.min_stock),
    stockLevel: stockLevel(item.quantity, item.min_stock),
    borrowable: availability.borrowable,
    availableQuantity: availability.availableQuantity,
    availability: availability.status,
    photoUrl: item.photo_path ? photoUrlOf(item.id, item.photo_path) : null,
    tracking: item.tracking === 'tracked' ? 'tracked' : 'counted',
    unitCount: Number(item.unit_count ?? 0),
    kind: item.supply === 1 ? 'supply' : 'lent',
    reorderLevel: item.reorder_level,
    reorderQuantity: item.reorder_quantity,
    createdAt: item.created_at,
    updatedAt: item.updated_at,
  };
}

/**
 * An item photo's address: versioned by a digest of the stored file's name (never the name itself), so a new
 * photo gets a new address and browsers may keep a photo for as long as its address stands.
 */
export const photoUrlOf = (id: number, path: string) =>
  `/api/items/${id}/photo?v=${crypto.createHash('sha256').update(path).digest('hex').slice(0, 12)}`;

/** One item as the API shows it, or null when it is not in the inventory. */
export async function findItem(db: Db, id: number): Promise<ItemDto | null> {
  const item = await db.selectFrom('items').selectAll().select(withUnitCount).where('id', '=', id).executeTakeFirst();
  return item ? toItemDto(item) : null;
}

/** Where an item's photo is stored (null when it has none); undefined when the item is not there. */
export const photoPathOf = (db: Db, id: number) => db.selectFrom('items').select(['photo_path']).where('id', '=', id).executeTakeFirst();

/**
 * Answers of the item list, kept per process while no item changes (list_versions 'items', raised by the
 * database with every change, migration 012): the counts and the stat cards are counted over every item, and
 * people page, search and switch categories far more often than the office changes the stock.
 */
const cachedLists = createListCache<ItemList>('items');

/** The borrow grid and the inventory screens: search, category tabs with counts, item-status filter, and a stock summary. */
export async function listItems(ctx: Ctx, q: ItemListParams): Promise<ItemList> {
  return cachedLists(
    ctx.db,
    JSON.stringify([q.search ?? '', q.category, q.itemStatus ?? '', q.kind ?? '', q.sort, q.page, q.pageSize]),
    () => loadItems(ctx, q),
  );
}

async function loadItems(ctx: Ctx, q: ItemListParams): Promise<ItemList> {
  let filtered = ctx.db.selectFrom('items');
  if (q.search) filtered = filtered.where(anyContainsCI(ctx.dialect, ['name', 'category', 'description'], q.search));
  if (q.itemStatus) filtered = filtered.where('item_status', '=', q.itemStatus);
  if (q.kind) filtered = filtered.where('supply', '=', q.kind === 'supply' ? 1 : 0);
  const byName = sql`lower(name)`;
  const [list, summary] = await Promise.all([
    pagedList(filtered, {
      tabColumn: 'category',
      tabs: CATEGORIES,
      tab: q.category,
      page: q,
      order: {
        name: (b: typeof filtered) => b.orderBy(byName).orderBy('id'),
        quantity: (b: typeof filtered) => b.orderBy('quantity').orderBy(byName).orderBy('id'),
        newest: (b: typeof filtered) => b.orderBy('created_at', 'desc').orderBy('id', 'desc'),
      }[q.sort],
      rows: (b) => b.selectAll().select(withUnitCount).execute(),
    }),
    stockSummary(ctx.db),
  ]);
  return { items: list.rows.map(toItemDto), total: list.total, counts: list.counts, summary };
}

/** Every item the search and category match, by name: the CSV export of what the screen shows. */
export function itemsMatching(ctx: Ctx, q: { search?: string; category: string }): Promise<Item[]> {
  let b = ctx.db.selectFrom('items');
  if (q.search) b = b.where(anyContainsCI(ctx.dialect, ['name', 'category', 'description'], q.search));
  if (q.category !== 'all') b = b.where('category', '=', q.category);
  return b
    .selectAll()
    .orderBy(sql`lower(name)`)
    .orderBy('id')
    .execute();
}

/** Items whose name (any case) is one of these, for matching imported rows to the items they update. */
export async function itemsNamed(db: Db, names: string[]): Promise<Item[]> {
  const lower = [...new Set(names.map((n) => n.toLowerCase()))];
  const out: Item[] = [];
  for (let i = 0; i < lower.length; i += 500) {
    const chunk = lower.slice(i, i + 500);
    out.push(
      ...(await db
        .selectFrom('items')
        .selectAll()
        .where((eb) => eb(eb.fn('lower', ['name']), 'in', chunk))
        .execute()),
    );
  }
  return out;
}

/** The whole inventory by the three states of core stockStatus: out at 0 or less, low at or below the minimum, else in stock. */
export async function stockSummary(db: Db) {
  const row = await db
    .selectFrom('items')
    .select((eb) => [
      eb.fn.countAll<number>().as('total'),
      sql<number>`coalesce(sum(case when quantity <= 0 then 1 else 0 end), 0)`.as('out'),
      sql<number>`coalesce(sum(case when quantity > 0 and quantity <= min_stock then 1 else 0 end), 0)`.as('low'),
    ])
    .executeTakeFirstOrThrow();
  const total = Number(row.total);
  const out = Number(row.out);
  const low = Number(row.low);
  return { total, inStock: total - out - low, lowStock: low, outOfStock: out };
}

/** Items by id, for checking a borrow request against the inventory as it is now. */
export async function itemsByIds(db: Db, ids: number[]): Promise<Map<number, Item>> {
  if (!ids.length) return new Map();
  return new Map((await db.selectFrom('items').selectAll().where('id', 'in', ids).execute()).map((i) => [i.id, i]));
}

/** What a borrow request's lines show of their items: stock, status and whether units are tracked. */
export type ItemStock = Pick<Item, 'quantity' | 'item_status' | 'tracking'>;
export async function stockByIds(db: Db, ids: number[]): Promise<Map<number, ItemStock>> {
  if (!ids.length) return new Map();
  const rows = await db.selectFrom('items').select(['id', 'quantity', 'item_status', 'tracking']).where('id', 'in', ids).execute();
  return new Map(rows.map(({ id, ...stock }) => [id, stock]));
}

/** An item's stock and status now (say, to explain why it could not be taken), or undefined when it is gone. */
export const stockOf = (db: Db, id: number) =>
  db.selectFrom('items').select(['quantity', 'item_status']).where('id', '=', id).executeTakeFirst();

/** Landing page: units on hand of the items that can be borrowed. */
export async function unitsAvailable(db: Db): Promise<number> {
  const row = await db
    .selectFrom('items')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('quantity'), sql<number>`0`).as('n'))
    .where('item_status', '=', 'available')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Admin dashboard: items in all, and those added this month and last. */
export async function itemsFigure(db: Db, months: { lastMonth: string; thisMonth: string }): Promise<MonthFigure> {
  const row = await db
    .selectFrom('items')
    .select((eb) => [
      eb.fn.countAll<number>().as('value'),
      sql<number>`coalesce(sum(case when created_at >= ${months.thisMonth} then 1 else 0 end), 0)`.as('thisMonth'),
      sql<number>`coalesce(sum(case when created_at >= ${months.lastMonth} and created_at < ${months.thisMonth} then 1 else 0 end), 0)`.as(
        'lastMonth',
      ),
    ])
    .executeTakeFirstOrThrow();
  return { value: Number(row.value), thisMonth: Number(row.thisMonth), lastMonth: Number(row.lastMonth) };
}

/** Every item, by category and name, for the inventory report (dashboard/inventoryReport.ts). */
/** Every item's name and category (the dashboards' usage chart names items and categories by them). */
export const itemNamesAndCategories = (db: Db) => db.selectFrom('items').select(['id', 'name', 'category']).execute();

export const reportItems = (db: Db) => db.selectFrom('items').selectAll().orderBy('category').orderBy('name').orderBy('id').execute();

/** A tracked item's units by status, counted by the database (index item_units_item_status). */
export type UnitStatusCounts = { available: number; onLoan: number; issued: number; inRepair: number; lost: number };

/**
 * Stock figures (docs/decisions/stock-figures.md): each item's tracking and stock on hand, and for tracked items
 * their units counted by status, for the given items or (no ids) every item. Grouped in the database.
 */
export async function itemStockBasis(
  db: Db,
  ids?: number[],
): Promise<Map<number, { tracked: boolean; quantity: number; units: UnitStatusCounts | null }>> {
  if (ids && !ids.length) return new Map();
  let items = db.selectFrom('items').select(['id', 'tracking', 'quantity']);
  if (ids) items = items.where('id', 'in', ids);
  let units = db
    .selectFrom('item_units')
    .select((eb) => ['item_id', 'status', eb.fn.countAll<number>().as('n')])
    .where('status', 'in', ['available', 'on_loan', 'issued', 'in_repair', 'lost'])
    .groupBy(['item_id', 'status']);
  if (ids) units = units.where('item_id', 'in', ids);
  const [itemRows, unitRows] = await Promise.all([items.execute(), units.execute()]);
  const out = new Map(
    itemRows.map((i) => [
      i.id,
      {
        tracked: i.tracking === 'tracked',
        quantity: i.quantity,
        units: i.tracking === 'tracked' ? { available: 0, onLoan: 0, issued: 0, inRepair: 0, lost: 0 } : null,
      },
    ]),
  );
  const key = { available: 'available', on_loan: 'onLoan', issued: 'issued', in_repair: 'inRepair', lost: 'lost' } as const;
  for (const r of unitRows) {
    const units = out.get(r.item_id)?.units;
    if (units) units[key[r.status as keyof typeof key]] = Number(r.n);
  }
  return out;
}

/** What availability by date starts from (docs/decisions/reservations.md): each item's name, shelf and status. */
export const shelfOf = (db: Db, ids: number[]) =>
  db.selectFrom('items').select(['id', 'name', 'quantity', 'item_status']).where('id', 'in', ids).execute();

/**
 * Locks the items' rows in id order (PostgreSQL; SQLite runs one write transaction at a time), so two decisions on
 * the same item's dates run one after the other, as approvals' stock updates do.
 */
export async function lockItemRows(trx: Db, ids: number[]): Promise<void> {
  if (!ids.length || !onPostgres(trx)) return;
  await trx
    .selectFrom('items')
    .select('id')
    .where(
      'id',
      'in',
      [...new Set(ids)].sort((a, b) => a - b),
    )
    .orderBy('id')
    .forUpdate()
    .execute();
}
