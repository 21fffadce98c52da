import type { Priority } from '../../core/repairs/rules';
import { todayIn, type Weekday } from '../../core/time';
import type { Ctx } from '../context';
import * as schedule from '../modules/schedule';

/**
 * Demo schedule entries through the schedule service itself (the same checks, feed entries and notices as
 * real use): the office's routine work through this week for the electrician, the plumber and the carpenter,
 * beside the repair work seedRepairs puts on the week.
 */
const ENTRIES: {
  to: string;
  day: Weekday;
  times: [string, string];
  workType: string;
  location: string;
  building: string;
  priority: Priority;
  issue: string;
}[] = [
  {
    to: 'electrician@campus.test',
    day: 'Monday',
    times: ['08:00', '10:00'],
    workType: 'Electrical inspection',
    location: 'Main Hall',
    building: 'Administration Building',
    priority: 'medium',
    issue: 'Monthly check of the breaker panels and emergency lights.',
  },
  {
    to: 'plumber@campus.test',
    day: 'Tuesday',
    times: ['13:00', '15:00'],
    workType: 'Plumbing maintenance',
    location: 'Ground Floor Restrooms',
    building: 'Library',
    priority: 'low',
    issue: 'Clean the faucet aerators and check the flush valves.',
  },
  {
    to: 'carpenter@campus.test',
    day: 'Wednesday',
    times: ['09:00', '12:00'],
    workType: 'Carpentry',
    location: 'Room 105',
    building: 'Engineering Building',
    priority: 'medium',
    issue: 'Tighten the loose armchairs and fix the cabinet hinges.',
  },
  {
    to: 'electrician@campus.test',
    day: 'Thursday',
    times: ['14:00', '16:00'],
    workType: 'Aircon cleaning',
    location: 'Faculty Room',
    building: 'Science Building',
    priority: 'high',
    issue: 'Clean the filters of the three split-type units before the board meeting.',
  },
  {
    to: 'plumber@campus.test',
    day: 'Friday',
    times: ['08:00', '09:30'],
    workType: 'Water tank inspection',
    location: 'Rooftop',
    building: 'Gymnasium',
    priority: 'medium',
    issue: 'Inspect the water tank and the float valve.',
  },
];

export async function seedSchedule(ctx: Ctx): Promise<void> {
  const { db } = ctx;
  const accounts = new Map((await db.selectFrom('accounts').selectAll().execute()).map((a) => [a.email, a]));
  const admin = accounts.get('admin@campus.test')!;
  const today = todayIn(ctx.config.campusTimeZone);
  for (const e of ENTRIES) {
    const person = accounts.get(e.to);
    if (!person) continue;
    await schedule.addEntry(ctx, admin, {
      week: today,
      day: e.day,
      startTime: e.times[0],
      endTime: e.times[1],
      workType: e.workType,
      personnelId: person.id,
      location: e.location,
      building: e.building,
      priority: e.priority,
      // The demo's week is laid out as it is, whatever repair work falls on the same day.
      confirmClash: true,
      issueDescription: e.issue,
    });
  }
}
