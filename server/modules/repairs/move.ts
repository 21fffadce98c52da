/**
 * Every change to a repair report, whoever makes it (docs/decisions/server-decides.md, repairs-lifecycle.md): the
 * rules are checked in each step's file, and each change is one transaction guarded by the report's status in the
 * UPDATE itself (so of two people acting at once exactly one wins), made here by `move`. Each step writes the
 * activity feed and tells the people concerned (tell.ts, docs/decisions/notifications.md).
 */
import type { Updateable } from 'kysely';
import { MSG } from '../../../core/messages';
import { REPAIR_ACTIONS, wrongRepairStateMessage, type RepairAction } from '../../../core/repairs/rules';
import type { RepairReportDto } from '../../../core/repairs/schemas';
import { todayIn } from '../../../core/time';
import type { Ctx } from '../../context';
import type { Db } from '../../db/database';
import type { Account, RepairReportsTable } from '../../db/schema';
import { conflict, notFound } from '../../errors';
import { findRepair } from './reportRows';

export const now = () => new Date().toISOString();
export const today = (ctx: Ctx) => todayIn(ctx.config.campusTimeZone);
export type Row = Awaited<ReturnType<typeof rowOf>>;

export const rowOf = (trx: Db, id: number) => trx.selectFrom('repair_reports').selectAll().where('id', '=', id).executeTakeFirst();

export async function reload(ctx: Ctx, id: number): Promise<RepairReportDto> {
  return (await findRepair(ctx.db, id))!;
}

/**
 * The refusal of a step on a report that is not the personnel member's: not there, or given by the office to
 * someone else, which is said (a change made offline is refused so; personnel see every room's reports anyway).
 */
export const notAssignedHere = (row: Row) => notFound(row && row.assigned_to !== null ? MSG.repairAssignedElsewhere : MSG.repairNotFound);

/** Who may act on a report besides administrators: its reporter, or the person it is assigned to. */
type Party = { reporterId: number } | { assignedTo: number };

/**
 * Changes a report by one action, guarded by its present status (and, for a party, by who they are) in the
 * UPDATE itself. Answers 404 when the report is not there or not the party's, 409 when it is in another state
 * (or, with `expect`, no longer in the status the caller saw). Returns the row before and after.
 */
export async function move(
  trx: Db,
  id: number,
  action: RepairAction,
  changes: Updateable<RepairReportsTable>,
  opts: { party?: Party; expect?: { status: string; updatedAt: string } } = {},
): Promise<{ before: Row & object; after: Row & object }> {
  const before = await rowOf(trx, id);
  const mine = (r: Row) =>
    !!r &&
    (!opts.party || ('reporterId' in opts.party ? r.reporter_id === opts.party.reporterId : r.assigned_to === opts.party.assignedTo));
  const theirs = !!opts.party && 'assignedTo' in opts.party;
  if (!before || !mine(before)) throw theirs ? notAssignedHere(before) : notFound(MSG.repairNotFound);
  const { expect } = opts;
  if (expect && (before.status !== expect.status || before.updated_at !== expect.updatedAt))
    throw conflict(MSG.repairChangedMeanwhile, 'wrong_state');
  const from = expect ? [expect.status] : [...REPAIR_ACTIONS[action].from];
  if (!from.includes(before.status)) throw conflict(wrongRepairStateMessage(action, before.status), 'wrong_state');
  // The work waits while the report is on hold (docs/decisions/repair-deadlines.md).
  const waitsForResume = action === 'start' || action === 'complete';
  if (waitsForResume && before.held_at) throw conflict(MSG.repairOnHold(before.hold_reason ?? ''), 'on_hold');
  let update = trx
    .updateTable('repair_reports')
    .set({ ...changes, updated_at: now() })
    .where('id', '=', id)
    .where('status', 'in', from);
  if (waitsForResume) update = update.where('held_at', 'is', null);
  if (opts.party && 'reporterId' in opts.party) update = update.where('reporter_id', '=', opts.party.reporterId);
  if (opts.party && 'assignedTo' in opts.party) update = update.where('assigned_to', '=', opts.party.assignedTo);
  if (expect) update = update.where('updated_at', '=', expect.updatedAt);
  const { numUpdatedRows } = await update.executeTakeFirstOrThrow();
  const after = await rowOf(trx, id);
  if (!after || !mine(after)) throw theirs ? notAssignedHere(after) : notFound(MSG.repairNotFound);
  if (Number(numUpdatedRows) === 0) {
    throw conflict(
      expect || after.status === before.status ? MSG.repairChangedMeanwhile : wrongRepairStateMessage(action, after.status),
      'wrong_state',
    );
  }
  return { before, after };
}

/** The feed entry's who and what for a step on a report: the actor, the reporter it concerns, the report. */
export const about = (actor: Account, r: { id: number; reporter_id: number | null }) => ({
  actorId: actor.id,
  subjectId: r.reporter_id,
  entity: { type: 'repair_report', id: r.id } as const,
});
