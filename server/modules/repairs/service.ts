import { sql, type Updateable } from 'kysely';
import { firstError } from '../../../core/common/forms';
import { PROOF_IMAGE_KINDS, type FileKind } from '../../../core/files';
import { MSG } from '../../../core/messages';
import * as say from '../../../core/repairs/notices';
import {
  assignmentForm,
  canDoRepair,
  completionForm,
  fromCentavos,
  REPAIR_ACTIONS,
  repairReportForm,
  toCentavos,
  workForm,
  wrongRepairStateMessage,
  type CompletionValues,
  type Priority,
  type RepairAction,
  type RepairStatus,
} from '../../../core/repairs/rules';
import type { AssignmentInput, RatingInput, RepairReportDto, RepairReportInput, WorkInput } from '../../../core/repairs/schemas';
import { tidyName } from '../../../core/locations/rules';
import { todayIn } from '../../../core/time';
import type { Ctx } from '../../context';
import type { Db } from '../../db/database';
import type { Account, RepairReportsTable } from '../../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../../errors';
import type { ReadFile } from '../../lib/uploads';
import type { SendMail } from '../activity/service';
import { findAccount, nameOf } from '../accounts/queries';
import { placeRoom } from '../locations';
import { deadlineColumns, stampDeadlines } from './deadlines';
import { endDamageRepair } from './damage';
import { followerCount, followersOf, findRepair } from './queries';
import { slotChanges, workSlotDatedText } from './slot';

export { createDamageReport, type DamageReport, type RepairEnd, type RepairOutcome } from './damage';

/**
 * Every change to a repair report, whoever makes it (docs/decisions/server-decides.md, repairs-lifecycle.md): the rules are checked here, each
 * change is one transaction guarded by the report's status in the UPDATE itself (so of two people acting at
 * once exactly one wins), and each writes the activity feed and tells the people concerned (docs/decisions/notifications.md).
 */

const now = () => new Date().toISOString();
const today = (ctx: Ctx) => todayIn(ctx.config.campusTimeZone);
type Row = Awaited<ReturnType<typeof rowOf>>;

export const rowOf = (trx: Db, id: number) => trx.selectFrom('repair_reports').selectAll().where('id', '=', id).executeTakeFirst();

async function reload(ctx: Ctx, id: number): Promise<RepairReportDto> {
  return (await findRepair(ctx.db, id))!;
}

/** Who may act on a report besides administrators: its reporter, or the person it is assigned to. */
type Party = { reporterId: number } | { assignedTo: number };

/**
 * Changes a report by one action, guarded by its present status (and, for a party, by who they are) in the
 * UPDATE itself. Answers 404 when the report is not there or not the party's, 409 when it is in another state
 * (or, with `expect`, no longer in the status the caller saw). Returns the row before and after.
 */
async function move(
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
  if (!before || !mine(before)) throw notFound(MSG.repairNotFound);
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
  if (!after || !mine(after)) throw notFound(MSG.repairNotFound);
  if (Number(numUpdatedRows) === 0) {
    throw conflict(
      expect || after.status === before.status ? MSG.repairChangedMeanwhile : wrongRepairStateMessage(action, after.status),
      'wrong_state',
    );
  }
  return { before, after };
}

export const about = (actor: Account, r: { id: number; reporter_id: number | null }) => ({
  actorId: actor.id,
  subjectId: r.reporter_id,
  entity: { type: 'repair_report', id: r.id } as const,
});
/** The work's slot in a notice, with the day's date ("Monday, Nov 30, 2026, 09:00-11:00"), counted from today on campus. */
const whenOf = (ctx: Ctx, r: Row & object) => workSlotDatedText(r, today(ctx));

/**
 * Tells the reporter their report's status changed, and each of its followers
 * (docs/decisions/rooms-and-followers.md); nothing when it did not change.
 */
async function tellReporter(ctx: Ctx, trx: Db, before: Row & object, after: Row & object): Promise<SendMail> {
  if (before.status === after.status) return () => {};
  const personnel = after.assigned_to === null ? null : await nameOf(trx, after.assigned_to);
  const status = after.status as RepairStatus;
  const entity = { type: 'repair_report', id: after.id } as const;
  const mails: SendMail[] = [];
  if (after.reporter_id !== null)
    mails.push(await ctx.activity.notify(after.reporter_id, entity, say.statusChanged(after, status, personnel, whenOf(ctx, after)), trx));
  for (const follower of await followersOf(trx, after.id)) {
    if (follower === after.reporter_id) continue;
    mails.push(await ctx.activity.notify(follower, entity, say.followedStatusChanged(after, status, personnel, whenOf(ctx, after)), trx));
  }
  return sendAll(mails);
}

/** Tells the assigned person the report is now theirs; nothing when it already was. */
async function tellAssignee(ctx: Ctx, trx: Db, before: Row & object, after: Row & object): Promise<SendMail> {
  if (after.assigned_to === null || before.assigned_to === after.assigned_to) return () => {};
  return ctx.activity.notify(
    after.assigned_to,
    { type: 'repair_report', id: after.id },
    say.assignedToYou(after, after.issue_description, after.priority, whenOf(ctx, after)),
    trx,
  );
}

const sendAll = (mails: SendMail[]) => () => mails.forEach((m) => m());

/**
 * The completion rule (`completionForm` in core), one for the personnel and the office: a work description, given
 * now or already on the report; the actual cost when given (null: none), else the one saved, if any
 * (docs/decisions/repair-completion.md).
 */
function checkCompletion(row: Row & object, given: Partial<CompletionValues>) {
  const values = {
    workDescription: given.workDescription ?? row.work_description,
    actualCost: given.actualCost !== undefined ? given.actualCost : fromCentavos(row.actual_cost_cents),
  };
  const problem = firstError(completionForm, values);
  if (problem) throw badRequest(problem);
  const cost = values.actualCost;
  return { work_description: values.workDescription.trim(), actual_cost_cents: cost === null ? null : toCentavos(cost) };
}

/** A move to completed is logged as the completion it is, whoever made it (maintenance_completed). */
async function recordCompletion(ctx: Ctx, trx: Db, actor: Account, before: Row & object, after: Row & object): Promise<boolean> {
  if (after.status !== 'completed' || before.status === 'completed') return false;
  await ctx.activity.record(about(actor, after), say.taskCompleted(actor.full_name, after, after.date_completed!), trx);
  await endDamageRepair(ctx, trx, after.id, actor.id, 'repaired', null); // equipment damage: back in stock, once
  return true;
}

// ---- the reporter (faculty only, docs/product.md) ----

function assertFaculty(me: Account) {
  if (me.role !== 'faculty') throw forbidden(MSG.repairsFacultyOnly);
}

function checkReportForm(input: RepairReportInput) {
  const problem = firstError(repairReportForm, input);
  if (problem) throw badRequest(problem);
  return {
    building: input.building.trim(),
    room: input.room.trim(),
    issue_description: input.issueDescription.trim(),
    priority: input.priority,
    // Left empty: any time suits the reporter.
    day: input.day || null,
    time_start: input.timeStart || null,
    time_end: input.timeEnd || null,
  };
}

export async function createReport(ctx: Ctx, me: Account, input: RepairReportInput): Promise<RepairReportDto> {
  assertFaculty(me);
  const fields = checkReportForm(input);
  const id = await ctx.db.transaction().execute((trx) => insertPendingReport(ctx, trx, me, fields));
  ctx.activity.officeAlert(say.officeRepairReported(me.full_name, { id, ...fields }, fields.issue_description))();
  return reload(ctx, id);
}

/** Only the reporter, only while pending (docs/product.md). */
export async function editReport(ctx: Ctx, me: Account, id: number, input: RepairReportInput): Promise<RepairReportDto> {
  assertFaculty(me);
  const fields = checkReportForm(input);
  await ctx.db.transaction().execute(async (trx) => {
    const room_id = await placeRoom(ctx, trx, me, fields.building, fields.room);
    const { before, after } = await move(trx, id, 'edit', { ...fields, room_id }, { party: { reporterId: me.id } });
    if (before.priority !== after.priority) await stampDeadlines(ctx, trx, id, after.created_at, after.priority as Priority);
    await ctx.activity.record(about(me, after), say.repairEdited(me.full_name, after), trx);
  });
  return reload(ctx, id);
}

/** Only the reporter, only while pending; the row goes, its history stays in the feed. */
export async function deleteReport(ctx: Ctx, me: Account, id: number): Promise<void> {
  assertFaculty(me);
  await ctx.db.transaction().execute(async (trx) => {
    const row = await rowOf(trx, id);
    if (!row || row.reporter_id !== me.id) throw notFound(MSG.repairNotFound);
    const { numDeletedRows } = await trx
      .deleteFrom('repair_reports')
      .where('id', '=', id)
      .where('reporter_id', '=', me.id)
      .where('status', 'in', [...REPAIR_ACTIONS.delete.from])
      .executeTakeFirstOrThrow();
    if (Number(numDeletedRows) === 0) {
      const now = await rowOf(trx, id);
      if (!now) throw notFound(MSG.repairNotFound);
      throw conflict(wrongRepairStateMessage('delete', now.status), 'wrong_state');
    }
    await ctx.activity.record(about(me, row), say.repairDeleted(me.full_name, row), trx);
  });
}

/** The reporter rates a completed report once: 1-5 stars and an optional comment. */
export async function rateReport(ctx: Ctx, me: Account, id: number, input: RatingInput): Promise<RepairReportDto> {
  assertFaculty(me);
  await ctx.db.transaction().execute(async (trx) => {
    const row = await rowOf(trx, id);
    if (!row || row.reporter_id !== me.id) throw notFound(MSG.repairNotFound);
    if (!canDoRepair('rate', row.status)) throw conflict(wrongRepairStateMessage('rate', row.status), 'wrong_state');
    const { numUpdatedRows } = await trx
      .updateTable('repair_reports')
      .set({ rating: input.stars, rating_comment: input.comment || null, rated_at: now() })
      .where('id', '=', id)
      .where('reporter_id', '=', me.id)
      .where('status', '=', 'completed')
      .where('rating', 'is', null)
      .executeTakeFirstOrThrow();
    if (Number(numUpdatedRows) === 0) throw conflict(MSG.alreadyRated, 'wrong_state');
    await ctx.activity.record(about(me, row), say.repairRated(me.full_name, row, input.stars), trx);
  });
  return reload(ctx, id);
}

// ---- following a report (docs/decisions/rooms-and-followers.md) ----

/**
 * A faculty member follows an open report someone else filed: one row per pair, written only while the report is
 * open and not theirs (the INSERT checks it, so a report completed or deleted meanwhile is not followed).
 * Following twice changes nothing. 404 when there is no such report, 409 for one's own or a completed one.
 */
export async function followReport(ctx: Ctx, me: Account, id: number): Promise<{ following: boolean; followers: number }> {
  assertFaculty(me);
  return ctx.db.transaction().execute(async (trx) => {
    const { numInsertedOrUpdatedRows } = await trx
      .insertInto('repair_followers')
      .columns(['report_id', 'account_id', 'created_at'])
      .expression((eb) =>
        eb
          .selectFrom('repair_reports')
          .select(['id', sql.lit(me.id).as('account_id'), sql<string>`cast(${now()} as text)`.as('created_at')])
          .where('id', '=', id)
          .where('status', '<>', 'completed')
          .where((w) => w.or([w('reporter_id', 'is', null), w('reporter_id', '<>', me.id)])),
      )
      .onConflict((oc) => oc.columns(['report_id', 'account_id']).doNothing())
      .executeTakeFirst();
    const row = await rowOf(trx, id);
    if (!row) throw notFound(MSG.repairNotFound);
    if (Number(numInsertedOrUpdatedRows ?? 0) > 0) {
      await ctx.activity.record(about(me, row), say.repairFollowed(me.full_name, row), trx);
    } else {
      if (row.reporter_id === me.id) throw conflict(MSG.followOwnReport, 'wrong_state');
      const already = await trx
        .selectFrom('repair_followers')
        .select('report_id')
        .where('report_id', '=', id)
        .where('account_id', '=', me.id)
        .executeTakeFirst();
      if (!already) throw conflict(MSG.followOnlyOpen, 'wrong_state');
    }
    return { following: true, followers: await followerCount(trx, id) };
  });
}

/** Stops following; not following already changes nothing. 404 when there is no such report. */
export async function unfollowReport(ctx: Ctx, me: Account, id: number): Promise<{ following: boolean; followers: number }> {
  assertFaculty(me);
  return ctx.db.transaction().execute(async (trx) => {
    const row = await rowOf(trx, id);
    if (!row) throw notFound(MSG.repairNotFound);
    const { numDeletedRows } = await trx
      .deleteFrom('repair_followers')
      .where('report_id', '=', id)
      .where('account_id', '=', me.id)
      .executeTakeFirstOrThrow();
    if (Number(numDeletedRows) > 0) await ctx.activity.record(about(me, row), say.repairUnfollowed(me.full_name, row), trx);
    return { following: false, followers: await followerCount(trx, id) };
  });
}

// ---- administrators ----

async function checkAssignment(ctx: Ctx, input: AssignmentInput, defaultStatus: RepairStatus | null) {
  const values = {
    status: input.status ?? defaultStatus ?? undefined,
    assignedTo: input.assignedTo,
    estimatedCost: input.estimatedCost,
    day: input.day,
    timeStart: input.timeStart || null,
    timeEnd: input.timeEnd || null,
    adminNotes: input.adminNotes.trim(),
  };
  const completion = { workDescription: input.workDescription, actualCost: input.actualCost };
  const problem = firstError(assignmentForm, values);
  if (problem) throw badRequest(problem);
  const person = await findAccount(ctx.db, values.assignedTo!);
  if (!person || person.role !== 'personnel' || person.status !== 'accepted') throw badRequest(MSG.notPersonnelAccount);
  return { ...values, status: values.status!, person, completion };
}

/** Fields an assignment writes; a status change stamps its time (and completion its campus day) once. */
function assignmentChanges(ctx: Ctx, v: Awaited<ReturnType<typeof checkAssignment>>, row: Row & object) {
  const at = now();
  const changes: Updateable<RepairReportsTable> = {
    status: v.status,
    assigned_to: v.person.id,
    admin_notes: v.adminNotes,
    estimated_cost_cents: v.estimatedCost === null ? null : toCentavos(v.estimatedCost),
  };
  Object.assign(changes, slotChanges(row, v)); // the scheduled slot; the reporter's preference stays as asked
  if (row.assigned_to !== v.person.id || !row.assigned_at) changes.assigned_at = at;
  if (v.status === 'in-progress' && !row.started_at) changes.started_at = at;
  if (v.status === 'completed') Object.assign(changes, checkCompletion(row, v.completion));
  if (v.status === 'completed' && !row.completed_at) Object.assign(changes, { completed_at: at, date_completed: today(ctx) });
  // Completed by the office: nothing waits any more (docs/decisions/repair-deadlines.md).
  if (v.status === 'completed') Object.assign(changes, { held_at: null, hold_reason: null });
  return changes;
}

/** Assign a pending report (docs/product.md, docs/decisions/repairs-lifecycle.md): scheduled unless the administrator chose another status. */
export async function assignReport(ctx: Ctx, admin: Account, id: number, input: AssignmentInput): Promise<RepairReportDto> {
  const v = await checkAssignment(ctx, input, 'scheduled');
  const send = await ctx.db.transaction().execute(async (trx) => {
    const current = await rowOf(trx, id);
    if (!current) throw notFound(MSG.repairNotFound);
    const { before, after } = await move(trx, id, 'assign', assignmentChanges(ctx, v, current));
    await ctx.activity.record(about(admin, after), say.taskAssigned(admin.full_name, after, v.person.full_name, whenOf(ctx, after)), trx);
    await recordCompletion(ctx, trx, admin, before, after);
    return sendAll([await tellAssignee(ctx, trx, before, after), await tellReporter(ctx, trx, before, after)]);
  });
  send();
  return reload(ctx, id);
}

/**
 * Edit any report (docs/product.md): guarded by the status and the last change the administrator's form was
 * built on, so an edit never silently undoes the personnel's move made meanwhile (one of the two wins).
 */
export async function updateReport(ctx: Ctx, admin: Account, id: number, input: AssignmentInput): Promise<RepairReportDto> {
  const current = await rowOf(ctx.db, id);
  if (!current) throw notFound(MSG.repairNotFound);
  const v = await checkAssignment(ctx, input, current.status as RepairStatus);
  const send = await ctx.db.transaction().execute(async (trx) => {
    const { before, after } = await move(trx, id, 'update', assignmentChanges(ctx, v, current), {
      expect: { status: current.status, updatedAt: current.updated_at },
    });
    if (!(await recordCompletion(ctx, trx, admin, before, after)))
      await ctx.activity.record(
        about(admin, after),
        say.scheduleUpdated(admin.full_name, after, after.status as RepairStatus, v.person.full_name),
        trx,
      );
    return sendAll([await tellAssignee(ctx, trx, before, after), await tellReporter(ctx, trx, before, after)]);
  });
  send();
  return reload(ctx, id);
}

/**
 * The office closes an open equipment-damage report with the equipment retired, beyond repair, with the reason
 * (docs/decisions/return-conditions.md): completed, the reason as its work description, and the unit retired in
 * the same transaction. 400 for a report not opened by damage, 409 for one already completed.
 */
export async function retireDamage(ctx: Ctx, actor: Account, id: number, reason: string): Promise<RepairReportDto> {
  const why = reason.trim();
  if (!why) throw badRequest(MSG.retireReasonRequired);
  const send = await ctx.db.transaction().execute(async (trx) => {
    const current = await rowOf(trx, id);
    if (!current) throw notFound(MSG.repairNotFound);
    if (current.damage_item_name === null) throw badRequest(MSG.notDamageRepair, 'not_damage_repair');
    const at = now();
    const { before, after } = await move(trx, id, 'retire', {
      status: 'completed',
      held_at: null,
      hold_reason: null,
      work_description: `Beyond repair: ${why}`,
      completed_at: at,
      date_completed: today(ctx),
    });
    await ctx.activity.record(about(actor, after), say.repairRetired(actor.full_name, after, why), trx);
    await endDamageRepair(ctx, trx, id, actor.id, 'retired', why);
    return tellReporter(ctx, trx, before, after);
  });
  send();
  return reload(ctx, id);
}

// ---- the assigned person (docs/product.md) ----

/** A proof-of-work image: present, and an image by its bytes (readUpload refused anything over 5 MB). */
function checkProof(file: ReadFile | null): { buffer: Buffer; kind: FileKind } {
  if (!file || file.buffer.length === 0) throw badRequest(MSG.proofOfWorkRequired, 'proof_required');
  if (!file.kind || !PROOF_IMAGE_KINDS.includes(file.kind)) throw badRequest(MSG.proofInvalidType, 'invalid_file_type');
  return { buffer: file.buffer, kind: file.kind };
}

/** Whether the caller may take this step now: 404 when the report is not assigned to them, 409 when not in a state for it. */
export async function assertAssigned(ctx: Ctx, me: Account, id: number, action: 'start' | 'complete' | 'work'): Promise<void> {
  const row = await rowOf(ctx.db, id);
  if (!row || row.assigned_to !== me.id) throw notFound(MSG.repairNotFound);
  if (!canDoRepair(action, row.status)) throw conflict(wrongRepairStateMessage(action, row.status), 'wrong_state');
}

/** Saves the proof, then runs the guarded step; a refused step removes the file it saved. */
async function withProof<T>(ctx: Ctx, file: { buffer: Buffer; kind: FileKind }, step: (path: string) => Promise<T>): Promise<T> {
  const path = await ctx.files.save('repairs', file);
  try {
    return await step(path);
  } catch (err) {
    await ctx.files.remove(path);
    throw err;
  }
}

/** Scheduled or pending to in progress, with a proof image. */
export async function startWork(ctx: Ctx, me: Account, id: number, file: ReadFile | null): Promise<RepairReportDto> {
  const proof = checkProof(file);
  await assertAssigned(ctx, me, id, 'start'); // before writing the file; the guarded update decides for good
  const send = await withProof(ctx, proof, (path) =>
    ctx.db.transaction().execute(async (trx) => {
      const { before, after } = await move(
        trx,
        id,
        'start',
        { status: 'in-progress', start_proof_path: path, started_at: now() },
        { party: { assignedTo: me.id } },
      );
      await ctx.activity.record(about(me, after), say.workStarted(me.full_name, after), trx);
      return tellReporter(ctx, trx, before, after);
    }),
  );
  send();
  return reload(ctx, id);
}

/** In progress to completed, with a work description and a proof image; the actual cost when known (given now or saved before). */
export async function completeWork(
  ctx: Ctx,
  me: Account,
  id: number,
  input: Partial<CompletionValues>,
  file: ReadFile | null,
): Promise<RepairReportDto> {
  const row = await rowOf(ctx.db, id);
  if (!row || row.assigned_to !== me.id) throw notFound(MSG.repairNotFound);
  const completion = checkCompletion(row, input);
  const proof = checkProof(file);
  await assertAssigned(ctx, me, id, 'complete');
  const send = await withProof(ctx, proof, (path) =>
    ctx.db.transaction().execute(async (trx) => {
      const { before, after } = await move(
        trx,
        id,
        'complete',
        { status: 'completed', proof_path: path, ...completion, completed_at: now(), date_completed: today(ctx) },
        { party: { assignedTo: me.id } },
      );
      await recordCompletion(ctx, trx, me, before, after);
      return tellReporter(ctx, trx, before, after);
    }),
  );
  send();
  return reload(ctx, id);
}

/** The Update dialog: the assigned person's notes, the actual cost, and the Date Completed of a completed report. */
export async function updateWork(ctx: Ctx, me: Account, id: number, input: WorkInput): Promise<RepairReportDto> {
  const values = { personnelNotes: input.personnelNotes.trim(), actualCost: input.actualCost };
  const problem = firstError(workForm, values);
  if (problem) throw badRequest(problem);
  if (input.dateCompleted && input.dateCompleted > today(ctx)) throw badRequest(MSG.dateCompletedInFuture);
  await ctx.db.transaction().execute(async (trx) => {
    const changes: Updateable<RepairReportsTable> = {
      personnel_notes: values.personnelNotes,
      actual_cost_cents: values.actualCost === null ? null : toCentavos(values.actualCost),
    };
    if (input.dateCompleted) changes.date_completed = input.dateCompleted;
    const current = await rowOf(trx, id);
    if (input.dateCompleted && current?.assigned_to === me.id && current.status !== 'completed')
      throw conflict(MSG.dateCompletedNotCompleted, 'wrong_state');
    const { after } = await move(trx, id, 'work', changes, { party: { assignedTo: me.id } });
    await ctx.activity.record(about(me, after), say.workNotesUpdated(me.full_name, after), trx);
  });
  return reload(ctx, id);
}

// ---- reports made by a saved inspection ----

/**
 * A pending repair report for a particular an inspection found with a problem, in the caller's transaction
 * (the inspection is saved in the same one). The admin who saved it is its reporter; it waits on the
 * maintenance-repairs board, ready to assign, like any report, with no preferred day or time.
 */
export async function createReportFromInspection(
  ctx: Ctx,
  trx: Db,
  admin: Account,
  input: { building: string; room: string; issue: string; priority: Priority },
): Promise<number> {
  const fields = { building: input.building, room: input.room, issue_description: input.issue, priority: input.priority };
  return insertPendingReport(ctx, trx, admin, { ...fields, day: null, time_start: null, time_end: null });
}

type NewReport = Omit<ReturnType<typeof checkReportForm>, 'day' | 'time_start' | 'time_end'> & {
  [K in 'day' | 'time_start' | 'time_end']: ReturnType<typeof checkReportForm>[K] | null;
};

/**
 * A new pending report by `reporter`, and its feed entry, in the caller's transaction; its typed place names a
 * room, suggested when not on the list (docs/decisions/locations.md, Suggested rooms).
 */
async function insertPendingReport(ctx: Ctx, trx: Db, reporter: Account, fields: NewReport): Promise<number> {
  const at = now();
  const room_id = await placeRoom(ctx, trx, reporter, fields.building, fields.room);
  const { id } = await trx
    .insertInto('repair_reports')
    .values({
      ...fields,
      room_id,
      reporter_id: reporter.id,
      status: 'pending',
      assigned_to: null,
      estimated_cost_cents: null,
      actual_cost_cents: null,
      start_proof_path: null,
      proof_path: null,
      created_at: at,
      updated_at: at,
      assigned_at: null,
      started_at: null,
      completed_at: null,
      date_completed: null,
      rating: null,
      rating_comment: null,
      rated_at: null,
      ...(await deadlineColumns(ctx, trx, at, fields.priority)),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await ctx.activity.record(
    about(reporter, { id, reporter_id: reporter.id }),
    say.repairReported(reporter.full_name, { id, ...fields }, fields.priority),
    trx,
  );
  return id;
}

/**
 * Points the reports written with a known place at its room (docs/decisions/locations.md): the demo data, after
 * its reports are made. A report's building and room texts are matched trimmed, inner spaces made one, in any
 * case, as migration 023 matched the reports there were; reports with a room already keep it.
 */
export async function linkReportsToRooms(db: Db, rooms: { building: string; room: string; roomId: number }[]): Promise<number> {
  const key = (building: string, room: string) => `${tidyName(building).toLowerCase()}\u0000${tidyName(room).toLowerCase()}`;
  const byPlace = new Map(rooms.map((r) => [key(r.building, r.room), r.roomId]));
  const places = await db.selectFrom('repair_reports').select(['building', 'room']).distinct().where('room_id', 'is', null).execute();
  let linked = 0;
  for (const place of places) {
    const roomId = byPlace.get(key(place.building, place.room));
    if (roomId === undefined) continue;
    const res = await db
      .updateTable('repair_reports')
      .set({ room_id: roomId })
      .where('building', '=', place.building)
      .where('room', '=', place.room)
      .where('room_id', 'is', null)
      .executeTakeFirst();
    linked += Number(res.numUpdatedRows);
  }
  return linked;
}
