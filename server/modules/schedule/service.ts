/**
 * Every change to the weekly schedule: the Add Schedule form's rules checked here (DECISIONS 1), each write one
 * transaction with its activity entry, and the person scheduled told (DECISIONS 9).
 */
import { firstError } from '../../../core/common/forms';
import { MSG } from '../../../core/messages';
import * as say from '../../../core/schedule/notices';
import { NEW_ENTRY_STATUS, scheduleEntryForm, weekStartOf } from '../../../core/schedule/rules';
import type { ScheduleEntryValues, ScheduleItem } from '../../../core/schedule/schemas';
import { addDays, todayIn, WEEKDAYS, type Weekday } from '../../../core/time';
import type { Ctx } from '../../context';
import type { Account } from '../../db/schema';
import { badRequest } from '../../errors';
import { findAccount } from '../accounts/queries';
import { findEntry } from './queries';

const now = () => new Date().toISOString();

/** Adds an entry on a day of a week (this week when none is given), tied to a personnel account. */
export async function addEntry(ctx: Ctx, me: Account, input: ScheduleEntryValues): Promise<ScheduleItem> {
  const problem = firstError(scheduleEntryForm, input);
  if (problem) throw badRequest(problem);
  const personnelId = input.personnelId!;
  const person = await findAccount(ctx.db, personnelId);
  if (!person || person.role !== 'personnel' || person.status !== 'accepted') throw badRequest(MSG.scheduleNotPersonnel);

  const week = weekStartOf(input.week ?? todayIn(ctx.config.campusTimeZone));
  const day = input.day as Weekday;
  const at = now();
  const fields = {
    date: addDays(week, WEEKDAYS.indexOf(day)),
    start_time: input.startTime,
    end_time: input.endTime,
    work_type: input.workType.trim(),
    personnel_id: personnelId,
    location: input.location.trim(),
    building: input.building.trim(),
    status: NEW_ENTRY_STATUS,
    priority: input.priority,
    issue_description: input.issueDescription.trim(),
  };
  const { id, send } = await ctx.db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('schedule_entries')
      .values({ ...fields, created_by: me.id, created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    const words = { ...fields, day };
    await ctx.activity.record(
      { actorId: me.id, subjectId: personnelId, entity: null },
      say.scheduleCreated(me.full_name, words, person.full_name),
      trx,
    );
    const send = await ctx.activity.notify(personnelId, null, say.scheduledForYou(words), trx);
    return { id, send };
  });
  send();
  return (await findEntry(ctx.db, id, null))!;
}
