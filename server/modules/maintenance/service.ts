/**
 * Every change to the maintenance plans (docs/decisions/maintenance-plans.md): a plan made, edited or ended, and its
 * job done with the checklist. Each is one transaction; a plan always has its next job on the weekly schedule.
 */
import { dueDateOf, nextPlannedDate, parseRule, plannedAfterDone } from '../../../core/maintenance/recurrence';
import { CHECKLIST_NAMES, planCode } from '../../../core/maintenance/rules';
import { type CompleteJobInput, type PlanDto, type PlanValues, completeJobBody } from '../../../core/maintenance/schemas';
import { MSG } from '../../../core/messages';
import { jobTypeLabel } from '../../../core/repairs/damage';
import type { OfficeCalendar } from '../../../core/site/calendar';
import { formatCalendarDate, minutesOfDay, todayIn } from '../../../core/time';
import type { Ctx } from '../../context';
import type { Db } from '../../db/database';
import type { Account } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../errors';
import { findAccount } from '../accounts';
import { insertInspection } from '../forms';
import { findUnit } from '../inventory';
import { findRoom } from '../locations';
import {
  addPlannedEntry,
  completePlannedEntry,
  entriesScheduledFor,
  movePlannedEntry,
  removePlannedEntry,
  type PlannedEntry,
} from '../schedule';
import { findPlan, openJob, planRowById } from './queries';

const now = () => new Date().toISOString();
type PlanRow = NonNullable<Awaited<ReturnType<typeof planRowById>>>;

/** The New Plan form checked after its schema: the place, the person or trade, the recurrence, the times. */
async function checkedPlan(ctx: Ctx, input: PlanValues) {
  if ((input.roomId === null) === (input.unitId === null)) throw badRequest(MSG.planPlaceRequired);
  let place: { building: string; room: string; target: string };
  if (input.roomId !== null) {
    const room = await findRoom(ctx.db, input.roomId);
    if (!room) throw badRequest(MSG.roomNotFound);
    place = { building: room.buildingName, room: room.code, target: `${room.code} ${room.name}` };
  } else {
    const unit = await findUnit(ctx.db, input.unitId!);
    if (!unit || unit.status === 'retired') throw badRequest(MSG.planUnitNotFound);
    if (!unit.homeRoom) throw badRequest(MSG.planUnitWithoutRoom);
    place = { building: unit.homeRoom.buildingName, room: unit.homeRoom.code, target: `${unit.tag} ${unit.itemName}` };
  }
  if ((input.personnelId === null) === !input.trade) throw badRequest(MSG.planWhoRequired);
  if (input.personnelId !== null) {
    const person = await findAccount(ctx.db, input.personnelId);
    if (!person || person.role !== 'personnel' || person.status !== 'accepted' || person.deactivated_at)
      throw badRequest(MSG.scheduleNotPersonnel);
  }
  if (minutesOfDay(input.endTime) <= minutesOfDay(input.startTime)) throw badRequest(MSG.planEndAfterStart);
  let rule: string | null = null;
  if (input.frequency === 'rule') {
    const parsed = parseRule(input.rule, input.startDate);
    if ('problem' in parsed) throw badRequest(parsed.problem);
    rule = input.rule.replace(/^RRULE:/i, '').toUpperCase();
  }
  const fields = {
    title: input.title,
    checklist: input.checklist,
    room_id: input.roomId,
    unit_id: input.unitId,
    personnel_id: input.personnelId,
    trade: input.personnelId === null ? input.trade : '',
    frequency: input.frequency,
    interval: input.frequency === 'rule' ? 1 : input.interval,
    rule,
    start_date: input.startDate,
    start_time: input.startTime,
    end_time: input.endTime,
    priority: input.priority,
    ...place,
  };
  if (nextPlannedDate(recurrenceOf(fields), null) === null) throw badRequest(MSG.planNoDates);
  return fields;
}
type PlanFields = Awaited<ReturnType<typeof checkedPlan>>;

const recurrenceOf = (p: Pick<PlanRow, 'frequency' | 'interval' | 'rule' | 'start_date'>) => ({
  frequency: p.frequency as PlanValues['frequency'],
  interval: p.interval,
  rule: p.rule,
  startDate: p.start_date,
});

/** The schedule entry of a plan's job due on a day. */
const entryOf = (id: number, p: PlanFields | PlanRow, due: string): PlannedEntry => ({
  date: due,
  startTime: p.start_time,
  endTime: p.end_time,
  workType: p.title,
  personnelId: p.personnel_id,
  location: p.room,
  building: p.building,
  priority: p.priority,
  issueDescription: `Maintenance plan ${planCode(id)}: ${p.title} at ${p.target}${p.trade ? ` (${jobTypeLabel(p.trade)})` : ''}. Done with the ${
    CHECKLIST_NAMES[p.checklist as PlanValues['checklist']] ?? p.checklist
  }.`,
});

/**
 * The plan's job planned for a day, due on the office's next open day when that day is closed, put on the
 * schedule; none when the plan has no more dates (null).
 */
async function scheduleJob(
  ctx: Ctx,
  trx: Db,
  me: Account,
  id: number,
  p: PlanFields | PlanRow,
  planned: string | null,
  calendar: OfficeCalendar,
) {
  if (planned === null) return () => {};
  const due = dueDateOf(planned, calendar);
  const { id: entryId, send } = await addPlannedEntry(ctx, trx, me, entryOf(id, p, due));
  await trx
    .insertInto('maintenance_jobs')
    .values({ plan_id: id, planned_date: planned, due_date: due, status: 'open', schedule_entry_id: entryId, created_at: now() })
    .execute();
  return send;
}

async function planOrThrow(ctx: Ctx, id: number): Promise<PlanDto> {
  const plan = await findPlan(ctx, ctx.db, id);
  if (!plan) throw notFound(MSG.planNotFound);
  return plan;
}

/** New Plan: the plan and its first job on the schedule. */
export async function createPlan(ctx: Ctx, me: Account, input: PlanValues): Promise<PlanDto> {
  const fields = await checkedPlan(ctx, input);
  const { id, send } = await ctx.db.transaction().execute(async (trx) => {
    const calendar = await ctx.settings.calendar(trx);
    const at = now();
    const { id } = await trx
      .insertInto('maintenance_plans')
      .values({ ...fields, created_by: me.id, created_at: at, updated_at: at, ended_at: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id, send: await scheduleJob(ctx, trx, me, id, fields, nextPlannedDate(recurrenceOf(fields), null), calendar) };
  });
  send();
  return planOrThrow(ctx, id);
}

/** Edit a plan: its open job is planned again from the new fields (from the start date), and its entry moved. */
export async function updatePlan(ctx: Ctx, me: Account, id: number, input: PlanValues): Promise<PlanDto> {
  const fields = await checkedPlan(ctx, input);
  const send = await ctx.db.transaction().execute(async (trx) => {
    const before = await planRowById(trx, id);
    if (!before) throw notFound(MSG.planNotFound);
    if (before.ended_at) throw conflict(MSG.planEnded);
    await trx
      .updateTable('maintenance_plans')
      .set({ ...fields, updated_at: now() })
      .where('id', '=', id)
      .execute();
    const calendar = await ctx.settings.calendar(trx);
    const job = await openJob(ctx, trx, id);
    // The next date after the last one done, or from the start when none was.
    const last = await trx
      .selectFrom('maintenance_jobs')
      .select((e) => e.fn.max('planned_date').as('planned'))
      .where('plan_id', '=', id)
      .where('status', '=', 'done')
      .executeTakeFirst();
    const planned = nextPlannedDate(recurrenceOf(fields), (last?.planned as string | null) ?? null);
    if (job && planned !== null) {
      const due = dueDateOf(planned, calendar);
      await trx.updateTable('maintenance_jobs').set({ planned_date: planned, due_date: due }).where('id', '=', job.id).execute();
      if (job.schedule_entry_id !== null) await movePlannedEntry(trx, job.schedule_entry_id, entryOf(id, fields, due));
      return () => {};
    }
    if (job) {
      await trx.deleteFrom('maintenance_jobs').where('id', '=', job.id).execute();
      if (job.schedule_entry_id !== null) await removePlannedEntry(trx, job.schedule_entry_id);
      return () => {};
    }
    return scheduleJob(ctx, trx, me, id, fields, planned, calendar);
  });
  send();
  return planOrThrow(ctx, id);
}

/** End a plan: its open job leaves the schedule; the jobs done stay for the compliance figures. */
export async function endPlan(ctx: Ctx, id: number): Promise<PlanDto> {
  await ctx.db.transaction().execute(async (trx) => {
    const { numUpdatedRows } = await trx
      .updateTable('maintenance_plans')
      .set({ ended_at: now(), updated_at: now() })
      .where('id', '=', id)
      .where('ended_at', 'is', null)
      .executeTakeFirst();
    if (Number(numUpdatedRows) === 0) {
      if (!(await planRowById(trx, id))) throw notFound(MSG.planNotFound);
      throw conflict(MSG.planEnded);
    }
    const job = await openJob(ctx, trx, id);
    if (!job) return;
    await trx.deleteFrom('maintenance_jobs').where('id', '=', job.id).execute();
    if (job.schedule_entry_id !== null) await removePlannedEntry(trx, job.schedule_entry_id);
  });
  return planOrThrow(ctx, id);
}

/**
 * The plan's open job done with its checklist: saved as an inspection of the plan's room (each particular marked
 * with a problem a pending repair report, as Save Inspection does), the job marked done today and its entry
 * completed, and the next job scheduled, all in one transaction. Two people completing at once: one wins, 409.
 * Personnel complete only a job scheduled for them (its checklist may have been filled offline, and the office
 * may have given the job to someone else meanwhile: 404 in words that say so).
 */
export async function completeJob(
  ctx: Ctx,
  me: Account,
  id: number,
  input: CompleteJobInput,
): Promise<{ plan: PlanDto; inspectionId: number; repairReportIds: number[] }> {
  const body = completeJobBody.parse(input);
  const today = todayIn(ctx.config.campusTimeZone);
  const { inspectionId, repairReportIds, send } = await ctx.db.transaction().execute(async (trx) => {
    const plan = await planRowById(trx, id);
    if (!plan) throw notFound(MSG.planNotFound);
    if (plan.ended_at) throw conflict(MSG.planEnded);
    const job = await openJob(ctx, trx, id);
    if (!job || job.id !== body.jobId) throw conflict(MSG.planNoOpenJob);
    if (
      me.role === 'personnel' &&
      !(job.schedule_entry_id !== null && (await entriesScheduledFor(trx, me.id, [job.schedule_entry_id])).size)
    )
      throw notFound(MSG.planJobElsewhere);
    const { numUpdatedRows } = await trx
      .updateTable('maintenance_jobs')
      .set({ status: 'done', done_on: today, done_by: me.id })
      .where('id', '=', job.id)
      .where('status', '=', 'open')
      .executeTakeFirst();
    if (Number(numUpdatedRows) === 0) throw conflict(MSG.planNoOpenJob);
    const { id: inspectionId, reportIds } = await insertInspection(ctx, trx, me, {
      campus: body.campus,
      designation: body.designation,
      building: plan.building,
      roomOffice: plan.room,
      monthYear: formatCalendarDate(today),
      particulars: body.particulars,
      priority: body.priority,
    });
    await trx.updateTable('maintenance_jobs').set({ inspection_id: inspectionId }).where('id', '=', job.id).execute();
    if (job.schedule_entry_id !== null) await completePlannedEntry(trx, job.schedule_entry_id);
    const calendar = await ctx.settings.calendar(trx);
    const planned = plannedAfterDone(recurrenceOf(plan), job.planned_date, today);
    const send = await scheduleJob(ctx, trx, me, id, plan, planned, calendar);
    return { inspectionId, repairReportIds: reportIds, send };
  });
  send();
  return { plan: await planOrThrow(ctx, id), inspectionId, repairReportIds };
}
