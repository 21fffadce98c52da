/**
 * Custody's writes (docs/decisions/custody.md), each one transaction: issue (one Acknowledgement Receipt),
 * acknowledge, transfer (one Transfer Slip, confirmed by the receiver), withdraw a transfer, return to the office.
 * The unit's status moves through the inventory's face (available ⇄ issued), guarded, so a unit lent, retired or
 * taken by another writer meanwhile is refused, never given two holders.
 */
import { firstError } from '../../../core/common/forms';
import { CUSTODIAN_ROLES, CUSTODY_MSG, custodyForm, slipCode, type CustodyForm, type SlipKind } from '../../../core/custody/rules';
import type { ActivityText, NoticeText } from '../../../core/activity/notices';
import type { CustodyBody, UnitCustodyDto } from '../../../core/custody/schemas';
import { isTag, tidyTag, UNIT_MSG } from '../../../core/inventory/units';
import type { Ctx } from '../../context';
import type { Db } from '../../db/database';
import type { Account, ItemUnit } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../errors';
import type { Involved, SendMail } from '../../ports';
import { findAccount } from '../accounts';
import { issueUnits, lockUnitRow, logCustodyStep, returnIssuedUnit, unitsByTags } from '../inventory';
import { findRoom } from '../locations';
import { ACCOUNTABLE, openRowsOf, unitCustodyOf, type OpenRow } from './queries';

const now = () => new Date().toISOString();
type Holder = { kind: 'person' | 'room'; accountId: number | null; roomId: number | null; name: string };

const isUniqueViolation = (err: unknown) => {
  const code = (err as { code?: unknown })?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
};

function checkBody(body: CustodyBody): CustodyForm {
  const problem = firstError(custodyForm, body);
  if (problem) throw badRequest(problem);
  return body as CustodyForm;
}

/** The person (active faculty, staff or personnel) or the room named by the form. */
async function holderOf(trx: Db, form: CustodyForm): Promise<Holder> {
  if (form.holder === 'room') {
    const room = await findRoom(trx, form.roomId!);
    if (!room) throw badRequest(CUSTODY_MSG.roomNotFound, 'room_not_found');
    return { kind: 'room', accountId: null, roomId: room.id, name: `${room.code} · ${room.name}` };
  }
  const person = await findAccount(trx, form.accountId!);
  if (!person || person.status !== 'accepted') throw badRequest(CUSTODY_MSG.personNotFound);
  if (!CUSTODIAN_ROLES.includes(person.role)) throw badRequest(CUSTODY_MSG.notCustodian, 'not_custodian');
  if (person.deactivated_at) throw badRequest(CUSTODY_MSG.personInactive);
  return { kind: 'person', accountId: person.id, roomId: null, name: person.full_name };
}

/** The units by tag, in the order given: each tag well formed, listed once, and of a unit. */
async function unitsOf(trx: Db, tags: string[]): Promise<ItemUnit[]> {
  const tidy = tags.map(tidyTag);
  const seen = new Set<string>();
  for (const t of tidy) {
    if (!isTag(t)) throw badRequest(CUSTODY_MSG.tagInvalid);
    if (seen.has(t)) throw badRequest(CUSTODY_MSG.tagTwice(t));
    seen.add(t);
  }
  const found = new Map((await unitsByTags(trx, tidy)).map((u) => [u.tag, u]));
  return tidy.map((t) => {
    const unit = found.get(t);
    if (!unit) throw badRequest(CUSTODY_MSG.unitNotFound(t), 'unit_not_found');
    return unit;
  });
}

const sameHolder = (row: { account_id: number | null; room_id: number | null }, h: Holder) =>
  h.kind === 'person' ? row.account_id === h.accountId : row.room_id === h.roomId;

async function newSlip(trx: Db, kind: SlipKind, holder: Holder, from: string | null, actor: Account, at: string): Promise<number> {
  const { id } = await trx
    .insertInto('custody_slips')
    .values({
      kind,
      holder_kind: holder.kind,
      account_id: holder.accountId,
      room_id: holder.roomId,
      holder_name: holder.name,
      from_name: from,
      created_by: actor.id,
      created_by_name: actor.full_name,
      created_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

async function newRow(trx: Db, unitId: number, slipId: number, holder: Holder, state: 'awaiting' | 'held' | 'offered', at: string) {
  await trx
    .insertInto('unit_custody')
    .values({
      unit_id: unitId,
      slip_id: slipId,
      holder_kind: holder.kind,
      account_id: holder.accountId,
      room_id: holder.roomId,
      holder_name: holder.name,
      state,
      started_at: at,
      acknowledged_at: state === 'held' ? at : null,
    })
    .execute();
}

/**
 * The office's entry about a custody step and, when a person holds (or held) the units, their notice, which opens
 * My accountabilities. Returns the notice's mail, to send once the transaction commits.
 */
async function recordStep(
  ctx: Ctx,
  trx: Db,
  who: Involved,
  activity: ActivityText,
  notice: NoticeText | null,
  unitId: number,
): Promise<SendMail> {
  await ctx.activity.record(who, activity, trx);
  if (who.subjectId === null || !notice) return () => {};
  return ctx.activity.notify(who.subjectId, { type: 'custody', id: unitId }, notice, trx);
}

/** Runs a custody write; a second holder or offer caught by the partial unique indexes is the same 409 as the check. */
async function guarded<T>(run: () => Promise<T>, raced: () => string): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(raced(), 'unit_in_custody');
    throw err;
  }
}

const refusedStatus: Record<string, (tag: string) => [string, 'unit_on_loan' | 'unit_retired' | 'unit_not_available']> = {
  on_loan: (t) => [CUSTODY_MSG.unitOnLoan(t), 'unit_on_loan'],
  retired: (t) => [CUSTODY_MSG.unitRetired(t), 'unit_retired'],
  lost: (t) => [CUSTODY_MSG.unitLost(t), 'unit_not_available'],
  in_repair: (t) => [CUSTODY_MSG.unitInRepair(t), 'unit_not_available'],
};

/** Issue to Custodian: available units to one person or room, on one Acknowledgement Receipt. */
export async function issueToCustodian(
  ctx: Ctx,
  actor: Account,
  body: CustodyBody,
): Promise<{ id: number; kind: SlipKind; code: string; count: number }> {
  const form = checkBody(body);
  let send: SendMail = () => {};
  const out = await guarded(
    () =>
      ctx.db.transaction().execute(async (trx) => {
        const holder = await holderOf(trx, form);
        const units = await unitsOf(trx, form.tags);
        for (const u of units) {
          if (u.status === 'issued') {
            const held = (await openRowsOf(trx, u.id)).find((r) => r.state !== 'offered');
            throw conflict(CUSTODY_MSG.unitInCustody(u.tag, held?.holder_name ?? 'someone'), 'unit_in_custody');
          }
          const refused = refusedStatus[u.status]?.(u.tag);
          if (refused) throw conflict(refused[0], refused[1]);
        }
        const at = now();
        const slipId = await newSlip(trx, 'receipt', holder, null, actor, at);
        const code = slipCode('receipt', slipId);
        const missed = await issueUnits(
          trx,
          actor.id,
          units.map((u) => ({ id: u.id, itemId: u.item_id, costCents: u.purchase_cost_cents })),
          holder.name,
          `${code}: ${holder.name}`,
          at,
        );
        if (missed !== null) {
          const tag = units.find((u) => u.id === missed)!.tag;
          throw conflict(`${tag} is no longer available; it was taken a moment ago.`, 'unit_not_available');
        }
        // A room has no one to acknowledge: the office member issuing it acknowledges at once.
        const state = holder.kind === 'room' ? 'held' : 'awaiting';
        for (const u of units) {
          await newRow(trx, u.id, slipId, holder, state, at);
          if (state === 'held') await logCustodyStep(trx, u.id, actor.id, 'acknowledged', `${actor.full_name} for ${holder.name}`, at);
        }
        const tags = units.map((u) => u.tag).join(', ');
        const activity = {
          actionType: 'inventory_update',
          description: `${actor.full_name} issued ${tags} to ${holder.name} (${code})`,
        };
        const who = { actorId: actor.id, subjectId: holder.accountId, entity: { type: 'item' as const, id: units[0].item_id } };
        send = await recordStep(
          ctx,
          trx,
          who,
          activity,
          {
            title: 'Property issued to you',
            message: `${tags} ${units.length === 1 ? 'was' : 'were'} issued to you for long-term use (${code}). Open My accountabilities to acknowledge receipt.`,
          },
          units[0].id,
        );
        return { id: slipId, kind: 'receipt' as const, code, count: units.length };
      }),
    () => CUSTODY_MSG.unitInCustody(form.tags.map(tidyTag).join(', '), 'someone'),
  );
  send();
  return out;
}

/** Transfer: units in custody to another person or room, on one Transfer Slip; a person confirms, a room at once. */
export async function transferCustody(
  ctx: Ctx,
  actor: Account,
  body: CustodyBody,
): Promise<{ id: number; kind: SlipKind; code: string; count: number; confirmed: boolean }> {
  const form = checkBody(body);
  let send: SendMail = () => {};
  const out = await guarded(
    () =>
      ctx.db.transaction().execute(async (trx) => {
        const holder = await holderOf(trx, form);
        const units = await unitsOf(trx, form.tags);
        const held = new Map<number, OpenRow>();
        for (const u of [...units].sort((a, b) => a.id - b.id)) {
          await lockUnitRow(trx, u.id);
          const rows = (await openRowsOf(trx, u.id)) as OpenRow[];
          const current = rows.find((r) => r.state !== 'offered');
          const offer = rows.find((r) => r.state === 'offered');
          if (!current) throw conflict(CUSTODY_MSG.notInCustody(u.tag), 'not_in_custody');
          if (offer) throw conflict(CUSTODY_MSG.transferPending(u.tag, offer.holder_name), 'transfer_pending');
          if (sameHolder(current, holder)) throw conflict(CUSTODY_MSG.sameHolder(u.tag, holder.name), 'unit_in_custody');
          held.set(u.id, current);
        }
        const at = now();
        const from = [...new Set([...held.values()].map((r) => r.holder_name))].join(', ');
        const slipId = await newSlip(trx, 'transfer', holder, from, actor, at);
        const code = slipCode('transfer', slipId);
        const confirmed = holder.kind === 'room';
        for (const u of units) {
          await logCustodyStep(trx, u.id, actor.id, 'transfer_started', holder.name, at);
          if (confirmed) {
            await endRow(trx, held.get(u.id)!.id, 'transferred', at);
            await newRow(trx, u.id, slipId, holder, 'held', at);
            await logCustodyStep(trx, u.id, actor.id, 'transfer_confirmed', holder.name, at);
          } else await newRow(trx, u.id, slipId, holder, 'offered', at);
        }
        const tags = units.map((u) => u.tag).join(', ');
        const activity = {
          actionType: 'inventory_update',
          description: `${actor.full_name} ${confirmed ? 'transferred' : 'started the transfer of'} ${tags} from ${from} to ${holder.name} (${code})`,
        };
        const who = { actorId: actor.id, subjectId: holder.accountId, entity: { type: 'item' as const, id: units[0].item_id } };
        send = await recordStep(
          ctx,
          trx,
          who,
          activity,
          {
            title: 'Property transferred to you',
            message: `${tags} ${units.length === 1 ? 'is' : 'are'} being transferred to you from ${from} (${code}). Open My accountabilities to confirm receipt.`,
          },
          units[0].id,
        );
        return { id: slipId, kind: 'transfer' as const, code, count: units.length, confirmed };
      }),
    () => CUSTODY_MSG.transferPending(form.tags.map(tidyTag).join(', '), 'someone'),
  );
  send();
  return out;
}

async function endRow(trx: Db, id: number, kind: 'transferred' | 'returned' | 'withdrawn', at: string) {
  const done = await trx
    .updateTable('unit_custody')
    .set({ state: 'ended', end_kind: kind, ended_at: at })
    .where('id', '=', id)
    .where('state', '!=', 'ended')
    .executeTakeFirst();
  if (Number(done.numUpdatedRows) === 0) throw conflict('This custody changed a moment ago. Reload and try again.', 'conflict');
}

/** The unit's open rows under its row's lock, or 404 when there is no such unit. */
async function lockedRows(trx: Db, unitId: number): Promise<{ tag: string; itemId: number; rows: OpenRow[] }> {
  const unit = await lockUnitRow(trx, unitId);
  if (!unit) throw notFound(UNIT_MSG.unitNotFound);
  return { tag: unit.tag, itemId: unit.itemId, rows: (await openRowsOf(trx, unitId)) as OpenRow[] };
}

/**
 * The custodian confirms receipt: a transfer offered to them (the giver's custody ends, theirs begins,
 * acknowledged), else a unit issued to them and awaiting acknowledgement. Only that person: anyone else is 404.
 */
export async function acknowledge(ctx: Ctx, me: Account, unitId: number): Promise<{ message: string; custody: UnitCustodyDto }> {
  let send: SendMail = () => {};
  const message = await ctx.db.transaction().execute(async (trx) => {
    const { tag, itemId, rows } = await lockedRows(trx, unitId);
    const at = now();
    const offer = rows.find((r) => r.state === 'offered' && r.account_id === me.id);
    const held = rows.find((r) => ACCOUNTABLE.includes(r.state as 'awaiting'));
    const who = { actorId: me.id, subjectId: held?.account_id ?? null, entity: { type: 'item' as const, id: itemId } };
    if (offer) {
      if (held) await endRow(trx, held.id, 'transferred', at);
      const done = await trx
        .updateTable('unit_custody')
        .set({ state: 'held', acknowledged_at: at })
        .where('id', '=', offer.id)
        .where('state', '=', 'offered')
        .executeTakeFirst();
      if (Number(done.numUpdatedRows) === 0) throw conflict(CUSTODY_MSG.nothingToAcknowledge, 'already_done');
      await logCustodyStep(trx, unitId, me.id, 'transfer_confirmed', me.full_name, at);
      const activity = {
        actionType: 'inventory_update',
        description: `${me.full_name} confirmed receipt of ${tag} transferred from ${held?.holder_name ?? 'its holder'} (${slipCode('transfer', offer.slip_id)})`,
      };
      send = await recordStep(
        ctx,
        trx,
        who,
        activity,
        {
          title: 'Transfer confirmed',
          message: `${me.full_name} confirmed receipt of ${tag}; you are no longer accountable for it.`,
        },
        unitId,
      );
      return CUSTODY_MSG.transferConfirmed;
    }
    if (held && held.account_id === me.id) {
      if (held.state === 'held') throw conflict(`You already acknowledged receipt of ${tag}.`, 'already_done');
      const done = await trx
        .updateTable('unit_custody')
        .set({ state: 'held', acknowledged_at: at })
        .where('id', '=', held.id)
        .where('state', '=', 'awaiting')
        .executeTakeFirst();
      if (Number(done.numUpdatedRows) === 0) throw conflict(`You already acknowledged receipt of ${tag}.`, 'already_done');
      await logCustodyStep(trx, unitId, me.id, 'acknowledged', me.full_name, at);
      await ctx.activity.record(
        { ...who, subjectId: me.id },
        {
          actionType: 'inventory_update',
          description: `${me.full_name} acknowledged receipt of ${tag} (${slipCode(held.slip_kind, held.slip_id)})`,
        },
        trx,
      );
      return CUSTODY_MSG.acknowledged;
    }
    throw notFound(CUSTODY_MSG.nothingToAcknowledge);
  });
  send();
  return { message, custody: await unitCustodyOf(ctx.db, unitId) };
}

/** The office withdraws a transfer awaiting confirmation; the holder stays accountable. */
export async function withdrawTransfer(ctx: Ctx, actor: Account, unitId: number): Promise<UnitCustodyDto> {
  await ctx.db.transaction().execute(async (trx) => {
    const { tag, itemId, rows } = await lockedRows(trx, unitId);
    const offer = rows.find((r) => r.state === 'offered');
    if (!offer) throw conflict(CUSTODY_MSG.noTransfer(tag), 'not_in_custody');
    const at = now();
    await endRow(trx, offer.id, 'withdrawn', at);
    await logCustodyStep(trx, unitId, actor.id, 'transfer_withdrawn', offer.holder_name, at);
    await ctx.activity.record(
      { actorId: actor.id, subjectId: offer.account_id, entity: { type: 'item', id: itemId } },
      { actionType: 'inventory_update', description: `${actor.full_name} withdrew the transfer of ${tag} to ${offer.holder_name}` },
      trx,
    );
  });
  return unitCustodyOf(ctx.db, unitId);
}

/** Return to Office: custody ends (and any transfer offered with it), the unit is available again. */
export async function returnToOffice(ctx: Ctx, actor: Account, unitId: number): Promise<UnitCustodyDto> {
  let send: SendMail = () => {};
  await ctx.db.transaction().execute(async (trx) => {
    const { tag, itemId, rows } = await lockedRows(trx, unitId);
    const held = rows.find((r) => r.state !== 'offered');
    if (!held) throw conflict(CUSTODY_MSG.notInCustody(tag), 'not_in_custody');
    const at = now();
    for (const r of rows) await endRow(trx, r.id, r.state === 'offered' ? 'withdrawn' : 'returned', at);
    if (!(await returnIssuedUnit(trx, actor.id, unitId, held.holder_name, `Returned by ${held.holder_name}`, at)))
      throw conflict(CUSTODY_MSG.notInCustody(tag), 'not_in_custody');
    const who = { actorId: actor.id, subjectId: held.account_id, entity: { type: 'item' as const, id: itemId } };
    const activity = { actionType: 'inventory_update', description: `${actor.full_name} received ${tag} back from ${held.holder_name}` };
    send = await recordStep(
      ctx,
      trx,
      who,
      activity,
      { title: 'Property returned', message: `${tag} was returned to the office; you are no longer accountable for it.` },
      unitId,
    );
  });
  send();
  return unitCustodyOf(ctx.db, unitId);
}
