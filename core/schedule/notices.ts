/** The words of the schedule's activity entries and of the notices to the person scheduled (docs/decisions/notifications.md). */
import type { ActivityText, NoticeText } from '../activity/notices';
import { REPAIR_STATUS_LABELS } from '../repairs/rules';
import { formatCalendarDate } from '../time';
import type { ScheduleStatus } from './rules';

interface EntryWords {
  date: string;
  day: string;
  start_time: string;
  end_time: string;
  work_type: string;
  location: string;
  building: string;
}
const when = (e: EntryWords) => `${e.day}, ${formatCalendarDate(e.date)}, ${e.start_time}-${e.end_time}`;
const where = (e: EntryWords) => `${e.building} - ${e.location}`;

export const scheduleCreated = (actor: string, e: EntryWords, personnel: string): ActivityText => ({
  actionType: 'schedule_created',
  description: `${actor} scheduled ${e.work_type} at ${where(e)} for ${personnel} on ${when(e)}`,
});

export const scheduleUpdated = (actor: string, e: EntryWords, personnel: string, status: ScheduleStatus): ActivityText => ({
  actionType: 'schedule_updated',
  description: `${actor} updated ${e.work_type} at ${where(e)} for ${personnel} on ${when(e)}: ${REPAIR_STATUS_LABELS[status]}`,
});

export const scheduleDeleted = (actor: string, e: EntryWords, personnel: string | null): ActivityText => ({
  actionType: 'schedule_deleted',
  description: `${actor} deleted ${e.work_type} at ${where(e)}${personnel ? ` for ${personnel}` : ''} on ${when(e)} from the schedule`,
});

export const scheduledForYou = (e: EntryWords): NoticeText => ({
  title: 'New task on your schedule',
  message: `You are scheduled for ${e.work_type} at ${where(e)} on ${when(e)}. See it on your weekly schedule.`,
  push: ['job_assigned'],
});

/** To the person still scheduled for an entry that was edited. */
export const scheduleChangedForYou = (e: EntryWords, status: ScheduleStatus): NoticeText => ({
  title: 'Task on your schedule updated',
  message: `${e.work_type} at ${where(e)} is now on ${when(e)} (${REPAIR_STATUS_LABELS[status]}). See it on your weekly schedule.`,
  push: ['job_changed'],
});

/** To the person an entry no longer names: given to someone else, or deleted. */
export const removedFromYourSchedule = (e: EntryWords): NoticeText => ({
  title: 'Task removed from your schedule',
  message: `${e.work_type} at ${where(e)} on ${when(e)} is no longer on your schedule.`,
  push: ['job_changed'],
});
