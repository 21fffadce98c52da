/** Track Units (docs/decisions/units.md): a counted item becomes tracked, one unit per item there is. */
import * as say from '../../../../core/inventory/notices';
import { freeTags, tidyTag, trackItemForm, UNIT_BULK_MAX, UNIT_MSG } from '../../../../core/inventory/units';
import type { TrackItemBody } from '../../../../core/inventory/unitSchemas';
import type { Ctx } from '../../../context';
import type { Account } from '../../../db/schema';
import { badRequest, conflict } from '../../../errors';
import { SUPPLY_MSG } from '../../../../core/inventory/supplies';
import { lockItem, unitsOutOf } from '../locks';
import { about, check, insertUnits, now, recount, tagsWithPrefix, withTags } from './writes';
import { STOCK_MSG } from '../../../../core/inventory/stock';

/**
 * Track Units: a counted item becomes tracked, one unit per item there is (PREFIX-0001, ...): on hand, and out on
 * loan, whose units the loans' module names on those loans as lent. The stock stays; loans come back unit by unit.
 */
export async function trackItem(ctx: Ctx, actor: Account, itemId: number, body: TrackItemBody): Promise<number> {
  const form = check<{ prefix: string; condition: string }>(trackItemForm, body);
  const prefix = tidyTag(form.prefix);
  let tags: string[] = [];
  return withTags(
    () => tags.join(', '),
    () =>
      ctx.db.transaction().execute(async (trx) => {
        for (const hold of ctx.itemHolds) await hold.lockHolders(trx, itemId);
        const item = await lockItem(trx, itemId);
        if (item.tracking === 'tracked') throw conflict(UNIT_MSG.alreadyTracked, 'already_tracked');
        if (item.supply === 1) throw badRequest(SUPPLY_MSG.trackedSupply, 'tracked_supply');
        const onHand = Math.max(0, item.quantity);
        const n = onHand + (await unitsOutOf(ctx, trx, itemId));
        if (n > UNIT_BULK_MAX) throw badRequest(UNIT_MSG.convertTooMany(n), 'too_many_units');
        const taken = await tagsWithPrefix(trx, prefix);
        tags = freeTags(prefix, n, (t) => taken.has(t));
        await insertUnits(trx, actor, itemId, tags, { condition: form.condition, homeRoomId: null, note: 'tracking started' });
        let out = tags.slice(onHand).map((tag) => ({ tag }));
        for (const hold of ctx.itemHolds) out = out.slice(await hold.giveUnits(trx, itemId, out, actor.id));
        if (out.length) throw new Error(`Track Units: ${out.length} units made for loans were not named on one`); // never, under the locks
        // Counted when its row was locked above: no guard needed.
        await trx.updateTable('items').set({ tracking: 'tracked', updated_at: now() }).where('id', '=', itemId).execute();
        await recount(trx, itemId, 'adjusted', { actorId: actor.id, reason: STOCK_MSG.trackedReason });
        await ctx.activity.record(
          about(actor, itemId),
          say.itemTracked(actor.full_name, item.name, n, tags[0] ?? null, tags[tags.length - 1] ?? null),
          trx,
        );
        return n;
      }),
  );
}
