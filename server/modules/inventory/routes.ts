import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import {
  availabilityOf, CATEGORIES, ITEM_STATUSES, OPEN_LOAN_STATUSES, overdueDays, requestCode, stockLevel, stockStatus,
  type RequestStatus,
} from '../../../core/borrowing';
import type { ItemDto, ItemList, UnreturnedItemDto } from '../../../core/borrowingTypes';
import { MSG } from '../../../core/messages';
import { OFFICE_ROLES, ROLES } from '../../../core/roles';
import { todayIn } from '../../../core/time';
import type { Ctx } from '../../context';
import { containsCI } from '../../db/database';
import type { Item } from '../../db/schema';
import { offsetOf, pagingQuery } from '../../lib/paging';

export function toItemDto(item: Item): ItemDto {
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
  };
}

/** The read side of the inventory: the borrow grid, the inventory screens' lists and the unreturned items. */
export async function inventoryRoutes(app: FastifyInstance, ctx: Ctx) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, dialect } = ctx;

  r.get('/api/items', {
    config: { access: ROLES },
    schema: {
      tags: ['inventory'],
      summary: 'Inventory items with stock status and availability; search by name, category or description; category and item-status filters; counts per category and a stock summary',
      querystring: z.object({
        ...pagingQuery,
        category: z.enum(['all', ...CATEGORIES]).default('all'),
        itemStatus: z.enum(ITEM_STATUSES).optional(),
        sort: z.enum(['name', 'quantity', 'newest']).default('name'),
      }),
    },
  }, async (req): Promise<ItemList> => {
    const q = req.query;
    let base = db.selectFrom('items');
    if (q.search) {
      const term = q.search;
      base = base.where((eb) => eb.or([
        containsCI(dialect, 'name', term), containsCI(dialect, 'category', term), containsCI(dialect, 'description', term),
      ]));
    }
    if (q.itemStatus) base = base.where('item_status', '=', q.itemStatus);
    const filtered = q.category === 'all' ? base : base.where('category', '=', q.category);
    const byName = sql`lower(name)`;
    const order = {
      name: (b: typeof filtered) => b.orderBy(byName).orderBy('id'),
      quantity: (b: typeof filtered) => b.orderBy('quantity').orderBy(byName).orderBy('id'),
      newest: (b: typeof filtered) => b.orderBy('created_at', 'desc').orderBy('id', 'desc'),
    }[q.sort];
    const [categoryRows, summary, rows] = await Promise.all([
      base.select(['category', (eb) => eb.fn.countAll<number>().as('n')]).groupBy('category').execute(),
      // The same three states as core stockStatus: out at 0 or less, low at or below the minimum, else in stock.
      db.selectFrom('items').select((eb) => [
        eb.fn.countAll<number>().as('total'),
        sql<number>`coalesce(sum(case when quantity <= 0 then 1 else 0 end), 0)`.as('out'),
        sql<number>`coalesce(sum(case when quantity > 0 and quantity <= min_stock then 1 else 0 end), 0)`.as('low'),
      ]).executeTakeFirstOrThrow(),
      order(filtered).selectAll().limit(q.pageSize).offset(offsetOf(q)).execute(),
    ]);
    const counts: Record<string, number> = { all: 0 };
    for (const c of CATEGORIES) counts[c] = 0;
    for (const row of categoryRows) {
      counts[row.category] = Number(row.n);
      counts.all += Number(row.n);
    }
    const total = Number(summary.total);
    const out = Number(summary.out);
    const low = Number(summary.low);
    return {
      items: rows.map(toItemDto),
      total: counts[q.category] ?? 0,
      counts,
      summary: { total, inStock: total - out - low, lowStock: low, outOfStock: out },
    };
  });

  r.get('/api/items/unreturned', {
    config: { access: OFFICE_ROLES },
    schema: {
      tags: ['inventory'],
      summary: 'Items lent and not yet back in stock (approved, or returned awaiting verification), soonest due first, with the total units',
      querystring: z.object({ ...pagingQuery, pageSize: z.coerce.number().int().min(1).max(500).default(100) }),
    },
  }, async (req): Promise<{ items: UnreturnedItemDto[]; total: number; totalQuantity: number }> => {
    const q = req.query;
    let base = db.selectFrom('borrow_request_items as bri')
      .innerJoin('borrow_requests as br', 'br.id', 'bri.request_id')
      .leftJoin('accounts as a', 'a.id', 'br.account_id')
      .where('br.status', 'in', [...OPEN_LOAN_STATUSES])
      .where('bri.quantity_approved', '>', 0);
    if (q.search) {
      const term = q.search;
      base = base.where((eb) => eb.or([
        containsCI(dialect, 'bri.item_name', term), containsCI(dialect, 'a.full_name', term), containsCI(dialect, 'br.purpose', term),
      ]));
    }
    const [totals, rows] = await Promise.all([
      base.select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.coalesce(eb.fn.sum<number>('bri.quantity_approved'), sql<number>`0`).as('units')])
        .executeTakeFirstOrThrow(),
      base.select([
        'br.id as request_id', 'br.status', 'br.account_id', 'a.full_name', 'br.purpose', 'bri.item_id', 'bri.item_name', 'bri.category',
        'bri.quantity_approved', 'br.date_needed', 'br.date_expected_return',
      ]).orderBy('br.date_expected_return').orderBy('br.id').orderBy('bri.id').limit(q.pageSize).offset(offsetOf(q)).execute(),
    ]);
    const today = todayIn(ctx.config.campusTimeZone);
    return {
      items: rows.map((row) => ({
        requestId: row.request_id,
        requestCode: requestCode(row.request_id),
        status: row.status as RequestStatus,
        userId: row.account_id,
        fullName: row.full_name ?? MSG.deletedUser,
        purpose: row.purpose,
        itemId: row.item_id,
        itemName: row.item_name,
        category: row.category,
        quantityApproved: row.quantity_approved,
        dateNeeded: row.date_needed,
        dateExpectedReturn: row.date_expected_return,
        overdueDays: row.status === 'approved' ? overdueDays(row.date_expected_return, today) : 0,
      })),
      total: Number(totals.n),
      totalQuantity: Number(totals.units),
    };
  });
}
