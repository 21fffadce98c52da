/**
 * The words of the repair activity feed and of the notices to the people concerned (docs/decisions/notifications.md), written
 * once: the service says them when people act, and the demo data tells its story through the service.
 */
import type { ActivityText, NoticeText } from '../activity/notices';
import { addDays, formatCalendarDate, weekdayOf, WEEKDAYS, type Weekday } from '../time';
import { REPAIR_STATUS_LABELS, repairCode, type RepairStatus } from './rules';

interface Where {
  id: number;
  building: string;
  room: string;
}
const place = (r: Where) => `${r.building} - ${r.room}`;

/** "Monday 09:00-11:00", or nothing when the report has no day. */
export function whenText(day: string | null, start: string | null, end: string | null): string {
  if (!day) return '';
  return start && end ? `${day} ${start}-${end}` : day;
}

/**
 * For mails and the bell: the day with its date, the first such day from `today` (campus date) on, in the campus
 * format: "Monday, Nov 30, 2026, 09:00-11:00". Nothing when the report has no day.
 */
export function datedWhenText(day: string | null, start: string | null, end: string | null, today: string): string {
  const index = WEEKDAYS.indexOf(day as Weekday);
  if (index < 0) return '';
  const ahead = (index - WEEKDAYS.indexOf(weekdayOf(today)) + 7) % 7;
  const dated = `${day}, ${formatCalendarDate(addDays(today, ahead))}`;
  return start && end ? `${dated}, ${start}-${end}` : dated;
}

// ---- the reporter ----

export const repairReported = (reporter: string, r: Where, priority: string): ActivityText => ({
  actionType: 'repair_report_created',
  event: 'repair.reported',
  description: `${reporter} reported a repair (${repairCode(r.id)}, ${priority} priority) at ${place(r)}`,
});

/** A repair opened by damage found at a return: the office reports it; the staff member who checked only recorded it. */
export const damageRepairReported = (recorder: string, office: string, r: Where, priority: string): ActivityText => ({
  actionType: 'repair_report_created',
  event: 'repair.reported',
  description: `${office} reported a repair (${repairCode(r.id)}, ${priority} priority) at ${place(r)}: damage found by ${recorder} when checking a return`,
});

export const officeRepairReported = (reporter: string, r: Where, issue: string): NoticeText => ({
  title: 'New repair report',
  message: `${reporter} reported a repair at ${place(r)} (${repairCode(r.id)}): ${issue}. It is waiting in Maintenance & Repairs.`,
  push: ['office_new_request'],
});

export const repairEdited = (reporter: string, r: Where): ActivityText => ({
  actionType: 'repair_report_updated',
  description: `${reporter} edited repair report ${repairCode(r.id)} (${place(r)})`,
});

export const repairDeleted = (reporter: string, r: Where): ActivityText => ({
  actionType: 'repair_report_deleted',
  description: `${reporter} deleted repair report ${repairCode(r.id)} (${place(r)})`,
});

export const repairRated = (reporter: string, r: Where, stars: number): ActivityText => ({
  actionType: 'repair_rated',
  description: `${reporter} rated the repair ${repairCode(r.id)} at ${place(r)}: ${stars} of 5 stars`,
});

/** Reporters and followers hear by Web Push of completion (hold and resume below); other moves stay in the bell. */
const progressPush = (status: RepairStatus): NoticeText['push'] => (status === 'completed' ? ['repair_progress'] : undefined);

// ---- followers (docs/decisions/rooms-and-followers.md) ----

export const repairFollowed = (who: string, r: Where): ActivityText => ({
  actionType: 'repair_followed',
  description: `${who} followed repair report ${repairCode(r.id)} (${place(r)})`,
});

export const repairUnfollowed = (who: string, r: Where): ActivityText => ({
  actionType: 'repair_unfollowed',
  description: `${who} stopped following repair report ${repairCode(r.id)} (${place(r)})`,
});

/** To each follower, whenever the status of a report they follow changes (the same events the reporter is told). */
export const followedStatusChanged = (r: Where, status: RepairStatus, personnel: string | null, when: string): NoticeText => {
  const who = personnel ? ` ${personnel} is assigned to it.` : '';
  const detail: Record<RepairStatus, string> = {
    pending: `The repair report you follow, ${repairCode(r.id)} at ${place(r)}, is pending again.`,
    scheduled: `The repair report you follow, ${repairCode(r.id)} at ${place(r)}, is scheduled${when ? ` for ${when}` : ''}.${who}`,
    'in-progress': `Work on the repair report you follow, ${repairCode(r.id)} at ${place(r)}, has started.${who}`,
    completed: `The repair report you follow, ${repairCode(r.id)} at ${place(r)}, is completed.`,
  };
  return { title: `Followed repair ${REPAIR_STATUS_LABELS[status].toLowerCase()}`, message: detail[status], push: progressPush(status) };
};

// ---- the office ----

export const taskAssigned = (actor: string, r: Where, personnel: string, when: string): ActivityText => ({
  actionType: 'task_assigned',
  event: 'repair.assigned',
  description: `${actor} assigned ${repairCode(r.id)} (${place(r)}) to ${personnel}${when ? ` for ${when}` : ''}`,
});

export const scheduleUpdated = (actor: string, r: Where, status: RepairStatus, personnel: string | null): ActivityText => ({
  actionType: 'schedule_updated',
  description: `${actor} updated ${repairCode(r.id)} (${place(r)}): ${REPAIR_STATUS_LABELS[status]}${personnel ? `, assigned to ${personnel}` : ''}`,
});

/** To the personnel a report is assigned to. */
export const assignedToYou = (r: Where, issue: string, priority: string, when: string): NoticeText => ({
  title: 'Repair assigned to you',
  message: `${repairCode(r.id)} at ${place(r)} (${priority} priority) is assigned to you${when ? ` for ${when}` : ''}: ${issue}`,
  push: ['job_assigned'],
});

/** To the reporter, whenever the status of their report changes. */
export const statusChanged = (r: Where, status: RepairStatus, personnel: string | null, when: string): NoticeText => {
  const who = personnel ? ` ${personnel} is assigned to it.` : '';
  const detail: Record<RepairStatus, string> = {
    pending: `Your repair report ${repairCode(r.id)} at ${place(r)} is pending again.`,
    scheduled: `Your repair report ${repairCode(r.id)} at ${place(r)} is scheduled${when ? ` for ${when}` : ''}.${who}`,
    'in-progress': `Work on your repair report ${repairCode(r.id)} at ${place(r)} has started.${who}`,
    completed: `Your repair report ${repairCode(r.id)} at ${place(r)} is completed. You can see the work done and rate it in Report Repairs.`,
  };
  return { title: `Repair ${REPAIR_STATUS_LABELS[status].toLowerCase()}`, message: detail[status], push: progressPush(status) };
};

// ---- the personnel ----

export const workStarted = (actor: string, r: Where): ActivityText => ({
  actionType: 'task_started',
  description: `${actor} started work on ${repairCode(r.id)} at ${place(r)}`,
});

export const workNotesUpdated = (actor: string, r: Where): ActivityText => ({
  actionType: 'task_updated',
  description: `${actor} updated the notes of ${repairCode(r.id)} at ${place(r)}`,
});

export const taskCompleted = (actor: string, r: Where, on: string): ActivityText => ({
  actionType: 'maintenance_completed',
  event: 'repair.completed',
  description: `${actor} completed ${repairCode(r.id)} at ${place(r)} on ${formatCalendarDate(on)}`,
});

// ---- the office's promises (docs/decisions/repair-deadlines.md) ----

export const repairTargetsChanged = (admin: string, targets: string): ActivityText => ({
  actionType: 'site_settings',
  description: `${admin} set the repair targets: ${targets}`,
});

// ---- on hold (docs/decisions/repair-deadlines.md) ----

export const repairPutOnHold = (actor: string, r: Where, reason: string): ActivityText => ({
  actionType: 'repair_on_hold',
  event: 'repair.on_hold',
  description: `${actor} put ${repairCode(r.id)} (${place(r)}) on hold: ${reason}`,
});

export const repairResumed = (actor: string, r: Where): ActivityText => ({
  actionType: 'repair_resumed',
  description: `${actor} resumed ${repairCode(r.id)} (${place(r)})`,
});

/** To the reporter, each follower and the assigned person (when someone else acted). */
export const onHoldNotice = (r: Where, reason: string): NoticeText => ({
  title: 'Repair on hold',
  message: `Repair report ${repairCode(r.id)} at ${place(r)} is on hold: ${reason}. Its deadlines wait until the work resumes.`,
  push: ['repair_progress', 'job_changed'],
});

export const resumedNotice = (r: Where): NoticeText => ({
  title: 'Repair resumed',
  message: `Work on repair report ${repairCode(r.id)} at ${place(r)} has resumed; its deadlines run again.`,
  push: ['repair_progress', 'job_changed'],
});

/** A repair closed with the damaged equipment retired, beyond repair (docs/decisions/return-conditions.md). */
export const repairRetired = (actor: string, r: Where, reason: string): ActivityText => ({
  actionType: 'maintenance_completed',
  event: 'repair.completed',
  description: `${actor} closed ${repairCode(r.id)} at ${place(r)}: beyond repair, retired (${reason})`,
});

// ---- escalation (docs/decisions/repair-deadlines.md) ----

export interface DueJob {
  id: number;
  building: string;
  room: string;
  /** The running deadline, already in campus words ("Nov 26, 2026, 3:00 PM"). */
  due: string;
  kind: 'respond' | 'fix';
}

const dueLine = (j: DueJob) =>
  `- ${repairCode(j.id)} at ${place(j)}: ${j.kind === 'respond' ? 'to be assigned' : 'to be fixed'} by ${j.due}`;

/** To the person assigned: their jobs that became due soon, one digest per run. */
export const dueSoonDigest = (jobs: DueJob[]): NoticeText => ({
  title: jobs.length === 1 ? 'Repair due soon' : `${jobs.length} repairs due soon`,
  message: [
    jobs.length === 1 ? 'A repair assigned to you is due soon:' : 'Repairs assigned to you are due soon:',
    ...jobs.map(dueLine),
  ].join('\n'),
  push: ['job_due'],
});

/**
 * To the person assigned: their jobs that became overdue, one per run. Sent by Web Push only (docs/decisions/push.md):
 * the bell and mail tell the office of overdue reports, as before.
 */
export const overdueForYou = (jobs: DueJob[]): NoticeText => ({
  title: jobs.length === 1 ? 'Your repair is overdue' : `${jobs.length} of your repairs are overdue`,
  message: [
    jobs.length === 1 ? 'A repair assigned to you is past its deadline:' : 'Repairs assigned to you are past their deadlines:',
    ...jobs.map(dueLine),
  ].join('\n'),
  push: ['job_due'],
});

/** To the office: the reports that became overdue, one digest per run. */
export const overdueDigest = (jobs: DueJob[]): NoticeText => ({
  title: jobs.length === 1 ? 'Repair overdue' : `${jobs.length} repairs overdue`,
  message: [
    jobs.length === 1 ? 'A repair report is past its deadline:' : 'Repair reports are past their deadlines:',
    ...jobs.map(dueLine),
    'See them in Maintenance & Repairs, Deadline: Overdue.',
  ].join('\n'),
});

export const escalationsSent = (soon: number, overdue: number): ActivityText => ({
  actionType: 'repair_escalation',
  description: `Repair deadlines: ${soon} due soon told to the people assigned, ${overdue} overdue told to the office`,
});
