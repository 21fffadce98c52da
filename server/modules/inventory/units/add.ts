/** Add Unit and Add Units (docs/decisions/units.md): new units of a tracked item, each with its own tag. */
import * as say from '../../../../core/inventory/notices';
import { bulkUnitsForm, freeTags, tidyTag, UNIT_MSG, unitForm } from '../../../../core/inventory/units';
import type { BulkUnitsBody, UnitBody, UnitDto } from '../../../../core/inventory/unitSchemas';
import type { Ctx } from '../../../context';
import type { Account } from '../../../db/schema';
import { conflict } from '../../../errors';
import { findUnit } from './rows';
import { about, assertRoom, check, insertUnits, recount, tagsTaken, tagsWithPrefix, trackedItem, withTags } from './writes';

/** Add Unit: one unit with its own tag. */
export async function addUnit(ctx: Ctx, actor: Account, itemId: number, body: UnitBody): Promise<UnitDto> {
  const form = check<{ tag: string; serialNumber?: string | null; condition: string; homeRoomId?: number | null }>(unitForm, body);
  const tag = tidyTag(form.tag);
  const homeRoomId = await assertRoom(ctx.db, form.homeRoomId);
  const id = await withTags(
    () => tag,
    () =>
      ctx.db.transaction().execute(async (trx) => {
        const item = await trackedItem(trx, itemId);
        if ((await tagsTaken(trx, [tag])).size) throw conflict(UNIT_MSG.tagTaken(tag), 'tag_taken');
        const [unitId] = await insertUnits(trx, actor, itemId, [tag], { ...form, homeRoomId });
        await recount(trx, itemId, 'received', { actorId: actor.id, unitId });
        await ctx.activity.record(about(actor, itemId), say.unitsAdded(actor.full_name, item.name, [tag]), trx);
        return unitId!;
      }),
  );
  return (await findUnit(ctx.db, id))!;
}

/** Add Units in bulk: `count` units tagged PREFIX-0001, PREFIX-0002, ... skipping tags already taken. */
export async function addUnits(ctx: Ctx, actor: Account, itemId: number, body: BulkUnitsBody): Promise<UnitDto[]> {
  const form = check<{ count: number; prefix: string; condition: string; homeRoomId?: number | null }>(bulkUnitsForm, body);
  const prefix = tidyTag(form.prefix);
  const homeRoomId = await assertRoom(ctx.db, form.homeRoomId);
  let tags: string[] = [];
  const ids = await withTags(
    () => tags.join(', '),
    () =>
      ctx.db.transaction().execute(async (trx) => {
        const item = await trackedItem(trx, itemId);
        const taken = await tagsWithPrefix(trx, prefix);
        tags = freeTags(prefix, form.count, (t) => taken.has(t));
        const made = await insertUnits(trx, actor, itemId, tags, { condition: form.condition, homeRoomId });
        await recount(trx, itemId, 'received', { actorId: actor.id });
        await ctx.activity.record(about(actor, itemId), say.unitsAdded(actor.full_name, item.name, tags), trx);
        return made;
      }),
  );
  return Promise.all(ids.map(async (id) => (await findUnit(ctx.db, id))!));
}
