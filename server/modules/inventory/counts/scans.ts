/**
 * Scans (docs/decisions/counts.md): each saved once by the phone's own id (a replay answers the first result), a
 * unit found once per count whoever scans it and however often (the primary key and insert-on-conflict decide,
 * not a read before the write), a tag that is no unit kept as an unknown tag with its room, a quantity counted per
 * room. A batch is the scans in order, each answered on its own.
 */
import { sql } from 'kysely';
import { COUNT_MSG, readScanText, tagOfScan, type ScanResult } from '../../../../core/inventory/counts';
import type { ScanAnswerDto, ScanBody } from '../../../../core/inventory/countSchemas';
import type { Ctx } from '../../../context';
import { onPostgres } from '../../../db/database';
import type { Account } from '../../../db/schema';
import { badRequest, conflict, HttpError, notFound } from '../../../errors';
import { findRoom } from '../../locations';
import { answerFrom, answerOf, type AnswerParts } from './scanAnswers';
import { assertOpen, countOf, now } from './shared';
import { CUSTODIANS, NO_ROOM, tally, type TallyPlace } from './tallies';

type Batch = { id: string; ok: boolean; scan: ScanAnswerDto | null; error: { status: number; code: string; message: string } | null };

export async function scanBatch(ctx: Ctx, actor: Account, countId: number, scans: ScanBody[]): Promise<{ results: Batch[] }> {
  await countOf(ctx.db, countId);
  const results: Batch[] = [];
  for (const body of scans) {
    try {
      results.push({ id: body.id, ok: true, scan: await scan(ctx, actor, countId, body), error: null });
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      results.push({ id: body.id, ok: false, scan: null, error: { status: err.statusCode, code: err.code, message: err.message } });
    }
  }
  return { results };
}

export async function scan(ctx: Ctx, actor: Account, countId: number, body: ScanBody): Promise<ScanAnswerDto> {
  const byTag = body.tag !== undefined;
  const byQuantity = body.itemId !== undefined || body.quantity !== undefined;
  if (byTag === byQuantity || (byQuantity && (body.itemId === undefined || body.quantity === undefined))) {
    throw badRequest(COUNT_MSG.scanNeedsOne);
  }
  // The count, and whether this scan was saved before (a replay: its first answer).
  const known = await ctx.db
    .selectFrom('counts as k')
    .leftJoin('count_scans as s', (j) => j.onRef('s.count_id', '=', 'k.id').on('s.client_id', '=', body.id.toLowerCase()))
    .selectAll('k')
    .select('s.id as saved')
    .where('k.id', '=', countId)
    .executeTakeFirst();
  if (!known) throw notFound(COUNT_MSG.countNotFound);
  const { saved, ...count } = known;
  if (saved !== null) return (await answerOf(ctx.db, countId, body.id))!;
  assertOpen(count);
  const room = await findRoom(ctx.db, body.roomId);
  if (!room) throw notFound(COUNT_MSG.roomNotFound);

  // The answer as this scan makes it; null where it is read back (a rarer result, or a replay saved meanwhile).
  const made = await ctx.db.transaction().execute(async (trx): Promise<AnswerParts | null> => {
    // Closing waits for the scans under way (PostgreSQL: their shared lock on the count's row; SQLite: one writer),
    // and a scan after the close finds it closed. The room's building must be one the count counts.
    let open = trx
      .selectFrom('counts as k')
      .leftJoin('count_buildings as b', (j) => j.onRef('b.count_id', '=', 'k.id').on('b.building_id', '=', room.buildingId))
      .select(['k.status', 'b.building_id'])
      .where('k.id', '=', countId);
    if (onPostgres(trx)) open = open.modifyEnd(sql`for share of k`);
    const state = await open.executeTakeFirst();
    if (state?.status !== 'open') throw conflict(COUNT_MSG.closed(count.reference), 'count_closed');
    if (state.building_id === null) throw conflict(COUNT_MSG.roomNotInCount(room.code, count.reference), 'room_not_in_count');

    const at = now();
    const inserted = await trx
      .insertInto('count_scans')
      .values({
        count_id: countId,
        client_id: body.id.toLowerCase(),
        room_id: room.id,
        scanned_text: byTag ? body.tag!.trim() : null,
        result: 'quantity_counted',
        scanned_by: actor.id,
        scanned_at: at,
      })
      .onConflict((oc) => oc.columns(['count_id', 'client_id']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) return null; // the same scan, saved meanwhile by another request: its answer stands
    const answer = (parts: Partial<AnswerParts>): AnswerParts => ({
      client_id: body.id.toLowerCase(),
      result,
      tag: fields.tag ?? null,
      unit_id: fields.unit_id ?? null,
      item_id: fields.item_id ?? null,
      quantity: fields.quantity ?? null,
      scanned_at: at,
      full_name: actor.full_name,
      home_code: null,
      found_code: null,
      scan_room_code: room.code,
      custodian_name: null,
      custodian_kind: null,
      item_name: null,
      ...parts,
    });
    let made: Partial<AnswerParts> | null = {};

    let result: ScanResult = 'quantity_counted';
    // What this scan adds to the count's figures, written last so its rows are held the shortest time.
    let tallied: [TallyPlace, Parameters<typeof tally>[3]] | null = null;
    const here: TallyPlace = { roomId: room.id, buildingId: room.buildingId, roomCode: room.code };
    const fields: { tag?: string | null; unit_id?: number | null; item_id?: number | null; quantity?: number | null } = {};
    if (byTag) {
      const tag = tagOfScan(body.tag!);
      const unit = tag
        ? await trx
            .selectFrom('item_units as u')
            .innerJoin('items as i', 'i.id', 'u.item_id')
            .leftJoin('rooms as r', 'r.id', 'u.home_room_id')
            .select(['u.id', 'u.item_id', 'u.tag', 'i.name', 'u.home_room_id', 'r.building_id', 'u.purchase_cost_cents'])
            .where('u.tag', '=', tag)
            .executeTakeFirst()
        : undefined;
      if (!unit) {
        const kept = (tag ?? readScanText(body.tag!).code).slice(0, 300);
        const added = await trx
          .insertInto('count_unknown_tags')
          .values({ count_id: countId, room_id: room.id, building_id: room.buildingId, tag: kept, scanned_by: actor.id, scanned_at: at })
          .onConflict((oc) => oc.columns(['count_id', 'room_id', 'tag']).doNothing())
          .returning('tag')
          .executeTakeFirst();
        if (added) tallied = [here, 'unknown_tags'];
        result = 'unknown_tag';
        fields.tag = kept;
      } else {
        // Found once: the first scan of a unit in this count writes where it was; later ones change nothing.
        const found = await trx
          .insertInto('count_units')
          .values({
            count_id: countId,
            unit_id: unit.id,
            item_id: unit.item_id,
            tag: unit.tag,
            item_name: unit.name,
            expected: 0,
            home_room_id: unit.home_room_id,
            home_building_id: unit.building_id,
            cost_cents: unit.purchase_cost_cents,
            found_room_id: room.id,
            found_building_id: room.buildingId,
            found_by: actor.id,
            found_at: at,
          })
          .onConflict((oc) =>
            oc
              .columns(['count_id', 'unit_id'])
              .doUpdateSet({
                found_room_id: (eb) => eb.ref('excluded.found_room_id'),
                found_building_id: (eb) => eb.ref('excluded.found_building_id'),
                found_by: (eb) => eb.ref('excluded.found_by'),
                found_at: (eb) => eb.ref('excluded.found_at'),
              })
              .where('count_units.found_room_id', 'is', null),
          )
          .returning(['expected', 'home_room_id', 'home_building_id', 'custodian_kind', 'custodian_name', 'item_name'])
          .executeTakeFirst();
        if (found) {
          // Its last counted date is written at the close, for every unit found at once (reconcile.ts).
          const home = found.home_room_id;
          const expected = Number(found.expected) === 1;
          result = home === room.id || (home === null && expected) ? 'found' : 'found_elsewhere';
          made =
            result === 'found'
              ? {
                  home_code: home === null ? null : room.code,
                  found_code: room.code,
                  custodian_name: found.custodian_name,
                  custodian_kind: found.custodian_kind,
                  item_name: found.item_name,
                }
              : null;
          if (!expected) tallied = [here, 'unexpected'];
          else if (home === null) tallied = [{ group: found.custodian_kind === 'person' ? CUSTODIANS : NO_ROOM }, 'found'];
          else
            tallied = [
              // The home room's row was made at the start: its code is not needed.
              { roomId: home, buildingId: found.home_building_id!, roomCode: '' },
              result === 'found' ? 'found' : 'found_elsewhere',
            ];
        } else {
          result = 'already_counted';
          made = null;
        }
        fields.tag = unit.tag;
        fields.unit_id = unit.id;
        fields.item_id = unit.item_id;
      }
    } else {
      const item = await trx
        .selectFrom('count_items')
        .select(['item_id', 'item_name'])
        .where('count_id', '=', countId)
        .where('item_id', '=', body.itemId!)
        .executeTakeFirst();
      if (!item) throw conflict(COUNT_MSG.itemNotInCount(count.reference), 'item_not_in_count');
      // A room counted again replaces its earlier figure: the item's count is the sum over its rooms.
      await trx
        .insertInto('count_item_rooms')
        .values({
          count_id: countId,
          item_id: body.itemId!,
          room_id: room.id,
          quantity: body.quantity!,
          counted_by: actor.id,
          counted_at: at,
        })
        .onConflict((oc) =>
          oc.columns(['count_id', 'item_id', 'room_id']).doUpdateSet({
            quantity: (eb) => eb.ref('excluded.quantity'),
            counted_by: (eb) => eb.ref('excluded.counted_by'),
            counted_at: (eb) => eb.ref('excluded.counted_at'),
          }),
        )
        .execute();
      fields.item_id = body.itemId!;
      fields.quantity = body.quantity!;
      made = { item_name: item.item_name };
    }
    await trx
      .updateTable('count_scans')
      .set({ result, ...fields })
      .where('id', '=', inserted.id)
      .execute();
    if (tallied) await tally(trx, countId, ...tallied);
    return made && answer(made);
  });
  return made ? answerFrom(made) : (await answerOf(ctx.db, countId, body.id))!;
}
