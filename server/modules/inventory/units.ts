/**
 * Tracked units (docs/decisions/units.md): the office's unit writes, each one transaction with an activity
 * entry and a line in the unit's history, and each writing the item's quantity (its units available) in the
 * same transaction; the reads of units; and the unit moves borrowing makes in its own transactions.
 */
import { sql } from 'kysely';
import { firstError } from '../../../core/common/forms';
import * as say from '../../../core/inventory/notices';
import type { UnitDto, UnitHistoryEntry, UnitList, UnitListParams } from '../../../core/inventory/unitSchemas';
import {
  bulkUnitsForm,
  freeTags,
  isTag,
  retireUnitForm,
  tidyTag,
  trackItemForm,
  UNIT_BULK_MAX,
  UNIT_CONDITION_LABELS,
  UNIT_MSG,
  UNIT_STATUS_LABELS,
  UNIT_STATUSES,
  unitEditForm,
  unitForm,
  type UnitCondition,
  type UnitStatus,
} from '../../../core/inventory/units';
import type { BulkUnitsBody, TrackItemBody, UnitBody, UnitEditBody } from '../../../core/inventory/unitSchemas';
import type { Ctx } from '../../context';
import type { Db } from '../../db/database';
import type { Account, Item, ItemUnit } from '../../db/schema';
import { anyContainsCI } from '../../db/search';
import { badRequest, conflict, notFound } from '../../errors';
import { offsetOf } from '../../lib/paging';
import { createListCache } from '../../lib/listCache';
import { findRoom } from '../locations/queries';
import { lockItem, unitsOutOf } from './locks';
import { setUnitCondition } from './unitCondition';

const now = () => new Date().toISOString();
const about = (actor: Account, itemId: number) => ({ actorId: actor.id, subjectId: null, entity: { type: 'item', id: itemId } as const });

/** A write refused by a unique index (PostgreSQL 23505, SQLite's UNIQUE constraint): a tag taken meanwhile. */
const isUniqueViolation = (err: unknown) => {
  const code = (err as { code?: unknown })?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
};

function check<T>(schema: Parameters<typeof firstError>[0], body: unknown): T {
  const problem = firstError(schema, body);
  if (problem) throw badRequest(problem);
  return body as T;
}

// ---- reads ----

const unitsJoined = (db: Db) =>
  db
    .selectFrom('item_units as u')
    .innerJoin('items as i', 'i.id', 'u.item_id')
    .leftJoin('rooms as r', 'r.id', 'u.home_room_id')
    .leftJoin('buildings as b', 'b.id', 'r.building_id');

const unitColumns = (q: ReturnType<typeof unitsJoined>) =>
  q
    .selectAll('u')
    .select(['i.name as item_name', 'i.category as category', 'r.code as room_code', 'r.name as room_name', 'b.name as building_name']);

type UnitRow = ItemUnit & {
  item_name: string;
  category: string;
  room_code: string | null;
  room_name: string | null;
  building_name: string | null;
};

const toUnitDto = (u: UnitRow): UnitDto => ({
  id: u.id,
  tag: u.tag,
  itemId: u.item_id,
  itemName: u.item_name,
  category: u.category,
  serialNumber: u.serial_number,
  condition: u.condition,
  status: u.status as UnitStatus,
  homeRoom:
    u.home_room_id !== null && u.room_code !== null
      ? { id: u.home_room_id, code: u.room_code, name: u.room_name ?? '', buildingName: u.building_name ?? '' }
      : null,
  createdAt: u.created_at,
  updatedAt: u.updated_at,
});

export async function findUnit(db: Db, id: number): Promise<UnitDto | null> {
  const row = await unitColumns(unitsJoined(db)).where('u.id', '=', id).executeTakeFirst();
  return row ? toUnitDto(row) : null;
}

/** A unit by its asset tag, in any case; null when no unit has it. */
export async function findUnitByTag(db: Db, tag: string): Promise<UnitDto | null> {
  const t = tidyTag(tag);
  if (!isTag(t)) return null;
  const row = await unitColumns(unitsJoined(db)).where('u.tag', '=', t).executeTakeFirst();
  return row ? toUnitDto(row) : null;
}

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

/** Units of these items not retired, by item (the inventory list's "Tracked, n units"). */
export async function unitCounts(db: Db, itemIds: number[]): Promise<Map<number, number>> {
  if (!itemIds.length) return new Map();
  const rows = await db
    .selectFrom('item_units')
    .select(['item_id', sql<number>`count(*)`.as('n')])
    .where('item_id', 'in', itemIds)
    .where('status', '!=', 'retired')
    .groupBy('item_id')
    .execute();
  return new Map(rows.map((r) => [r.item_id, Number(r.n)]));
}

const roomLabel = async (db: Db, id: number | null) => {
  if (id === null) return null;
  const room = await findRoom(db, id);
  return room ? room.code : null;
};

function eventText(e: { kind: string; from_value: string | null; to_value: string | null; note: string | null }): string {
  const cond = (v: string | null) => (v ? (UNIT_CONDITION_LABELS[v as UnitCondition] ?? v) : 'none');
  const stat = (v: string | null) => (v ? (UNIT_STATUS_LABELS[v as UnitStatus] ?? v) : 'none');
  switch (e.kind) {
    case 'created':
      return `Added (${cond(e.to_value).toLowerCase()} condition)${e.note ? `: ${e.note}` : ''}`;
    case 'condition':
      return `Condition ${cond(e.from_value).toLowerCase()} → ${cond(e.to_value).toLowerCase()}`;
    case 'status':
      return `Status ${stat(e.from_value).toLowerCase()} → ${stat(e.to_value).toLowerCase()}${e.note ? ` (${e.note})` : ''}`;
    case 'moved':
      return `Home room ${e.from_value ?? 'none'} → ${e.to_value ?? 'none'}`;
    case 'serial':
      return `Serial number ${e.from_value ?? 'none'} → ${e.to_value ?? 'none'}`;
    case 'retired':
      return `Retired: ${e.note ?? ''}`;
    default:
      return e.kind;
  }
}

/** What the office did to a unit, newest first (the unit page adds its loans from borrowing). */
export async function unitEvents(db: Db, unitId: number): Promise<UnitHistoryEntry[]> {
  const rows = await db
    .selectFrom('unit_events as e')
    .leftJoin('accounts as a', 'a.id', 'e.actor_id')
    .select(['e.kind', 'e.from_value', 'e.to_value', 'e.note', 'e.created_at', 'a.full_name'])
    .where('e.unit_id', '=', unitId)
    .orderBy('e.created_at', 'desc')
    .orderBy('e.id', 'desc')
    .execute();
  return rows.map((e) => ({
    kind: e.kind as UnitHistoryEntry['kind'],
    at: e.created_at,
    by: e.full_name,
    text: eventText(e),
    requestId: null,
    photoUrl: null,
  }));
}

// ---- the item's quantity ----

/** A tracked item's quantity written from its units: the number available (the one stock meaning). */
export async function recount(trx: Db, itemId: number): Promise<void> {
  await trx
    .updateTable('items')
    .set({
      quantity: sql<number>`(select count(*) from item_units where item_units.item_id = ${itemId} and item_units.status = 'available')`,
      updated_at: now(),
    })
    .where('id', '=', itemId)
    .where('tracking', '=', 'tracked')
    .execute();
}

// ---- the office's writes ----

async function logEvent(
  trx: Db,
  unitId: number,
  actorId: number | null,
  kind: string,
  from: string | null,
  to: string | null,
  note: string | null = null,
  at = now(),
) {
  await trx
    .insertInto('unit_events')
    .values({ unit_id: unitId, kind, from_value: from, to_value: to, note, actor_id: actorId, created_at: at })
    .execute();
}

async function assertRoom(db: Db, id: number | null | undefined) {
  if (id === null || id === undefined) return null;
  if (!(await findRoom(db, id))) throw badRequest(UNIT_MSG.roomNotFound, 'room_not_found');
  return id;
}

async function trackedItem(trx: Db, itemId: number): Promise<Item> {
  const item = await lockItem(trx, itemId);
  if (item.tracking !== 'tracked') throw conflict(UNIT_MSG.notTracked, 'not_tracked');
  return item;
}

async function insertUnits(
  trx: Db,
  actor: Account,
  itemId: number,
  tags: string[],
  fields: { serialNumber?: string | null; condition: string; homeRoomId: number | null; note?: string },
): Promise<number[]> {
  const at = now();
  const ids: number[] = [];
  for (const tag of tags) {
    const { id } = await trx
      .insertInto('item_units')
      .values({
        item_id: itemId,
        tag,
        serial_number: fields.serialNumber?.trim() || null,
        condition: fields.condition,
        status: 'available',
        home_room_id: fields.homeRoomId,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await logEvent(trx, id, actor.id, 'created', null, fields.condition, fields.note ?? null, at);
    ids.push(id);
  }
  return ids;
}

/** Runs a write, answering a tag taken meanwhile (the unique index) with the same 409 as the check before it. */
async function withTags<T>(tags: () => string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(UNIT_MSG.tagTaken(tags()), 'tag_taken');
    throw err;
  }
}

async function tagsTaken(db: Db, tags: string[]): Promise<Set<string>> {
  const out = new Set<string>();
  for (let i = 0; i < tags.length; i += 500) {
    const rows = await db
      .selectFrom('item_units')
      .select('tag')
      .where('tag', 'in', tags.slice(i, i + 500))
      .execute();
    for (const r of rows) out.add(r.tag);
  }
  return out;
}

async function tagsWithPrefix(db: Db, prefix: string): Promise<Set<string>> {
  const rows = await db.selectFrom('item_units').select('tag').where('tag', 'like', `${prefix}-%`).execute();
  return new Set(rows.map((r) => r.tag));
}

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
        await recount(trx, itemId);
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
        await recount(trx, itemId);
        await ctx.activity.record(about(actor, itemId), say.unitsAdded(actor.full_name, item.name, tags), trx);
        return made;
      }),
  );
  return Promise.all(ids.map(async (id) => (await findUnit(ctx.db, id))!));
}

async function lockUnit(trx: Db, id: number): Promise<{ unit: ItemUnit; item: Item }> {
  const found = await trx.selectFrom('item_units').select('item_id').where('id', '=', id).executeTakeFirst();
  if (!found) throw notFound(UNIT_MSG.unitNotFound);
  const item = await lockItem(trx, found.item_id); // the item's row first: approvals take the same lock
  const unit = await trx.selectFrom('item_units').selectAll().where('id', '=', id).executeTakeFirst();
  if (!unit) throw notFound(UNIT_MSG.unitNotFound);
  return { unit, item };
}

/** Edit Unit: serial number, condition, home room, and status among the office's corrections (available, in repair, lost). */
export async function editUnit(ctx: Ctx, actor: Account, id: number, body: UnitEditBody): Promise<UnitDto> {
  const form = check<{ serialNumber?: string | null; condition: string; homeRoomId?: number | null; status: string }>(unitEditForm, body);
  const homeRoomId = await assertRoom(ctx.db, form.homeRoomId);
  await ctx.db.transaction().execute(async (trx) => {
    const { unit, item } = await lockUnit(trx, id);
    if (unit.status === 'retired') throw conflict(UNIT_MSG.unitRetired(unit.tag), 'unit_retired');
    if (unit.status === 'on_loan' && form.status !== 'on_loan') throw conflict(UNIT_MSG.unitOnLoan(unit.tag), 'unit_on_loan');
    const serial = form.serialNumber?.trim() || null;
    const at = now();
    const changes: string[] = [];
    if (serial !== unit.serial_number) {
      await logEvent(trx, id, actor.id, 'serial', unit.serial_number, serial, null, at);
      changes.push(`serial number ${unit.serial_number ?? 'none'} → ${serial ?? 'none'}`);
    }
    if (form.condition !== unit.condition) {
      await logEvent(trx, id, actor.id, 'condition', unit.condition, form.condition, null, at);
      changes.push(`condition ${unit.condition} → ${form.condition}`);
    }
    if (homeRoomId !== unit.home_room_id) {
      const [from, to] = [await roomLabel(trx, unit.home_room_id), await roomLabel(trx, homeRoomId)];
      await logEvent(trx, id, actor.id, 'moved', from, to, null, at);
      changes.push(`home room ${from ?? 'none'} → ${to ?? 'none'}`);
    }
    if (form.status !== unit.status) {
      await logEvent(trx, id, actor.id, 'status', unit.status, form.status, null, at);
      changes.push(
        `status ${UNIT_STATUS_LABELS[unit.status as UnitStatus].toLowerCase()} → ${UNIT_STATUS_LABELS[form.status as UnitStatus].toLowerCase()}`,
      );
    }
    const moved = await trx
      .updateTable('item_units')
      .set({ serial_number: serial, condition: form.condition, home_room_id: homeRoomId, status: form.status, updated_at: at })
      .where('id', '=', id)
      .where('status', '=', unit.status)
      .executeTakeFirstOrThrow();
    if (Number(moved.numUpdatedRows) === 0) throw conflict(UNIT_MSG.unitOnLoan(unit.tag), 'unit_on_loan');
    await recount(trx, unit.item_id);
    await ctx.activity.record(about(actor, unit.item_id), say.unitUpdated(actor.full_name, item.name, unit.tag, changes), trx);
  });
  return (await findUnit(ctx.db, id))!;
}

/** Retire Unit: out of the stock for good, with the reason in its history; refused while it is on loan. */
export async function retireUnit(ctx: Ctx, actor: Account, id: number, body: { reason?: string }): Promise<UnitDto> {
  const { reason } = check<{ reason: string }>(retireUnitForm, body);
  const why = reason.trim();
  await ctx.db.transaction().execute(async (trx) => {
    const { unit, item } = await lockUnit(trx, id);
    if (unit.status === 'retired') throw conflict(UNIT_MSG.unitRetired(unit.tag), 'unit_retired');
    if (unit.status === 'on_loan') throw conflict(UNIT_MSG.unitOnLoan(unit.tag), 'unit_on_loan');
    const at = now();
    const done = await trx
      .updateTable('item_units')
      .set({ status: 'retired', updated_at: at })
      .where('id', '=', id)
      .where('status', '=', unit.status)
      .executeTakeFirstOrThrow();
    if (Number(done.numUpdatedRows) === 0) throw conflict(UNIT_MSG.unitOnLoan(unit.tag), 'unit_on_loan');
    await logEvent(trx, id, actor.id, 'retired', unit.status, 'retired', why, at);
    await recount(trx, unit.item_id);
    await ctx.activity.record(about(actor, unit.item_id), say.unitRetired(actor.full_name, item.name, unit.tag, why), trx);
  });
  return (await findUnit(ctx.db, id))!;
}

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
        await recount(trx, itemId);
        await ctx.activity.record(
          about(actor, itemId),
          say.itemTracked(actor.full_name, item.name, n, tags[0] ?? null, tags[tags.length - 1] ?? null),
          trx,
        );
        return n;
      }),
  );
}

// ---- loans (borrowing's approval and check-in, in its transactions) ----

/** The units of an item by tag, for an approval's choice: each with its status (or missing). */
export async function unitsByTags(trx: Db, tags: string[]): Promise<ItemUnit[]> {
  const clean = [...new Set(tags.map(tidyTag).filter(isTag))];
  if (!clean.length) return [];
  return trx.selectFrom('item_units').selectAll().where('tag', 'in', clean).execute();
}

/**
 * Sends these units of an item out on loan: each moves only while it is available (the guarded UPDATE), so
 * two approvals racing for one unit cannot both take it. Answers the tag of a unit that was not available
 * (nothing is kept then: the caller's transaction is rolled back), or null when all went out.
 */
/** Lends units (available → on loan), stamped with the approval's own time so its history lines sit together. */
export async function lendUnits(
  trx: Db,
  actorId: number,
  itemId: number,
  units: ItemUnit[],
  requestId: number,
  at: string = now(),
): Promise<string | null> {
  for (const unit of [...units].sort((a, b) => a.id - b.id)) {
    const done = await trx
      .updateTable('item_units')
      .set({ status: 'on_loan', updated_at: at })
      .where('id', '=', unit.id)
      .where('item_id', '=', itemId)
      .where('status', '=', 'available')
      .executeTakeFirstOrThrow();
    if (Number(done.numUpdatedRows) === 0) return unit.tag;
    await logEvent(trx, unit.id, actorId, 'status', 'available', 'on_loan', `REQ-${requestId}`, at);
  }
  await recount(trx, itemId);
  return null;
}

/** Checks units back in (a verified return, a loan marked returned): on loan → available. */
export async function checkInUnits(trx: Db, actorId: number, itemId: number, unitIds: number[], requestId: number): Promise<void> {
  const at = now();
  for (const id of [...unitIds].sort((a, b) => a - b)) {
    const done = await trx
      .updateTable('item_units')
      .set({ status: 'available', updated_at: at })
      .where('id', '=', id)
      .where('status', '=', 'on_loan')
      .executeTakeFirstOrThrow();
    if (Number(done.numUpdatedRows) > 0) await logEvent(trx, id, actorId, 'status', 'on_loan', 'available', `REQ-${requestId}`, at);
  }
  await recount(trx, itemId);
}

/**
 * A verified return's units (docs/decisions/return-conditions.md): each on loan moves, guarded, to available
 * (good), in repair (damaged, missing parts) or lost, with the request and the finding as its history's note.
 * The item's row is locked first so the recount reads the other writers' units as committed. Answers the units
 * that moved, with their home rooms.
 */
export async function receiveUnits(
  trx: Db,
  actorId: number,
  itemId: number,
  moves: { unitId: number; to: 'available' | 'in_repair' | 'lost'; note: string }[],
): Promise<{ id: number; homeRoomId: number | null }[]> {
  await lockItem(trx, itemId);
  const at = now();
  const moved: { id: number; homeRoomId: number | null }[] = [];
  for (const m of [...moves].sort((a, b) => a.unitId - b.unitId)) {
    const done = await trx
      .updateTable('item_units')
      .set({ status: m.to, updated_at: at })
      .where('id', '=', m.unitId)
      .where('status', '=', 'on_loan')
      .executeTakeFirstOrThrow();
    if (Number(done.numUpdatedRows) === 0) continue;
    if (m.to === 'in_repair') await setUnitCondition(trx, m.unitId, actorId, 'damaged', null, at);
    await logEvent(trx, m.unitId, actorId, 'status', 'on_loan', m.to, m.note, at);
    const unit = await trx.selectFrom('item_units').select('home_room_id').where('id', '=', m.unitId).executeTakeFirstOrThrow();
    moved.push({ id: m.unitId, homeRoomId: unit.home_room_id });
  }
  await recount(trx, itemId);
  return moved;
}

/**
 * A damage repair ended (docs/decisions/return-conditions.md): the unit in repair goes back to available, or is
 * retired beyond repair with the reason. Guarded on `in_repair`, so a second ending (or the office having put it
 * back by hand) changes nothing. Answers whether the unit moved.
 */
export async function endUnitRepair(
  trx: Db,
  actorId: number | null,
  unitId: number,
  outcome: 'repaired' | 'retired',
  note: string,
): Promise<boolean> {
  const unit = await trx.selectFrom('item_units').select('item_id').where('id', '=', unitId).executeTakeFirst();
  if (!unit) return false;
  await lockItem(trx, unit.item_id);
  const at = now();
  const to = outcome === 'repaired' ? 'available' : 'retired';
  const done = await trx
    .updateTable('item_units')
    .set({ status: to, updated_at: at })
    .where('id', '=', unitId)
    .where('status', '=', 'in_repair')
    .executeTakeFirstOrThrow();
  if (Number(done.numUpdatedRows) === 0) return false;
  await logEvent(trx, unitId, actorId, outcome === 'repaired' ? 'status' : 'retired', 'in_repair', to, note, at);
  if (outcome === 'repaired') await setUnitCondition(trx, unitId, actorId, 'good', null, at);
  await recount(trx, unit.item_id);
  return true;
}

/** The available units of an item, by tag: what an approval suggests. */
export const availableUnits = (db: Db, itemId: number, limit: number) =>
  db
    .selectFrom('item_units')
    .select(['id', 'tag'])
    .where('item_id', '=', itemId)
    .where('status', '=', 'available')
    .orderBy('tag')
    .limit(limit)
    .execute();

// ---- the units CSV import (unitCsv.ts reads and checks the file) ----

/** A checked row of the units CSV: its unit (null: a new one) and the unit's fields as they are to be. */
export interface UnitImport {
  itemId: number;
  itemName: string;
  unit: ItemUnit | null;
  tag: string;
  serialNumber: string | null;
  condition: string;
  status: string;
  homeRoomId: number | null;
  roomCode: string | null;
}

/** Writes the checked rows in the caller's transaction: new units added, changed units updated with their history, each item recounted. */
export async function applyUnitImport(
  ctx: Ctx,
  trx: Db,
  actor: Account,
  rows: UnitImport[],
): Promise<{ created: number; updated: number }> {
  const byItem = new Map<number, UnitImport[]>();
  for (const r of rows) byItem.set(r.itemId, [...(byItem.get(r.itemId) ?? []), r]);
  let [created, updated] = [0, 0];
  for (const [itemId, mine] of [...byItem].sort((a, b) => a[0] - b[0])) {
    const item = await trackedItem(trx, itemId);
    const [made, changed]: [string[], string[]] = [[], []];
    for (const r of mine) {
      if (!r.unit) {
        const [id] = await insertUnits(trx, actor, itemId, [r.tag], {
          serialNumber: r.serialNumber,
          condition: r.condition,
          homeRoomId: r.homeRoomId,
          note: 'CSV import',
        });
        if (r.status !== 'available') {
          await trx.updateTable('item_units').set({ status: r.status }).where('id', '=', id!).execute();
          await logEvent(trx, id!, actor.id, 'status', 'available', r.status);
        }
        made.push(r.tag);
        continue;
      }
      const u = r.unit;
      const at = now();
      const changes: [kind: string, from: string | null, to: string | null][] = [];
      if (r.serialNumber !== u.serial_number) changes.push(['serial', u.serial_number, r.serialNumber]);
      if (r.condition !== u.condition) changes.push(['condition', u.condition, r.condition]);
      if (r.homeRoomId !== u.home_room_id) changes.push(['moved', await roomLabel(trx, u.home_room_id), r.roomCode]);
      if (r.status !== u.status) changes.push(['status', u.status, r.status]);
      for (const [kind, from, to] of changes) await logEvent(trx, u.id, actor.id, kind, from, to, null, at);
      const any = changes.length > 0;
      if (!any) continue;
      const done = await trx
        .updateTable('item_units')
        .set({ serial_number: r.serialNumber, condition: r.condition, home_room_id: r.homeRoomId, status: r.status, updated_at: at })
        .where('id', '=', u.id)
        .where('status', '=', u.status)
        .where('status', 'not in', ['on_loan', 'retired'])
        .executeTakeFirstOrThrow();
      if (Number(done.numUpdatedRows) === 0) throw conflict(UNIT_MSG.unitOnLoan(u.tag), 'unit_on_loan');
      changed.push(u.tag);
    }
    await recount(trx, itemId);
    if (made.length || changed.length)
      await ctx.activity.record(about(actor, itemId), say.unitsImported(actor.full_name, item.name, made, changed), trx);
    created += made.length;
    updated += changed.length;
  }
  return { created, updated };
}

/** Tracked items by name (any case), for matching a CSV's rows to their items. */
export async function trackedItemsNamed(db: Db, names: string[]): Promise<Item[]> {
  const lower = [...new Set(names.map((n) => n.trim().toLowerCase()).filter(Boolean))];
  const out: Item[] = [];
  for (let i = 0; i < lower.length; i += 500) {
    out.push(
      ...(await db
        .selectFrom('items')
        .selectAll()
        .where('tracking', '=', 'tracked')
        .where((eb) => eb(eb.fn('lower', ['name']), 'in', lower.slice(i, i + 500)))
        .execute()),
    );
  }
  return out;
}

/** Every unit of the tags, by tag. */
export async function unitsTagged(db: Db, tags: string[]): Promise<Map<string, ItemUnit>> {
  const out = new Map<string, ItemUnit>();
  const clean = [...new Set(tags)];
  for (let i = 0; i < clean.length; i += 500) {
    for (const u of await db
      .selectFrom('item_units')
      .selectAll()
      .where('tag', 'in', clean.slice(i, i + 500))
      .execute())
      out.set(u.tag, u);
  }
  return out;
}

/** The units of an item to print labels for: as the Units list shows them (search, status), never retired ones. */
export async function unitsForLabels(
  db: Db,
  dialect: Ctx['dialect'],
  itemId: number,
  q: { search?: string; status: string; ids?: number[] },
) {
  let b = unitsJoined(db).where('u.item_id', '=', itemId).where('u.status', '!=', 'retired');
  if (q.search) b = b.where(anyContainsCI(dialect, ['u.tag', 'u.serial_number'], q.search));
  if (q.status !== 'all') b = b.where('u.status', '=', q.status);
  if (q.ids) b = b.where('u.id', 'in', q.ids.length ? q.ids : [0]);
  return (await unitColumns(b).orderBy('u.tag').execute()).map(toUnitDto);
}

/** Units for the export: every unit or one item's, by item name and tag, with the home room's code. */
export const unitsForExport = (db: Db, itemId?: number) => {
  let q = unitColumns(unitsJoined(db));
  if (itemId !== undefined) q = q.where('u.item_id', '=', itemId);
  return q
    .orderBy(sql`lower(i.name)`)
    .orderBy('u.tag')
    .execute();
};

/** Units kept in a room (not retired), by tag: a maintenance plan can name one (docs/decisions/maintenance-plans.md). */
export const unitsWithHomeRooms = async (db: Db): Promise<UnitDto[]> =>
  (
    await unitColumns(unitsJoined(db)).where('u.status', '!=', 'retired').where('u.home_room_id', 'is not', null).orderBy('u.tag').execute()
  ).map(toUnitDto);
