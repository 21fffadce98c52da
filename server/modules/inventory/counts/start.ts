/**
 * Start a count (docs/decisions/counts.md): its scope, and what it expects fixed now (a snapshot), in one
 * transaction with its claims on the buildings, so two counts of one building cannot both be open.
 */
import { sql } from 'kysely';
import { COUNT_MSG, COUNT_NAME_MAX, isReference, tidyReference } from '../../../../core/inventory/counts';
import type { StartCountBody } from '../../../../core/inventory/countSchemas';
import type { Ctx } from '../../../context';
import type { Db } from '../../../db/database';
import type { Account } from '../../../db/schema';
import { badRequest, conflict } from '../../../errors';
import { allPlaces } from '../../locations';
import { averageCostsCents } from '../stock/value';
import { isUniqueViolation } from '../units/writes';
import { countActivity, now } from './shared';
import { startTallies } from './tallies';

export async function startCount(ctx: Ctx, actor: Account, body: StartCountBody): Promise<number> {
  const reference = tidyReference(body.reference);
  if (!isReference(reference)) throw badRequest(COUNT_MSG.referenceInvalid);
  const name = body.name.trim();
  if (!name) throw badRequest(COUNT_MSG.nameRequired);
  if (name.length > COUNT_NAME_MAX) throw badRequest(COUNT_MSG.nameTooLong);
  const categories = [...new Set((body.categories ?? []).map((c) => c.trim()).filter(Boolean))];
  const chosen = [...new Set(body.buildingIds ?? [])];
  const wholeCampus = chosen.length === 0;

  const { buildings: all } = await allPlaces(ctx.db);
  const byId = new Map(all.map((b) => [b.id, b]));
  if (chosen.some((id) => !byId.has(id))) throw badRequest(COUNT_MSG.buildingNotFound, 'not_found');
  const buildings = wholeCampus ? all : chosen.map((id) => byId.get(id)!);

  if (await ctx.db.selectFrom('counts').select('id').where('reference', '=', reference).executeTakeFirst()) {
    throw conflict(COUNT_MSG.referenceTaken(reference), 'count_reference_taken');
  }
  const claims = [...(wholeCampus ? ['campus'] : []), ...buildings.map((b) => `building:${b.id}`)];
  await refuseOverlap(ctx, claims);
  const costs = wholeCampus ? await averageCostsCents(ctx.db) : new Map<number, number>();

  try {
    return await ctx.db.transaction().execute(async (trx) => {
      const at = now();
      const { id } = await trx
        .insertInto('counts')
        .values({
          reference,
          name,
          status: 'open',
          whole_campus: wholeCampus ? 1 : 0,
          categories: categories.length ? JSON.stringify(categories) : null,
          started_by: actor.id,
          started_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (let i = 0; i < claims.length; i += 500) {
        await trx
          .insertInto('count_claims')
          .values(claims.slice(i, i + 500).map((claim) => ({ claim, count_id: id })))
          .execute();
      }
      for (let i = 0; i < buildings.length; i += 500) {
        await trx
          .insertInto('count_buildings')
          .values(buildings.slice(i, i + 500).map((b) => ({ count_id: id, building_id: b.id, building_name: b.name })))
          .execute();
      }

      // Every tracked unit not retired nor lost whose home room is in the buildings counted; a count of the whole
      // campus also expects the units with no home room, listed apart. Units in custody are expected with their
      // custodian (below).
      let units = trx
        .selectFrom('item_units as u')
        .innerJoin('items as i', 'i.id', 'u.item_id')
        .leftJoin('rooms as r', 'r.id', 'u.home_room_id')
        .select([
          sql.lit(id).as('count_id'),
          'u.id as unit_id',
          'u.item_id',
          'u.tag',
          'i.name as item_name',
          sql.lit(1).as('expected'),
          'r.id as home_room_id',
          'r.building_id as home_building_id',
          'u.purchase_cost_cents as cost_cents',
        ])
        .where('u.status', 'not in', ['retired', 'lost', 'issued']);
      if (!wholeCampus) units = units.where('r.building_id', 'in', chosen);
      if (categories.length) units = units.where('i.category', 'in', categories);
      await trx
        .insertInto('count_units')
        .columns(['count_id', 'unit_id', 'item_id', 'tag', 'item_name', 'expected', 'home_room_id', 'home_building_id', 'cost_cents'])
        .expression(units)
        .execute();
      await expectInCustody(ctx, trx, id, wholeCampus ? null : new Set(chosen), categories);
      await startTallies(trx, id, buildings, wholeCampus);

      // Items counted by quantity have no room: the whole campus's count counts them, once.
      if (wholeCampus) {
        let items = trx.selectFrom('items').select(['id', 'name', 'category', 'quantity']).where('tracking', '=', 'counted');
        if (categories.length) items = items.where('category', 'in', categories);
        const rows = await items.orderBy('id').execute();
        for (let i = 0; i < rows.length; i += 500) {
          await trx
            .insertInto('count_items')
            .values(
              rows.slice(i, i + 500).map((r) => ({
                count_id: id,
                item_id: r.id,
                item_name: r.name,
                category: r.category,
                expected: Number(r.quantity),
                cost_cents: costs.get(r.id) ?? null,
              })),
            )
            .execute();
        }
      }
      const scope = wholeCampus ? 'the whole campus' : buildings.map((b) => b.name).join(', ');
      await ctx.activity.record(
        countActivity(actor),
        { actionType: 'inventory_update', description: `${actor.full_name} started count ${reference} (${name}) of ${scope}` },
        trx,
      );
      return id;
    });
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    // Another start took the reference or a building meanwhile: answered as the checks above answer.
    if (await ctx.db.selectFrom('counts').select('id').where('reference', '=', reference).executeTakeFirst()) {
      throw conflict(COUNT_MSG.referenceTaken(reference), 'count_reference_taken');
    }
    await refuseOverlap(ctx, claims);
    throw err;
  }
}

/** 409 naming the building (or the campus) another open count holds. */
async function refuseOverlap(ctx: Ctx, claims: string[]): Promise<void> {
  for (let i = 0; i < claims.length; i += 500) {
    const held = await ctx.db
      .selectFrom('count_claims as c')
      .innerJoin('counts as k', 'k.id', 'c.count_id')
      .select(['c.claim', 'k.reference'])
      .where('c.claim', 'in', claims.slice(i, i + 500))
      .orderBy('c.claim')
      .executeTakeFirst();
    if (!held) continue;
    if (held.claim === 'campus') throw conflict(COUNT_MSG.campusOverlap(held.reference), 'count_overlap');
    const buildingId = Number(held.claim.slice('building:'.length));
    const name = (
      await ctx.db
        .selectFrom('count_buildings')
        .select('building_name')
        .where('building_id', '=', buildingId)
        .orderBy('count_id', 'desc')
        .executeTakeFirst()
    )?.building_name;
    throw conflict(COUNT_MSG.overlap(name ?? 'That building', held.reference), 'count_overlap');
  }
}

/**
 * The units in custody at the start, each expected with its custodian (docs/decisions/counts.md): a room's in that
 * room, and in the count when that room's building is; a person's with no room, found wherever it is scanned, and
 * in the count when its home room is in the buildings counted (the whole campus: every one). A unit issued with no
 * custody row (none should be) is expected in its home room.
 */
async function expectInCustody(ctx: Ctx, trx: Db, countId: number, buildings: Set<number> | null, categories: string[]) {
  let q = trx
    .selectFrom('item_units as u')
    .innerJoin('items as i', 'i.id', 'u.item_id')
    .leftJoin('rooms as r', 'r.id', 'u.home_room_id')
    .select(['u.id', 'u.item_id', 'u.tag', 'i.name', 'u.home_room_id', 'r.building_id', 'u.purchase_cost_cents'])
    .where('u.status', '=', 'issued');
  if (categories.length) q = q.where('i.category', 'in', categories);
  const issued = await q.orderBy('u.id').execute();
  if (!issued.length) return;
  const holders = new Map(
    (
      await ctx.custodians.of(
        trx,
        issued.map((u) => u.id),
      )
    ).map((c) => [c.unitId, c]),
  );
  const inScope = (building: number | null) => buildings === null || (building !== null && buildings.has(building));
  const rows = issued.flatMap((u) => {
    const held = holders.get(u.id);
    const where =
      held?.kind === 'room'
        ? { home_room_id: held.roomId, home_building_id: held.buildingId }
        : held?.kind === 'person'
          ? { home_room_id: null, home_building_id: null }
          : { home_room_id: u.home_room_id, home_building_id: u.building_id ?? null };
    if (!inScope(held?.kind === 'room' ? held.buildingId : (u.building_id ?? null))) return [];
    return [
      {
        count_id: countId,
        unit_id: u.id,
        item_id: u.item_id,
        tag: u.tag,
        item_name: u.name,
        expected: 1,
        ...where,
        cost_cents: u.purchase_cost_cents,
        custodian_kind: held?.kind ?? null,
        custodian_account_id: held?.accountId ?? null,
        custodian_name: held?.name ?? null,
      },
    ];
  });
  for (let i = 0; i < rows.length; i += 200)
    await trx
      .insertInto('count_units')
      .values(rows.slice(i, i + 200))
      .execute();
}
