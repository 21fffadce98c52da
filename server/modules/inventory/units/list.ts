/** The Units list of a tracked item (docs/decisions/units.md), kept while none of its units or items changes. */
import { sql } from 'kysely';
import type { UnitList, UnitListParams } from '../../../../core/inventory/unitSchemas';
import { UNIT_STATUSES, type UnitStatus } from '../../../../core/inventory/units';
import type { Ctx } from '../../../context';
import { anyContainsCI } from '../../../db/search';
import { notFound } from '../../../errors';
import { createListCache } from '../../../lib/listCache';
import { offsetOf } from '../../../lib/paging';
import { toUnitDto, unitColumns, unitsJoined } from './rows';

const keptUnits = createListCache<UnitList>(['item_units', 'items']);

/** A tracked item's units: search by tag or serial number, a status tab with counts, by tag; kept while none changes. */
export async function listUnits(ctx: Ctx, itemId: number, q: UnitListParams): Promise<UnitList> {
  const key = JSON.stringify([itemId, q.search ?? '', q.status, q.page, q.pageSize]);
  return keptUnits(ctx.db, key, () => loadUnits(ctx, itemId, q));
}

async function loadUnits(ctx: Ctx, itemId: number, q: UnitListParams): Promise<UnitList> {
  const item = await ctx.db.selectFrom('items').select(['id', 'name', 'tracking', 'quantity']).where('id', '=', itemId).executeTakeFirst();
  if (!item) throw notFound('This item is no longer in the inventory.');
  let filtered = unitsJoined(ctx.db).where('u.item_id', '=', itemId);
  if (q.search) filtered = filtered.where(anyContainsCI(ctx.dialect, ['u.tag', 'u.serial_number'], q.search));
  const inTab = q.status === 'all' ? filtered : filtered.where('u.status', '=', q.status);
  const [tabRows, rows] = await Promise.all([
    filtered
      .select(['u.status as tab', sql<number>`count(*)`.as('n')])
      .groupBy('u.status')
      .execute(),
    unitColumns(inTab).orderBy('u.tag').limit(q.pageSize).offset(offsetOf(q)).execute(),
  ]);
  const counts = { all: 0 } as UnitList['counts'];
  for (const s of UNIT_STATUSES) counts[s] = 0;
  for (const { tab, n } of tabRows) {
    if ((UNIT_STATUSES as readonly string[]).includes(tab)) counts[tab as UnitStatus] += Number(n);
    counts.all += Number(n);
  }
  return { items: rows.map(toUnitDto), total: counts[q.status], counts, item };
}
