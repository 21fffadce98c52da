/** The words of the schedule's activity entries and of the notice to the person scheduled (DECISIONS 9). */
import type { ActivityText, NoticeText } from '../activity/notices';
import { formatCalendarDate } from '../time';

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

export const scheduledForYou = (e: EntryWords): NoticeText => ({
  title: 'New task on your schedule',
  message: `You are scheduled for ${e.work_type} at ${where(e)} on ${when(e)}. See it on your weekly schedule.`,
});
