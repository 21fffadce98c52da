/**
 * An item's stock card (docs/decisions/stock-card.md): its entries newest first, each page a range of the entries'
 * numbers on the card (migration 060), so page 900 of a card of twenty thousand entries reads twenty rows; the
 * card's length is its newest entry's number; the average unit cost weighted over what was received, net of
 * reversals, from the partial index that holds those entries alone. The whole card, oldest first, for CSV and PDF.
 */
import { stringify } from 'csv-stringify/sync';
import { sql } from 'kysely';
import { formatPesoPdf } from '../../../../core/format';

import { STOCK_KIND_LABELS, type StockKind } from '../../../../core/inventory/stock';
import type { StockCardDto, StockEntryDto } from '../../../../core/inventory/stockSchemas';
import { MSG } from '../../../../core/messages';
import { formatDateTimeIn } from '../../../../core/time';
import type { Db } from '../../../db/database';
import { notFound } from '../../../errors';
import { createListCache } from '../../../lib/listCache';
import { drawPageNumbers, drawTable, generatedLine, letterheadPdf, pdfBytes } from '../../../lib/pdfDocument';

async function itemOf(db: Db, id: number) {
  const item = await db
    .selectFrom('items')
    .select(['id', 'name', 'category', 'tracking', 'quantity'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!item) throw notFound(MSG.itemNotFound);
  return item;
}

function entries(db: Db, itemId: number) {
  return db
    .selectFrom('stock_movements as m')
    .leftJoin('accounts as a', 'a.id', 'm.actor_id')
    .leftJoin('deliveries as d', 'd.id', 'm.delivery_id')
    .leftJoin('item_units as u', 'u.id', 'm.unit_id')
    .select([
      'm.id',
      'm.kind',
      'm.quantity',
      'm.balance_after',
      'm.unit_cost_cents',
      'a.full_name as actor_name',
      'm.request_id',
      'm.delivery_id',
      'd.reference as delivery_reference',
      'm.repair_id',
      'm.count_id',
      'u.tag as unit_tag',
      'm.reason',
      'm.created_at',
    ])
    .where('m.item_id', '=', itemId);
}

type EntryRow = Awaited<ReturnType<ReturnType<typeof entries>['execute']>>[number];
const dto = (r: EntryRow): StockEntryDto => ({
  id: r.id,
  kind: r.kind as StockKind,
  quantity: Number(r.quantity),
  balanceAfter: Number(r.balance_after),
  unitCost: r.unit_cost_cents === null ? null : Number(r.unit_cost_cents) / 100,
  actorName: r.actor_name,
  requestId: r.request_id,
  deliveryId: r.delivery_id,
  deliveryReference: r.delivery_reference,
  repairId: r.repair_id,
  countId: r.count_id,
  unitTag: r.unit_tag,
  reason: r.reason,
  createdAt: r.created_at,
});

/** The weighted average cost of what was received (reversals net out), in pesos; null when nothing was received at a cost. */
export async function averageUnitCost(db: Db, itemId: number): Promise<number | null> {
  const row = await db
    .selectFrom('stock_movements')
    .select((eb) => [eb.fn.sum<number>(eb('quantity', '*', eb.ref('unit_cost_cents'))).as('cost'), eb.fn.sum<number>('quantity').as('qty')])
    .where('item_id', '=', itemId)
    // As the partial index stock_movements_costs says it, word for word, so both databases read that index alone.
    .where(sql<boolean>`kind in ('received', 'reversed') and unit_cost_cents is not null`)
    .executeTakeFirst();
  const qty = Number(row?.qty ?? 0);
  if (!(qty > 0)) return null;
  return Math.round(Number(row!.cost) / qty) / 100;
}

/**
 * Kept while no item changes (server/lib/listCache.ts): every entry is written with its item's row (the ledger's
 * one writer), so the items' version moves with every card; names, tags and references with their own lists.
 */
const keptCards = createListCache<StockCardDto>(['items', 'accounts', 'item_units', 'deliveries'], 100);

export async function stockCardOf(db: Db, itemId: number, q: { page: number; pageSize: number }): Promise<StockCardDto> {
  return keptCards(db, `${itemId}\n${q.page}\n${q.pageSize}`, () => freshCard(db, itemId, q));
}

async function freshCard(db: Db, itemId: number, q: { page: number; pageSize: number }): Promise<StockCardDto> {
  const item = await itemOf(db, itemId);
  const [total, average] = await Promise.all([
    db
      .selectFrom('stock_movements')
      .select((eb) => eb.fn.max<number | null>('entry_no').as('n'))
      .where('item_id', '=', itemId)
      .executeTakeFirst()
      .then((r) => Number(r?.n ?? 0)),
    averageUnitCost(db, itemId),
  ]);
  // Entries are never taken off a card (only with their item), so its numbers run 1 to total without a gap.
  const newest = total - (q.page - 1) * q.pageSize;
  const rows =
    newest > 0 ? await entries(db, itemId).where('m.entry_no', '<=', newest).orderBy('m.entry_no', 'desc').limit(q.pageSize).execute() : [];
  return { item: { ...item, quantity: Number(item.quantity) }, averageUnitCost: average, items: rows.map(dto), total };
}

/** What an entry belongs to, in words: the request, delivery, repair, count or unit. */
export const linkOf = (e: StockEntryDto) =>
  [
    e.requestId !== null ? `REQ-${e.requestId}` : null,
    e.deliveryReference !== null ? `Delivery ${e.deliveryReference}` : null,
    e.repairId !== null ? `Repair #${e.repairId}` : null,
    e.countId !== null ? `Count #${e.countId}` : null,
    e.unitTag,
  ]
    .filter(Boolean)
    .join(', ');

async function wholeCard(db: Db, itemId: number) {
  const item = await itemOf(db, itemId);
  const rows = (await entries(db, itemId).orderBy('m.entry_no').execute()).map(dto);
  return { item, rows, average: await averageUnitCost(db, itemId) };
}

export const STOCK_CARD_COLUMNS = ['Date', 'Entry', 'Quantity', 'Balance', 'Unit cost', 'By', 'For', 'Reason'] as const;

export async function stockCardCsv(db: Db, itemId: number, timeZone: string): Promise<{ name: string; csv: string }> {
  const { item, rows } = await wholeCard(db, itemId);
  const csv = stringify([
    [...STOCK_CARD_COLUMNS],
    ...rows.map((e) => [
      formatDateTimeIn(e.createdAt, timeZone),
      STOCK_KIND_LABELS[e.kind],
      e.quantity,
      e.balanceAfter,
      e.unitCost === null ? '' : e.unitCost.toFixed(2),
      e.actorName ?? '',
      linkOf(e),
      e.reason ?? '',
    ]),
  ]);
  return { name: item.name, csv };
}

export async function stockCardPdf(
  db: Db,
  itemId: number,
  head: { office: string; institution: string; timeZone: string },
): Promise<{ name: string; pdf: Buffer }> {
  const { item, rows, average } = await wholeCard(db, itemId);
  const doc = letterheadPdf(
    head,
    `Stock card: ${item.name}`,
    `${item.category} · Balance ${item.quantity}${average === null ? '' : ` · Average unit cost ${formatPesoPdf(average)}`} · ${generatedLine(new Date().toISOString(), head.timeZone)}`,
  );
  drawTable(
    doc,
    [
      { header: 'Date', width: 1.6 },
      { header: 'Entry', width: 1.1 },
      { header: 'Qty', width: 0.6, align: 'right' },
      { header: 'Balance', width: 0.7, align: 'right' },
      { header: 'Unit cost', width: 0.9, align: 'right' },
      { header: 'By', width: 1.2 },
      { header: 'For / reason', width: 2 },
    ],
    rows.map((e) => [
      formatDateTimeIn(e.createdAt, head.timeZone),
      STOCK_KIND_LABELS[e.kind],
      e.quantity > 0 ? `+${e.quantity}` : String(e.quantity),
      String(e.balanceAfter),
      e.unitCost === null ? '' : formatPesoPdf(e.unitCost),
      e.actorName ?? '',
      [linkOf(e), e.reason].filter(Boolean).join(': '),
    ]),
  );
  drawPageNumbers(doc);
  return { name: item.name, pdf: await pdfBytes(doc) };
}
