/**
 * Scans (docs/decisions/counts.md): each saved once by the phone's own id (a replay answers the first result), a
 * unit found once per count whoever scans it and however often (the primary key and insert-on-conflict decide,
 * not a read before the write), a tag that is no unit kept as an unknown tag with its room, a quantity counted per
 * room. A batch is the scans in order, each answered on its own.
 */
import { sql, type InsertQueryBuilder, type InsertResult } from 'kysely';
import { COUNT_MSG, readScanText, tagOfScan, type ScanResult } from '../../../../core/inventory/counts';
import type { ScanAnswerDto, ScanBody } from '../../../../core/inventory/countSchemas';
import type { Ctx } from '../../../context';
import { onPostgres, type Db } from '../../../db/database';
import type { Account, DB } from '../../../db/schema';
import { badRequest, conflict, HttpError, notFound } from '../../../errors';
import { answerFrom, answerOf, type AnswerParts } from './scanAnswers';
import { countOf, now } from './shared';
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

/** A scan whose id another request saved while this one ran: its transaction is undone and the first answer stands. */
class SavedMeanwhile extends Error {}

export async function scan(ctx: Ctx, actor: Account, countId: number, body: ScanBody): Promise<ScanAnswerDto> {
  const byTag = body.tag !== undefined;
  const byQuantity = body.itemId !== undefined || body.quantity !== undefined;
  if (byTag === byQuantity || (byQuantity && (body.itemId === undefined || body.quantity === undefined))) {
    throw badRequest(COUNT_MSG.scanNeedsOne);
  }
  const clientId = body.id.toLowerCase();
  // The answer as this scan makes it; null where it is read back (a replay, a rarer result, a scan saved meanwhile).
  const made = await ctx.db
    .transaction()
    .execute(async (trx): Promise<AnswerParts | null> => {
      // One read: the count, whether this scan was saved before (a replay answers its first result, even once the
      // count is closed), the room and whether its building is counted. Closing waits for the scans under way
      // (PostgreSQL: their shared lock on the count's row; SQLite: one writer), and a scan after it finds it closed.
      let read = trx
        .selectFrom('counts as k')
        .leftJoin('count_scans as s', (j) => j.onRef('s.count_id', '=', 'k.id').on('s.client_id', '=', clientId))
        .leftJoin('rooms as r', (j) => j.on('r.id', '=', body.roomId))
        .leftJoin('count_buildings as b', (j) => j.onRef('b.count_id', '=', 'k.id').onRef('b.building_id', '=', 'r.building_id'))
        .select([
          'k.status',
          'k.reference',
          's.id as saved',
          'r.id as room_id',
          'r.code as room_code',
          'r.building_id',
          'b.building_id as counted',
        ])
        .where('k.id', '=', countId);
      if (onPostgres(trx)) read = read.modifyEnd(sql`for share of k`);
      const state = await read.executeTakeFirst();
      if (!state) throw notFound(COUNT_MSG.countNotFound);
      if (state.saved !== null) return null;
      if (state.status !== 'open') throw conflict(COUNT_MSG.closed(state.reference), 'count_closed');
      if (state.room_id === null || state.room_code === null || state.building_id === null) throw notFound(COUNT_MSG.roomNotFound);
      if (state.counted === null) throw conflict(COUNT_MSG.roomNotInCount(state.room_code, state.reference), 'room_not_in_count');
      const room = { id: state.room_id, code: state.room_code, buildingId: state.building_id };

      const at = now();
      let result: ScanResult = 'quantity_counted';
      const fields: { tag?: string | null; unit_id?: number | null; item_id?: number | null; quantity?: number | null } = {};
      let made: Partial<AnswerParts> | null = {};
      // What this scan adds to the count's figures, written last so its rows are held the shortest time.
      let tallied: [TallyPlace, Parameters<typeof tally>[3]] | null = null;
      const here: TallyPlace = { roomId: room.id, buildingId: room.buildingId, roomCode: room.code };
      if (byTag) {
        const tag = tagOfScan(body.tag!);
        const unit = tag ? await findUnit(trx, countId, tag, room, actor.id, at) : null;
        if (unit?.found) {
          const found = unit.found;
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
        } else if (unit) {
          // Found before: its first finding stands.
          result = 'already_counted';
          made = null;
        } else {
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
        }
        if (unit) Object.assign(fields, { tag: unit.tag, unit_id: unit.id, item_id: unit.item_id });
      } else {
        const item = await trx
          .selectFrom('count_items')
          .select(['item_id', 'item_name'])
          .where('count_id', '=', countId)
          .where('item_id', '=', body.itemId!)
          .executeTakeFirst();
        if (!item) throw conflict(COUNT_MSG.itemNotInCount(state.reference), 'item_not_in_count');
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
      // The scan's row, once, with what it did. The same id saved meanwhile (sent twice at once, PostgreSQL):
      // this transaction is undone, so what it wrote counts once, and the first answer stands.
      const saved = await trx
        .insertInto('count_scans')
        .values({
          count_id: countId,
          client_id: clientId,
          room_id: room.id,
          scanned_text: byTag ? body.tag!.trim() : null,
          result,
          scanned_by: actor.id,
          scanned_at: at,
          ...fields,
        })
        .onConflict((oc) => oc.columns(['count_id', 'client_id']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!saved) throw new SavedMeanwhile();
      if (tallied) await tally(trx, countId, ...tallied);
      return (
        made && {
          client_id: clientId,
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
          ...made,
        }
      );
    })
    .catch((err: unknown) => {
      if (err instanceof SavedMeanwhile) return null;
      throw err;
    });
  return made ? answerFrom(made) : (await answerOf(ctx.db, countId, clientId))!;
}

/**
 * The unit a tag names and its first finding in the count: its row is inserted (a unit the count did not expect) or
 * given where, when and by whom it was found, unless it was found before (then `found` is undefined). Null when no
 * unit has the tag. On PostgreSQL one statement reads the unit and writes its row (a unit found before takes one read
 * more, to tell it from a tag that is no unit's); SQLite runs INSERT … SELECT through a temporary table, so there
 * the unit is read first.
 */
async function findUnit(trx: Db, countId: number, tag: string, room: { id: number; buildingId: number }, actorId: number, at: string) {
  const upsert = (q: InsertQueryBuilder<DB, 'count_units', InsertResult>) =>
    q
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
      .returning([
        'unit_id',
        'item_id',
        'tag',
        'expected',
        'home_room_id',
        'home_building_id',
        'custodian_kind',
        'custodian_name',
        'item_name',
      ])
      .executeTakeFirst();
  const unitOf = (db: Db) =>
    db
      .selectFrom('item_units as u')
      .innerJoin('items as i', 'i.id', 'u.item_id')
      .leftJoin('rooms as r', 'r.id', 'u.home_room_id')
      .where('u.tag', '=', tag);
  if (onPostgres(trx)) {
    const found = await upsert(
      trx
        .insertInto('count_units')
        .columns([
          'count_id',
          'unit_id',
          'item_id',
          'tag',
          'item_name',
          'expected',
          'home_room_id',
          'home_building_id',
          'cost_cents',
          'found_room_id',
          'found_building_id',
          'found_by',
          'found_at',
        ])
        .expression((eb) =>
          unitOf(trx).select([
            eb.cast<number>(eb.val(countId), 'integer').as('count_id'),
            'u.id',
            'u.item_id',
            'u.tag',
            'i.name',
            eb.lit(0).as('expected'),
            'u.home_room_id',
            'r.building_id',
            'u.purchase_cost_cents',
            eb.cast<number>(eb.val(room.id), 'integer').as('found_room_id'),
            eb.cast<number>(eb.val(room.buildingId), 'integer').as('found_building_id'),
            eb.cast<number>(eb.val(actorId), 'integer').as('found_by'),
            eb.cast<string>(eb.val(at), 'text').as('found_at'),
          ]),
        ),
    );
    if (found) return { id: found.unit_id, item_id: found.item_id, tag: found.tag, found };
    const unit = await unitOf(trx).select(['u.id', 'u.item_id', 'u.tag']).executeTakeFirst();
    return unit ? { ...unit, found: undefined } : null;
  }
  const unit = await unitOf(trx)
    .select(['u.id', 'u.item_id', 'u.tag', 'i.name', 'u.home_room_id', 'r.building_id', 'u.purchase_cost_cents'])
    .executeTakeFirst();
  if (!unit) return null;
  const found = await upsert(
    trx.insertInto('count_units').values({
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
      found_by: actorId,
      found_at: at,
    }),
  );
  return { id: unit.id, item_id: unit.item_id, tag: unit.tag, found };
}
