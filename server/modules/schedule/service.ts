/**
 * Every change to the weekly schedule: the Add Schedule form's rules checked here (docs/decisions/server-decides.md), each write one
 * transaction with its activity entry, and the people scheduled told (docs/decisions/notifications.md). Only manual entries are
 * changed here; repair work is changed in Maintenance & Repairs.
 */
import type { Entity } from '../../../core/activity/schemas';
import { firstError } from '../../../core/common/forms';
import { MSG } from '../../../core/messages';
import * as say from '../../../core/schedule/notices';
import { NEW_ENTRY_STATUS, scheduleEntryForm, weekStartOf, type ScheduleStatus } from '../../../core/schedule/rules';
import type { ScheduleEntryUpdateValues, ScheduleEntryValues, ScheduleItem } from '../../../core/schedule/schemas';
import { addDays, todayIn, weekdayOf, WEEKDAYS, type Weekday } from '../../../core/time';
import type { Ctx } from '../../context';
import type { Db } from '../../db/database';
import type { Account } from '../../db/schema';
import { badRequest, HttpError, notFound } from '../../errors';
import { findAccount } from '../accounts';
import { clashesOf, findEntry } from './queries';

const now = () => new Date().toISOString();

/**
 * The Add Schedule form checked in its order (first failure only), then the personnel account: the entry's fields
 * on the day of `input.week` (of `defaultWeek` when left out), trimmed.
 */
async function checkedEntry(ctx: Ctx, input: ScheduleEntryValues, defaultWeek: string) {
  const problem = firstError(scheduleEntryForm, input);
  if (problem) throw badRequest(problem);
  const personnelId = input.personnelId!;
  const person = await findAccount(ctx.db, personnelId);
  if (!person || person.role !== 'personnel' || person.status !== 'accepted') throw badRequest(MSG.scheduleNotPersonnel);

  const week = weekStartOf(input.week ?? defaultWeek);
  const day = input.day as Weekday;
  const fields = {
    date: addDays(week, WEEKDAYS.indexOf(day)),
    start_time: input.startTime,
    end_time: input.endTime,
    work_type: input.workType.trim(),
    personnel_id: personnelId,
    location: input.location.trim(),
    building: input.building.trim(),
    priority: input.priority,
    issue_description: input.issueDescription.trim(),
  };
  return { person, fields, words: { ...fields, day } };
}

/**
 * Refuses (409 schedule_clash, naming the clashing items) to put a person where they are already scheduled,
 * unless the request confirms it (docs/decisions/schedule-clashes.md).
 */
async function refuseClash(ctx: Ctx, person: Account, fields: Awaited<ReturnType<typeof checkedEntry>>['fields'], exceptKey?: string) {
  const clashes = await clashesOf(ctx, {
    date: fields.date,
    startTime: fields.start_time,
    endTime: fields.end_time,
    personnelId: person.id,
    exceptKey,
  });
  if (!clashes.length) return;
  const extra = clashes.map(({ key, workType, date, startTime, endTime, building, location }) => ({
    key,
    workType,
    date,
    startTime,
    endTime,
    building,
    location,
  }));
  throw new HttpError(409, 'schedule_clash', MSG.scheduleClash(person.full_name, extra), { clashes: extra });
}

/** The entry as it is, locked for the rest of the transaction on PostgreSQL (SQLite writes one at a time). */
async function lockedEntry(ctx: Ctx, trx: Db, id: number) {
  let query = trx.selectFrom('schedule_entries').selectAll().where('id', '=', id);
  if (ctx.dialect === 'postgres') query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) throw notFound(MSG.scheduleNotFound);
  return { row, words: { ...row, day: weekdayOf(row.date) } };
}

/** What the entry's feed entries and notices are about: their link opens its week (core/activity/links.ts). */
const entryEntity = (id: number): Entity => ({ type: 'schedule_entry', id });

/** Adds an entry on a day of a week (this week when none is given), tied to a personnel account. */
export async function addEntry(ctx: Ctx, me: Account, input: ScheduleEntryValues): Promise<ScheduleItem> {
  const { person, fields, words } = await checkedEntry(ctx, input, todayIn(ctx.config.campusTimeZone));
  if (!input.confirmClash) await refuseClash(ctx, person, fields);
  const at = now();
  const { id, send } = await ctx.db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('schedule_entries')
      .values({ ...fields, status: NEW_ENTRY_STATUS, created_by: me.id, created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    const entity = entryEntity(id);
    await ctx.activity.record(
      { actorId: me.id, subjectId: person.id, entity },
      say.scheduleCreated(me.full_name, words, person.full_name),
      trx,
    );
    const send = await ctx.activity.notify(person.id, entity, say.scheduledForYou(words), trx);
    return { id, send };
  });
  send();
  return (await findEntry(ctx.db, id, null))!;
}

/**
 * Edits an entry with the Add Schedule rules (its own week when none is given), moving it to the day chosen and
 * marking it with a status. The person scheduled is told; when it is given to someone else, both are.
 */
export async function updateEntry(ctx: Ctx, me: Account, id: number, input: ScheduleEntryUpdateValues): Promise<ScheduleItem> {
  const current = await findEntry(ctx.db, id, null);
  if (!current) throw notFound(MSG.scheduleNotFound);
  const { person, fields, words } = await checkedEntry(ctx, input, current.date);
  // Asked again only when the edit moves the entry or gives it to someone else.
  const moved =
    fields.date !== current.date ||
    fields.start_time !== current.startTime ||
    fields.end_time !== current.endTime ||
    person.id !== current.personnelId;
  if (moved && !input.confirmClash) await refuseClash(ctx, person, fields, current.key);
  const sends = await ctx.db.transaction().execute(async (trx) => {
    const before = await lockedEntry(ctx, trx, id);
    const status = input.status ?? (before.row.status as ScheduleStatus);
    await trx
      .updateTable('schedule_entries')
      .set({ ...fields, status, updated_at: now() })
      .where('id', '=', id)
      .execute();
    const entity = entryEntity(id);
    await ctx.activity.record(
      { actorId: me.id, subjectId: person.id, entity },
      say.scheduleUpdated(me.full_name, words, person.full_name, status),
      trx,
    );
    const previous = before.row.personnel_id;
    if (previous === person.id) return [await ctx.activity.notify(person.id, entity, say.scheduleChangedForYou(words, status), trx)];
    return [
      await ctx.activity.notify(person.id, entity, say.scheduledForYou(words), trx),
      ...(previous === null ? [] : [await ctx.activity.notify(previous, entity, say.removedFromYourSchedule(before.words), trx)]),
    ];
  });
  for (const send of sends) send();
  const entry = await findEntry(ctx.db, id, null);
  if (!entry) throw notFound(MSG.scheduleNotFound);
  return entry;
}

/** Deletes an entry; the person it named is told. */
export async function deleteEntry(ctx: Ctx, me: Account, id: number): Promise<void> {
  const send = await ctx.db.transaction().execute(async (trx) => {
    const { row, words } = await lockedEntry(ctx, trx, id);
    const person = row.personnel_id === null ? undefined : await findAccount(trx, row.personnel_id);
    await trx.deleteFrom('schedule_entries').where('id', '=', id).execute();
    // Still the entry: its link leads to the schedule, which no longer shows it.
    const entity = entryEntity(id);
    await ctx.activity.record(
      { actorId: me.id, subjectId: person?.id ?? null, entity },
      say.scheduleDeleted(me.full_name, words, person?.full_name ?? null),
      trx,
    );
    return person ? ctx.activity.notify(person.id, entity, say.removedFromYourSchedule(words), trx) : null;
  });
  send?.();
}

// ---- a maintenance plan's jobs on the week (docs/decisions/maintenance-plans.md) ----

/** A planned job's slot: the day it is due, its times and words; no one yet when the plan names a trade. */
export interface PlannedEntry {
  date: string;
  startTime: string;
  endTime: string;
  workType: string;
  personnelId: number | null;
  location: string;
  building: string;
  priority: string;
  issueDescription: string;
}

const plannedFields = (e: PlannedEntry) => ({
  date: e.date,
  start_time: e.startTime,
  end_time: e.endTime,
  work_type: e.workType,
  personnel_id: e.personnelId,
  location: e.location,
  building: e.building,
  priority: e.priority,
  issue_description: e.issueDescription,
});

/**
 * Puts a plan's job on the week in the caller's transaction, with its feed entry, and tells the person scheduled;
 * the notice's mail is for the caller to send after the commit. Clashes are not refused: the job is due that day.
 */
export async function addPlannedEntry(ctx: Ctx, trx: Db, me: Account, entry: PlannedEntry): Promise<{ id: number; send: () => void }> {
  const at = now();
  const fields = plannedFields(entry);
  const { id } = await trx
    .insertInto('schedule_entries')
    .values({ ...fields, status: NEW_ENTRY_STATUS, created_by: me.id, created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  const words = { ...fields, day: weekdayOf(fields.date) };
  const person = entry.personnelId === null ? undefined : await findAccount(trx, entry.personnelId);
  const entity = entryEntity(id);
  await ctx.activity.record(
    { actorId: me.id, subjectId: person?.id ?? null, entity },
    say.scheduleCreated(me.full_name, words, person?.full_name ?? 'no one yet'),
    trx,
  );
  const send = person ? await ctx.activity.notify(person.id, entity, say.scheduledForYou(words), trx) : () => {};
  return { id, send };
}

/** Moves a planned job's entry to its new slot (the plan was edited), in the caller's transaction. */
export async function movePlannedEntry(trx: Db, id: number, entry: PlannedEntry): Promise<void> {
  await trx
    .updateTable('schedule_entries')
    .set({ ...plannedFields(entry), updated_at: now() })
    .where('id', '=', id)
    .execute();
}

/** Marks a planned job's entry completed once the job is done with its checklist. */
export async function completePlannedEntry(trx: Db, id: number): Promise<void> {
  await trx.updateTable('schedule_entries').set({ status: 'completed', updated_at: now() }).where('id', '=', id).execute();
}

/** Which of these planned jobs' entries are scheduled for the person (personnel doing their own plan jobs). */
export async function entriesScheduledFor(db: Db, personnelId: number, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('schedule_entries')
    .select('id')
    .where('id', 'in', ids)
    .where('personnel_id', '=', personnelId)
    .execute();
  return new Set(rows.map((r) => r.id));
}

/** Takes a planned job's entry off the week (its plan ended). */
export async function removePlannedEntry(trx: Db, id: number): Promise<void> {
  await trx.deleteFrom('schedule_entries').where('id', '=', id).execute();
}
