/** The deliveries' reads (docs/decisions/stock-card.md): the suppliers list, the deliveries list, one delivery, Warranty ending. */
import type { DeliveryDto, DeliveryRowDto, SupplierDto, WarrantyRowDto } from '../../../../core/inventory/stockSchemas';
import { DELIVERY_MSG } from '../../../../core/inventory/deliveries';
import { addDays, todayIn } from '../../../../core/time';
import type { Ctx } from '../../../context';
import type { Db } from '../../../db/database';
import { containsCI } from '../../../db/search';
import { notFound } from '../../../errors';
import { createListCache } from '../../../lib/listCache';

export async function listSuppliers(ctx: Ctx, q: { search?: string }): Promise<{ items: SupplierDto[] }> {
  let query = ctx.db.selectFrom('suppliers').select(['id', 'name', 'contact']).orderBy('name_key').limit(500);
  if (q.search)
    query = query.where((eb) => eb.or([containsCI(ctx.dialect, 'name', q.search!), containsCI(ctx.dialect, 'contact', q.search!)]));
  return { items: await query.execute() };
}

const rowsBase = (db: Db) =>
  db
    .selectFrom('deliveries as d')
    .innerJoin('suppliers as s', 's.id', 'd.supplier_id')
    .select((eb) => [
      'd.id',
      's.name as supplier_name',
      'd.reference',
      'd.received_on',
      'd.total_cents',
      'd.reversed_at',
      eb
        .selectFrom('delivery_lines as l')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('l.delivery_id', '=', 'd.id')
        .as('line_count'),
    ]);

type Row = Awaited<ReturnType<ReturnType<typeof rowsBase>['execute']>>[number];
const rowDto = (r: Row): DeliveryRowDto => ({
  id: r.id,
  supplierName: r.supplier_name,
  reference: r.reference,
  receivedOn: r.received_on,
  total: Number(r.total_cents) / 100,
  lineCount: Number(r.line_count),
  reversed: r.reversed_at !== null,
});

type DeliveryListQuery = { page: number; pageSize: number; search?: string; status: 'all' | 'received' | 'reversed' };
type DeliveryPage = { items: DeliveryRowDto[]; total: number; counts: { all: number; received: number; reversed: number } };

/** Kept while no delivery is recorded or reversed (migration 061): their lines and suppliers' names never change. */
const keptDeliveries = createListCache<DeliveryPage>('deliveries', 100);

/** Deliveries, newest received first, paged and counted by the database; search by reference, supplier or item. */
export async function listDeliveries(ctx: Ctx, q: DeliveryListQuery): Promise<DeliveryPage> {
  return keptDeliveries(ctx.db, `${q.status}\n${q.page}\n${q.pageSize}\n${q.search ?? ''}`, () => freshDeliveries(ctx, q));
}

async function freshDeliveries(ctx: Ctx, q: DeliveryListQuery): Promise<DeliveryPage> {
  const term = q.search?.toLowerCase();
  const filtered = <T extends { where: (...a: any[]) => T }>(b: T): T =>
    term ? (b as any).where(containsCI(ctx.dialect, 'd.search_text', term)) : b;
  let page = filtered(ctx.db.selectFrom('deliveries as d'));
  if (q.status === 'received') page = page.where('d.reversed_at', 'is', null);
  if (q.status === 'reversed') page = page.where('d.reversed_at', 'is not', null);
  // The page's deliveries first, then their rows: a deep page skips index entries, not line counts.
  const ids = page
    .select('d.id')
    .orderBy('d.received_on', 'desc')
    .orderBy('d.id', 'desc')
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  const [rows, counts] = await Promise.all([
    rowsBase(ctx.db).where('d.id', 'in', ids).orderBy('d.received_on', 'desc').orderBy('d.id', 'desc').execute(),
    filtered(ctx.db.selectFrom('deliveries as d'))
      .select((eb) => [eb.fn.countAll<number>().as('all'), eb.fn.count<number>('d.reversed_at').as('reversed')])
      .executeTakeFirstOrThrow(),
  ]);
  const all = Number(counts.all);
  const reversed = Number(counts.reversed);
  const c = { all, received: all - reversed, reversed };
  return { items: rows.map(rowDto), total: c[q.status], counts: c };
}

export async function findDelivery(db: Db, id: number): Promise<DeliveryDto> {
  const d = await rowsBase(db)
    .leftJoin('accounts as r', 'r.id', 'd.received_by')
    .leftJoin('accounts as v', 'v.id', 'd.reversed_by')
    .select([
      'd.supplier_id',
      's.contact',
      'd.note',
      'r.full_name as received_by',
      'd.created_at',
      'v.full_name as reversed_by',
      'd.reverse_reason',
    ])
    .where('d.id', '=', id)
    .executeTakeFirst();
  if (!d) throw notFound(DELIVERY_MSG.deliveryNotFound);
  const [lines, units] = await Promise.all([
    db.selectFrom('delivery_lines').selectAll().where('delivery_id', '=', id).orderBy('id').execute(),
    db.selectFrom('item_units').select(['item_id', 'tag']).where('delivery_id', '=', id).orderBy('tag').execute(),
  ]);
  return {
    ...rowDto(d),
    supplierId: d.supplier_id,
    supplierContact: d.contact,
    note: d.note,
    receivedBy: d.received_by,
    createdAt: d.created_at,
    reversedAt: d.reversed_at,
    reversedBy: d.reversed_by,
    reverseReason: d.reverse_reason,
    lines: lines.map((l) => ({
      id: l.id,
      itemId: l.item_id,
      itemName: l.item_name,
      quantity: l.quantity,
      unitCost: l.unit_cost_cents / 100,
      lineTotal: (l.quantity * l.unit_cost_cents) / 100,
      tags: units.filter((u) => u.item_id === l.item_id).map((u) => u.tag),
    })),
  };
}

/** Warranty ending: units not retired whose warranty ends from today to `days` days on, soonest first. */
export async function warrantyEnding(ctx: Ctx, q: { days: number; page: number; pageSize: number }) {
  const today = todayIn(ctx.config.campusTimeZone);
  const base = ctx.db
    .selectFrom('item_units as u')
    .where('u.warranty_end', '>=', today)
    .where('u.warranty_end', '<=', addDays(today, q.days))
    .where('u.status', '!=', 'retired');
  const [rows, total] = await Promise.all([
    base
      .innerJoin('items as i', 'i.id', 'u.item_id')
      .leftJoin('suppliers as s', 's.id', 'u.supplier_id')
      .select(['u.id', 'u.tag', 'u.item_id', 'i.name', 'u.property_number', 's.name as supplier_name', 'u.warranty_end', 'u.status'])
      .orderBy('u.warranty_end')
      .orderBy('u.tag')
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const items: WarrantyRowDto[] = rows.map((r) => ({
    unitId: r.id,
    tag: r.tag,
    itemId: r.item_id,
    itemName: r.name,
    propertyNumber: r.property_number,
    supplierName: r.supplier_name,
    warrantyEnd: r.warranty_end!,
    status: r.status,
  }));
  return { items, total: Number(total.n) };
}
