/**
 * Reconciling a count (docs/decisions/counts.md): a unit found in another room given that room as its home, the
 * close (no more scans; each quantity difference an entry on its item's stock card), and the second confirmation
 * that makes units not found lost. Each is one transaction.
 */
import type { ExpressionBuilder } from 'kysely';
import { COUNT_MSG } from '../../../../core/inventory/counts';
import type { Ctx } from '../../../context';
import { sayEvent } from '../../../lib/events';
import type { Db } from '../../../db/database';
import type { Account, DB } from '../../../db/schema';
import type { SendMail } from '../../../ports';
import { badRequest, conflict, notFound } from '../../../errors';
import { lockItem } from '../locks';
import { moveStock } from '../stock/ledger';
import { lockUnit, logEvent, recount, roomLabel } from '../units/writes';
import { allItems } from './lists';
import { countActivity, countNote, countOf, now } from './shared';

/** The unit now belongs in the room the count found it in: its home room changes, a line in its history. */
export async function moveFoundUnit(ctx: Ctx, actor: Account, countId: number, unitId: number): Promise<string> {
  const count = await countOf(ctx.db, countId);
  return ctx.db.transaction().execute(async (trx) => {
    const { unit } = await lockUnit(trx, unitId);
    const row = await trx
      .selectFrom('count_units')
      .select(['found_room_id', 'tag'])
      .where('count_id', '=', countId)
      .where('unit_id', '=', unitId)
      .executeTakeFirst();
    if (!row || row.found_room_id === null) throw notFound(COUNT_MSG.unitNotInCount);
    if (unit.status === 'retired') throw conflict(`${unit.tag} is retired.`, 'unit_retired');
    // Custody says where it is (a room's) or who has it (a person's): the office changes that by a transfer.
    if (unit.status === 'issued') {
      const [held] = await ctx.custodians.of(trx, [unitId]);
      throw conflict(COUNT_MSG.inCustody(unit.tag, held?.name ?? 'someone'), 'unit_in_custody');
    }
    if (unit.home_room_id === row.found_room_id) throw conflict(COUNT_MSG.notFoundElsewhere(unit.tag), 'not_found_elsewhere');
    const at = now();
    const [from, to] = [await roomLabel(trx, unit.home_room_id), await roomLabel(trx, row.found_room_id)];
    if (to === null) throw notFound(COUNT_MSG.roomNotFound);
    await trx.updateTable('item_units').set({ home_room_id: row.found_room_id, updated_at: at }).where('id', '=', unitId).execute();
    await logEvent(trx, unitId, actor.id, 'moved', from, to, countNote(count), at);
    await trx.updateTable('count_units').set({ moved_at: at }).where('count_id', '=', countId).where('unit_id', '=', unitId).execute();
    await ctx.activity.record(
      { actorId: actor.id, subjectId: null, entity: { type: 'item', id: unit.item_id } },
      {
        actionType: 'inventory_update',
        description: `${actor.full_name} moved ${unit.tag} to ${to}, where count ${count.reference} found it (home room ${from ?? 'none'} → ${to})`,
      },
      trx,
    );
    return COUNT_MSG.moved(unit.tag, to);
  });
}

/**
 * Close: the count takes no more scans and lets go of its buildings; each item counted by quantity whose count
 * differs from the stock at the start has the difference on its stock card ('counted', with the count's reference),
 * applied to the stock as it is now, never below zero. Units not found are left as they are until confirmed lost.
 */
export async function closeCount(ctx: Ctx, actor: Account, countId: number): Promise<void> {
  const count = await countOf(ctx.db, countId);
  await ctx.db.transaction().execute(async (trx) => {
    const at = now();
    const closed = await trx
      .updateTable('counts')
      .set({ status: 'closed', closed_by: actor.id, closed_at: at })
      .where('id', '=', countId)
      .where('status', '=', 'open')
      .executeTakeFirst();
    if (Number(closed.numUpdatedRows) === 0) throw conflict(COUNT_MSG.closed(count.reference), 'count_closed');
    await trx.deleteFrom('count_claims').where('count_id', '=', countId).execute();
    await stampLastCounted(trx, countId);
    const items = (await allItems(trx, countId))
      .filter((i) => i.difference !== null && i.difference !== 0)
      .sort((a, b) => a.itemId - b.itemId);
    for (const i of items) {
      const reason = `${countNote(count)}: ${i.counted} counted, ${i.expected} expected`;
      const note = { actorId: actor.id, countId, reason, at };
      const moved = await moveStock(trx, { ...note, itemId: i.itemId, kind: 'counted', quantity: i.difference! }, 'covered');
      if (moved === null) {
        // Issued meanwhile below what the count takes off (or the item is gone): the stock goes to zero.
        const left = await trx.selectFrom('items').select('quantity').where('id', '=', i.itemId).executeTakeFirst();
        if (left && Number(left.quantity) > 0)
          await moveStock(trx, { ...note, itemId: i.itemId, kind: 'counted', quantity: -Number(left.quantity) }, 'covered');
      }
      await trx
        .updateTable('count_items')
        .set({ applied_at: at })
        .where('count_id', '=', countId)
        .where('item_id', '=', i.itemId)
        .execute();
    }
    await ctx.activity.record(
      countActivity(actor),
      {
        actionType: 'inventory_update',
        description: `${actor.full_name} closed count ${count.reference} (${count.name})${items.length ? `; ${items.length} quantit${items.length === 1 ? 'y' : 'ies'} corrected on the stock cards` : ''}`,
      },
      trx,
    );
    await sayEvent(trx, { type: 'count.closed', about: { kind: 'count', id: countId } });
  });
}

/**
 * Every unit the count found has its last counted date, in one statement at the close rather than at each scan
 * (a scan then writes nothing of item_units, whose changes raise the units list's version). A later date already
 * there (another count closed since) stays.
 */
async function stampLastCounted(trx: Db, countId: number): Promise<void> {
  const foundAt = (eb: ExpressionBuilder<DB, 'item_units'>) =>
    eb.selectFrom('count_units as c').select('c.found_at').where('c.count_id', '=', countId).whereRef('c.unit_id', '=', 'item_units.id');
  await trx
    .updateTable('item_units')
    .set((eb) => ({ last_counted_at: foundAt(eb) }))
    .where('id', 'in', (eb) =>
      eb.selectFrom('count_units').select('unit_id').where('count_id', '=', countId).where('found_at', 'is not', null),
    )
    .where((eb) => eb.or([eb('last_counted_at', 'is', null), eb('last_counted_at', '<', foundAt(eb))]))
    .execute();
}

/**
 * The second confirmation: units the closed count did not find become lost (a line in each unit's history, the
 * loss on its item's stock card, with the count's reference); a unit in custody leaves its holder's custody with
 * it. A unit on loan now, or retired or lost since, is not marked and is answered with the reason.
 */
export async function confirmLosses(
  ctx: Ctx,
  actor: Account,
  countId: number,
  body: { unitIds?: number[]; all?: true },
): Promise<{ message: string; marked: string[]; skipped: { tag: string; reason: string }[] }> {
  const count = await countOf(ctx.db, countId);
  if (count.status === 'open') throw conflict(COUNT_MSG.stillOpen(count.reference), 'count_open');
  const wanted = body.unitIds ? [...new Set(body.unitIds)] : null;
  let q = ctx.db
    .selectFrom('count_units')
    .select(['unit_id', 'item_id', 'tag'])
    .where('count_id', '=', countId)
    .where('expected', '=', 1)
    .where('found_room_id', 'is', null)
    .where('lost_at', 'is', null);
  if (wanted) q = q.where('unit_id', 'in', wanted);
  const rows = await q.orderBy('item_id').orderBy('unit_id').execute();
  if (wanted && rows.length !== wanted.length) {
    const missing = wanted.find((id) => !rows.some((r) => r.unit_id === id))!;
    const known = await ctx.db
      .selectFrom('count_units')
      .select('tag')
      .where('count_id', '=', countId)
      .where('unit_id', '=', missing)
      .executeTakeFirst();
    throw badRequest(known ? COUNT_MSG.notMissing(known.tag) : COUNT_MSG.unitNotInCount, 'not_missing');
  }
  if (!rows.length) throw badRequest(COUNT_MSG.nothingToConfirm, 'not_missing');

  const sends: SendMail[] = [];
  const out = await ctx.db.transaction().execute(async (trx) => {
    const at = now();
    const marked: string[] = [];
    const skipped: { tag: string; reason: string }[] = [];
    for (const r of rows) {
      const item = await trx.selectFrom('items').select('id').where('id', '=', r.item_id).executeTakeFirst();
      if (!item) {
        skipped.push({ tag: r.tag, reason: `${r.tag} no longer exists (its item was deleted).` });
        continue;
      }
      await lockItem(trx, r.item_id);
      const unit = await trx.selectFrom('item_units').select(['id', 'status']).where('id', '=', r.unit_id).executeTakeFirst();
      if (!unit) {
        skipped.push({ tag: r.tag, reason: `${r.tag} no longer exists.` });
        continue;
      }
      if (unit.status === 'on_loan') {
        skipped.push({ tag: r.tag, reason: COUNT_MSG.unitOutNow(r.tag) });
        continue;
      }
      if (unit.status === 'retired' || unit.status === 'lost') {
        skipped.push({ tag: r.tag, reason: `${r.tag} is already ${unit.status}.` });
        continue;
      }
      await trx
        .updateTable('item_units')
        .set({ status: 'lost', updated_at: at })
        .where('id', '=', r.unit_id)
        .where('status', '=', unit.status)
        .execute();
      await logEvent(trx, r.unit_id, actor.id, 'status', unit.status, 'lost', `${countNote(count)}: not found`, at);
      // In someone's custody: it ends with the loss, in this transaction (the person is told after it commits).
      if (unit.status === 'issued') {
        const loss = { unitId: r.unit_id, itemId: r.item_id, tag: r.tag, actorId: actor.id, reference: countNote(count), at };
        const ended = await ctx.custodians.endLost(ctx.activity, trx, loss);
        if (ended) sends.push(ended.send);
      }
      await recount(trx, r.item_id, 'lost', {
        actorId: actor.id,
        unitId: r.unit_id,
        countId,
        reason: `${countNote(count)}: not found`,
        at,
      });
      await trx.updateTable('count_units').set({ lost_at: at }).where('count_id', '=', countId).where('unit_id', '=', r.unit_id).execute();
      marked.push(r.tag);
    }
    if (marked.length) {
      await ctx.activity.record(
        countActivity(actor),
        {
          actionType: 'inventory_update',
          description: `${actor.full_name} marked ${marked.length === 1 ? '1 unit' : `${marked.length} units`} lost after count ${count.reference}: ${marked.slice(0, 20).join(', ')}${marked.length > 20 ? ', …' : ''}`,
        },
        trx,
      );
    }
    return { message: COUNT_MSG.lostDone(marked.length), marked, skipped };
  });
  for (const send of sends) send();
  return out;
}
