/**
 * The condition of what comes back (docs/decisions/return-conditions.md): the office's findings checked against
 * what was lent, applied in the verification's transaction (stock back, units in repair or lost, a repair opened
 * for each damaged thing), and the stock a damage repair held out put back, once, when the repair ends.
 */
import { opensRepair, RETURN_CONDITION_LABELS, type ReturnCondition } from '../../../core/borrowing/conditions';
import type { ConditionEntry, ReturnConditionDto } from '../../../core/borrowing/conditionSchemas';
import type { Finding } from '../../../core/borrowing/notices';
import { requestCode } from '../../../core/borrowing/rules';
import { tidyTag } from '../../../core/inventory/units';
import { tradeFor, type DamageTrades } from '../../../core/repairs/damage';
import { MSG } from '../../../core/messages';
import type { Ctx } from '../../context';
import type { Db } from '../../db/database';
import type { Account, BorrowRequest } from '../../db/schema';
import { badRequest } from '../../errors';
import { endUnitRepair, receiveUnits, returnToStock } from '../inventory';
import type { RepairEnd } from '../../ports';
import { createDamageReport } from '../repairs';

const now = () => new Date().toISOString();

type Line = { id: number; item_id: number | null; item_name: string; category: string; quantity_approved: number };
type Lent = { id: number; line_id: number; unit_id: number | null; tag: string };

/** A finding checked against the loan: its line, and its unit for a tracked line. */
interface Checked {
  index: number;
  entry: ConditionEntry;
  line: Line;
  unit: Lent | null;
  quantity: number;
}

/**
 * Each lent unit exactly once (by tag), each counted line's quantity exactly covered; a unit not on this loan,
 * a line not in it, or a quantity above the line's is refused (400) before anything moves.
 */
export function checkFindings(lines: Line[], lent: Lent[], entries: ConditionEntry[]): Checked[] {
  const lineById = new Map(lines.map((l) => [l.id, l]));
  const unitByTag = new Map(lent.map((u) => [u.tag, u]));
  const seen = new Set<string>();
  const given = new Map<number, number>();
  const out: Checked[] = [];
  entries.forEach((entry, index) => {
    if (entry.tag) {
      const tag = tidyTag(entry.tag);
      const unit = unitByTag.get(tag);
      if (!unit) throw badRequest(MSG.conditionUnitNotLent(tag), 'unit_not_on_loan');
      if (seen.has(tag)) throw badRequest(MSG.conditionUnitTwice(tag), 'conditions_mismatch');
      seen.add(tag);
      out.push({ index, entry, line: lineById.get(unit.line_id)!, unit, quantity: 1 });
      return;
    }
    const line = entry.lineId === undefined ? undefined : lineById.get(entry.lineId);
    if (!line) throw badRequest(MSG.conditionLineUnknown, 'conditions_mismatch');
    if (lent.some((u) => u.line_id === line.id)) throw badRequest(MSG.conditionLineTracked(line.item_name), 'conditions_mismatch');
    if (line.quantity_approved === 0) throw badRequest(MSG.conditionLineNotLent(line.item_name), 'conditions_mismatch');
    if (entry.quantity === undefined) throw badRequest(MSG.conditionQuantityMissing(line.item_name), 'conditions_mismatch');
    const sum = (given.get(line.id) ?? 0) + entry.quantity;
    if (sum > line.quantity_approved)
      throw badRequest(MSG.conditionQuantityOver(line.item_name, line.quantity_approved), 'quantity_over_line');
    given.set(line.id, sum);
    out.push({ index, entry, line, unit: null, quantity: entry.quantity });
  });
  const missing = lent.find((u) => !seen.has(u.tag));
  if (missing) throw badRequest(MSG.conditionUnitMissing(missing.tag), 'conditions_mismatch');
  for (const line of lines) {
    if (line.quantity_approved === 0 || lent.some((u) => u.line_id === line.id)) continue;
    const sum = given.get(line.id) ?? 0;
    if (sum !== line.quantity_approved)
      throw badRequest(MSG.conditionQuantitySum(line.item_name, line.quantity_approved, sum), 'conditions_mismatch');
  }
  return out;
}

const UNIT_TO: Record<ReturnCondition, 'available' | 'in_repair' | 'lost'> = {
  good: 'available',
  damaged: 'in_repair',
  missing_parts: 'in_repair',
  lost: 'lost',
};

export interface FindingContext {
  request: BorrowRequest;
  lines: Line[];
  lent: Lent[];
  photos: Map<number, string>;
  trades: DamageTrades;
  officeName: string;
}

/**
 * Applies checked findings in the verification's transaction: good back to stock (units available), damaged and
 * missing parts held out (units in repair) with a repair opened for each, lost out of stock (units lost); every
 * finding recorded. Answers them in words, for the borrower.
 */
export async function applyFindings(ctx: Ctx, trx: Db, actor: Account, found: Checked[], fc: FindingContext): Promise<Finding[]> {
  const { request } = fc;
  const at = now();
  const lentIds = fc.lent.map((u) => u.id);
  if (lentIds.length) await trx.updateTable('borrow_line_units').set({ returned_at: at }).where('id', 'in', lentIds).execute();

  const homes = new Map<number, number | null>();
  for (const line of fc.lines) {
    if (line.item_id === null) continue;
    const mine = found.filter((f) => f.line.id === line.id);
    const units = mine.filter((f) => f.unit?.unit_id != null);
    if (units.length) {
      const moved = await receiveUnits(
        trx,
        actor.id,
        line.item_id,
        units.map((f) => ({ unitId: f.unit!.unit_id!, to: UNIT_TO[f.entry.condition], note: noteOf(request.id, f.entry) })),
        request.id,
      );
      for (const m of moved) homes.set(m.id, m.homeRoomId);
    }
    const good = mine.filter((f) => f.unit === null && f.entry.condition === 'good').reduce((n, f) => n + f.quantity, 0);
    if (good > 0) await returnToStock(trx, line.item_id, good, { actorId: actor.id, requestId: request.id });
  }

  const findings: Finding[] = [];
  for (const f of found) {
    const photo = fc.photos.get(f.index) ?? null;
    const { id } = await trx
      .insertInto('return_conditions')
      .values({
        request_id: request.id,
        line_id: f.line.id,
        item_id: f.line.item_id,
        unit_id: f.unit?.unit_id ?? null,
        tag: f.unit?.tag ?? null,
        quantity: f.quantity,
        condition: f.entry.condition,
        note: f.entry.note || null,
        photo_path: photo,
        verified_by: actor.id,
        created_at: at,
        repair_id: null,
        settled_at: null,
        outcome: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    let repairId: number | null = null;
    if (opensRepair(f.entry.condition)) {
      const what = f.unit ? `${f.line.item_name} (${f.unit.tag})` : `${f.quantity} × ${f.line.item_name}`;
      repairId = await createDamageReport(ctx, trx, actor, {
        requestId: request.id,
        itemId: f.line.item_id,
        itemName: f.line.item_name,
        unitId: f.unit?.unit_id ?? null,
        tag: f.unit?.tag ?? null,
        quantity: f.quantity,
        borrowerId: request.account_id,
        issue: `Equipment damage: ${what}, ${RETURN_CONDITION_LABELS[f.entry.condition].toLowerCase()} at the return of ${requestCode(request.id)}${f.entry.note ? `: ${f.entry.note}` : ''}`,
        photoPath: photo,
        priority: f.entry.priority ?? 'medium',
        trade: tradeFor(fc.trades, f.line.category),
        homeRoomId: f.unit?.unit_id != null ? (homes.get(f.unit.unit_id) ?? null) : null,
        officeName: fc.officeName,
      });
      await trx.updateTable('return_conditions').set({ repair_id: repairId }).where('id', '=', id).execute();
    }
    findings.push({
      what: f.unit ? `${f.line.item_name} ${f.unit.tag}` : `${f.quantity} × ${f.line.item_name}`,
      condition: RETURN_CONDITION_LABELS[f.entry.condition],
      note: f.entry.note || null,
      repairOpened: repairId !== null,
    });
  }
  return findings;
}

const noteOf = (requestId: number, e: ConditionEntry) =>
  `${requestCode(requestId)}: ${RETURN_CONDITION_LABELS[e.condition].toLowerCase()}${e.note ? ` (${e.note})` : ''}`;

/**
 * A damage repair ended (ctx.repairEnds): each finding it holds out is settled once (a guarded UPDATE on
 * `settled_at`), then its unit goes back to available or is retired, or its counted quantity goes back to stock
 * (a retired quantity stays out, written off).
 */
export const returnConditionsRepairEnd: RepairEnd = {
  async ended(trx, reportId, actorId, outcome, reason) {
    const held = await trx
      .selectFrom('return_conditions')
      .select(['id', 'request_id', 'item_id', 'unit_id', 'quantity'])
      .where('repair_id', '=', reportId)
      .where('settled_at', 'is', null)
      .execute();
    for (const row of held) {
      const settled = await trx
        .updateTable('return_conditions')
        .set({ settled_at: now(), outcome })
        .where('id', '=', row.id)
        .where('settled_at', 'is', null)
        .executeTakeFirstOrThrow();
      if (Number(settled.numUpdatedRows) === 0) continue;
      const note = `${requestCode(row.request_id)}: ${outcome === 'repaired' ? 'repaired' : `beyond repair (${reason ?? ''})`}`;
      if (row.unit_id !== null) await endUnitRepair(trx, actorId, row.unit_id, outcome, note, reportId);
      else if (row.item_id !== null && outcome === 'repaired') {
        await returnToStock(trx, row.item_id, row.quantity, {
          kind: 'repaired',
          actorId,
          requestId: row.request_id,
          repairId: reportId,
          reason: note,
        });
      }
    }
  },
};

// ---- reading them ----

/** A request's findings, as the request shows them (its owner and the office), in the order they were given. */
export async function conditionsOf(db: Db, requestId: number): Promise<ReturnConditionDto[]> {
  const rows = await db
    .selectFrom('return_conditions as rc')
    .innerJoin('borrow_request_items as bri', 'bri.id', 'rc.line_id')
    .select(['rc.id', 'rc.line_id', 'bri.item_name', 'rc.tag', 'rc.quantity', 'rc.condition', 'rc.note', 'rc.photo_path', 'rc.repair_id'])
    .where('rc.request_id', '=', requestId)
    .orderBy('rc.id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    lineId: r.line_id,
    itemName: r.item_name,
    tag: r.tag,
    quantity: r.quantity,
    condition: r.condition as ReturnCondition,
    note: r.note,
    photoUrl: r.photo_path ? `/api/borrow-requests/${requestId}/conditions/${r.id}/photo` : null,
    repairId: r.repair_id,
  }));
}

/** A finding's photo with the request's borrower, for the photo route's check. */
export const conditionPhotoOf = (db: Db, requestId: number, conditionId: number) =>
  db
    .selectFrom('return_conditions as rc')
    .innerJoin('borrow_requests as br', 'br.id', 'rc.request_id')
    .select(['br.account_id', 'rc.photo_path'])
    .where('rc.id', '=', conditionId)
    .where('rc.request_id', '=', requestId)
    .executeTakeFirst();
