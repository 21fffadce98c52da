/**
 * To Reorder (docs/decisions/reorder.md): items at or below their reorder level, with what was issued and lent in
 * the last 90 days from the stock card and the suggested quantity; its CSV; and the daily digest of the items that
 * crossed their level, once per crossing.
 */
import { stringify } from 'csv-stringify/sync';
import { sql } from 'kysely';
import { REORDER_CSV_HEADER, reorderDigest, reorderDigestEntry, type ReorderList } from '../../../core/inventory/reorder';
import { ITEM_KIND_LABELS, REORDER_DAYS, suggestedReorder } from '../../../core/inventory/supplies';
import type { Ctx } from '../../context';
import type { Db } from '../../db/database';
import type { DailyJob } from '../../lib/dailyJobs';
import { createListCache } from '../../lib/listCache';

export const REORDER_JOB = 'reorder_digest';

/** Every item at or below its level, by name, with its use over the last 90 days (issued and lent, as positive units). */
export async function reorderList(db: Db, now = new Date()): Promise<ReorderList> {
  // The 90 days counted from the minute: one answer kept per minute while no item changes (every stock entry is
  // written with its item's row, so the items' version moves with the use too).
  const since = new Date(Math.floor(now.getTime() / 60_000) * 60_000 - REORDER_DAYS * 86_400_000).toISOString();
  return keptLists(db, since, () => freshList(db, since));
}

const keptLists = createListCache<ReorderList>('items', 4);

async function freshList(db: Db, since: string): Promise<ReorderList> {
  const rows = await db
    .selectFrom('items as i')
    .select([
      'i.id',
      'i.name',
      'i.category',
      'i.supply',
      'i.quantity',
      'i.reorder_level',
      'i.reorder_quantity',
      (eb) =>
        eb
          .selectFrom('stock_movements as m')
          .select(sql<number>`coalesce(sum(-m.quantity), 0)`.as('n'))
          .whereRef('m.item_id', '=', 'i.id')
          // As the partial index stock_movements_use says it (migration 060): the 90 days of use are read from it alone.
          .where(sql<boolean>`m.kind in ('issued', 'lent')`)
          .where('m.created_at', '>=', since)
          .as('used'),
    ])
    .where('i.reorder_level', 'is not', null)
    .where((eb) => eb('i.quantity', '<=', eb.ref('i.reorder_level')))
    .orderBy(sql`lower(i.name)`)
    .orderBy('i.id')
    .execute();
  return {
    days: REORDER_DAYS,
    items: rows.map((r) => {
      const used = Math.max(0, Number(r.used ?? 0));
      const reorderLevel = r.reorder_level!;
      return {
        id: r.id,
        name: r.name,
        category: r.category,
        kind: r.supply === 1 ? 'supply' : 'lent',
        quantity: r.quantity,
        reorderLevel,
        reorderQuantity: r.reorder_quantity,
        used,
        suggested: suggestedReorder({ quantity: r.quantity, reorderLevel, reorderQuantity: r.reorder_quantity, used }),
      };
    }),
  };
}

/** The list as a CSV for purchasing (Excel opens it: a byte-order mark and CRLF, as the inventory export). */
export async function reorderCsv(ctx: Ctx): Promise<string> {
  const { items } = await reorderList(ctx.db);
  const rows = items.map((r) => [
    r.name,
    r.category,
    ITEM_KIND_LABELS[r.kind],
    r.quantity,
    r.reorderLevel,
    r.used,
    r.reorderQuantity,
    r.suggested,
  ]);
  return stringify([REORDER_CSV_HEADER, ...rows], { bom: true, record_delimiter: 'windows' });
}

/**
 * The daily digest (server/jobs.ts; the scheduler claims the day once across processes): the items now at or
 * below their level that the office has not been told of are named in one bell entry and one mail, and
 * remembered; an item back above its level is forgotten (the stock writer does it as stock rises; this catches
 * a level raised by hand).
 */
export function reorderDigestJob(ctx: Ctx): DailyJob {
  return {
    name: REORDER_JOB,
    at: '07:00',
    async work(trx, _today, now) {
      await trx
        .updateTable('items')
        .set({ reorder_flagged_at: null })
        .where('reorder_flagged_at', 'is not', null)
        .where((eb) => eb.or([eb('reorder_level', 'is', null), eb('quantity', '>', eb.ref('reorder_level'))]))
        .execute();
      const crossed = await trx
        .updateTable('items')
        .set({ reorder_flagged_at: now.toISOString() })
        .where('reorder_flagged_at', 'is', null)
        .where('reorder_level', 'is not', null)
        .where((eb) => eb('quantity', '<=', eb.ref('reorder_level')))
        .returning(['id', 'name'])
        .execute();
      if (!crossed.length) return { summary: { crossed: 0 } };
      const names = crossed.sort((a, b) => a.name.localeCompare(b.name)).map((r) => r.name);
      await ctx.activity.record({ actorId: null, subjectId: null, entity: null, automatic: true }, reorderDigestEntry(names), trx);
      const mail = ctx.activity.officeAlert(reorderDigest(names));
      return { summary: { crossed: crossed.length }, afterCommit: mail };
    },
  };
}
