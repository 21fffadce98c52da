import type { Priority, RepairStatus } from '../../core/repairs/rules';
import { addDays, todayIn, weekdayOf } from '../../core/time';
import type { Ctx } from '../context';
import * as repairs from '../modules/repairs';
import type { ReadFile } from '../lib/uploads';
import { demoProofPhoto } from './proofPhotos';

/**
 * Demo repair reports that tell a story through the repairs service itself (the same checks, feed entries
 * and notices as real use): pending ones waiting for the office, scheduled work through this week for the
 * plumber and the carpenter, work in progress with a start photo, and completed repairs with their proof
 * photos, some rated. The steps are then dated back so the screens show a believable past.
 */
interface DemoRepair {
  by: string;
  building: string;
  room: string;
  priority: Priority;
  issue: string;
  /** Calendar days from today for the preferred day; the times are HH:MM. */
  dayOffset: number;
  times: [string, string];
  status: RepairStatus;
  to?: string;
  cost?: number;
  notes?: string;
  work?: string;
  actual?: number;
  rating?: [stars: number, comment: string];
  /** Days ago it was reported. */
  reported: number;
}

const TERESA = 'faculty@campus.test';
const MIGUEL = 'mtan@campus.test';
const ELECTRICIAN = 'electrician@campus.test';
const PLUMBER = 'plumber@campus.test';
const CARPENTER = 'carpenter@campus.test';

const REPAIRS: DemoRepair[] = [
  {
    by: TERESA,
    building: 'Science Building',
    room: 'Chem Lab 2',
    priority: 'high',
    issue: 'Water is leaking from the pipe under the laboratory sink and pooling on the floor.',
    dayOffset: 1,
    times: ['08:00', '10:00'],
    status: 'pending',
    reported: 0.2,
  },
  {
    by: MIGUEL,
    building: 'Library',
    room: '2nd Floor Reading Area',
    priority: 'low',
    issue: 'Two fluorescent lights flicker over the reading tables.',
    dayOffset: 3,
    times: ['13:00', '15:00'],
    status: 'pending',
    reported: 1.5,
  },
  {
    by: MIGUEL,
    building: 'Engineering Hall',
    room: 'Ground Floor Comfort Room',
    priority: 'medium',
    issue: 'The floor drain is clogged and the room smells.',
    dayOffset: 1,
    times: ['09:00', '11:00'],
    status: 'scheduled',
    to: PLUMBER,
    cost: 450,
    notes: 'Bring the drain snake from the stockroom.',
    reported: 3,
  },
  {
    by: TERESA,
    building: 'Administration Building',
    room: 'Room 105',
    priority: 'low',
    issue: 'The door hinge is loose and the door does not close.',
    dayOffset: 2,
    times: ['14:00', '16:00'],
    status: 'scheduled',
    to: CARPENTER,
    cost: 250.5,
    reported: 4,
  },
  {
    by: TERESA,
    building: 'Gymnasium',
    room: 'Main Court',
    priority: 'high',
    issue: 'The breaker for the court lights trips a few minutes after the lights are switched on.',
    dayOffset: 0,
    times: ['10:00', '12:00'],
    status: 'in-progress',
    to: ELECTRICIAN,
    cost: 1200,
    notes: 'Urgent: evening classes use the court.',
    reported: 2,
  },
  {
    by: MIGUEL,
    building: 'Canteen',
    room: 'Kitchen',
    priority: 'medium',
    issue: 'The kitchen faucet keeps dripping after it is closed.',
    dayOffset: 0,
    times: ['07:30', '08:30'],
    status: 'in-progress',
    to: PLUMBER,
    cost: 300,
    reported: 5,
  },
  {
    by: TERESA,
    building: 'IT Building',
    room: 'Computer Lab 3',
    priority: 'high',
    issue: 'The outlet behind the air conditioner sparks when the unit starts.',
    dayOffset: -6,
    times: ['08:00', '11:00'],
    status: 'completed',
    to: ELECTRICIAN,
    cost: 800,
    work: 'Replaced the burnt outlet and the damaged wiring, tightened the breaker terminals and tested the unit under load for 30 minutes.',
    actual: 760.25,
    rating: [5, 'Fixed the same morning. Thank you!'],
    reported: 9,
  },
  {
    by: MIGUEL,
    building: 'Science Building',
    room: 'Room 101',
    priority: 'medium',
    issue: 'Three armchairs have broken writing boards.',
    dayOffset: -4,
    times: ['13:00', '16:00'],
    status: 'completed',
    to: CARPENTER,
    cost: 600,
    work: 'Replaced the writing boards of three armchairs with new plywood boards and tightened the screws of the others in the row.',
    actual: 540,
    rating: [4, 'Good work; one board is a little loose.'],
    reported: 12,
  },
  {
    by: TERESA,
    building: 'Faculty Center',
    room: 'Pantry',
    priority: 'low',
    issue: 'The sink drains slowly.',
    dayOffset: -2,
    times: ['15:00', '16:00'],
    status: 'completed',
    to: PLUMBER,
    cost: 150,
    work: 'Cleared the sink trap and flushed the drain line.',
    actual: 150,
    reported: 6,
  },
];

/** Runs after the accounts exist (seed.ts), outside its transaction: each service call is its own. */
export async function seedRepairs(ctx: Ctx): Promise<void> {
  const { db } = ctx;
  const accounts = new Map((await db.selectFrom('accounts').selectAll().execute()).map((a) => [a.email, a]));
  const admin = accounts.get('admin@campus.test')!;
  const today = todayIn(ctx.config.campusTimeZone);
  const photo = async (n: number): Promise<ReadFile> => {
    const buffer = await demoProofPhoto(n);
    return { buffer, filename: 'proof.jpg', kind: 'jpeg', size: buffer.length };
  };
  const now = Date.now();
  const ago = (days: number) => new Date(now - days * 86_400_000).toISOString();

  for (const [i, d] of REPAIRS.entries()) {
    const reporter = accounts.get(d.by)!;
    const report = await repairs.createReport(ctx, reporter, {
      building: d.building,
      room: d.room,
      priority: d.priority,
      day: weekdayOf(addDays(today, d.dayOffset)),
      timeStart: d.times[0],
      timeEnd: d.times[1],
      issueDescription: d.issue,
    });
    // Each step a while after the last, ending before now.
    const steps: string[] = [ago(d.reported)];
    const at = (n: number) => ago(Math.max(0.01, d.reported - n * Math.min(1, d.reported / 4)));
    if (d.to) {
      const person = accounts.get(d.to)!;
      await repairs.assignReport(ctx, admin, report.id, {
        assignedTo: person.id,
        adminNotes: d.notes ?? '',
        estimatedCost: d.cost ?? null,
        day: null,
        timeStart: null,
        timeEnd: null,
      });
      steps.push(at(1));
      if (d.status === 'in-progress' || d.status === 'completed') {
        // The photo after is never the one before: the next scene in turn.
        await repairs.startWork(ctx, person, report.id, await photo(i * 11));
        steps.push(at(2));
      }
      if (d.status === 'completed') {
        await repairs.updateWork(ctx, person, report.id, { personnelNotes: '', actualCost: d.actual ?? null });
        steps.push(at(2.5));
        await repairs.completeWork(ctx, person, report.id, { workDescription: d.work! }, await photo(i * 11 + 1));
        steps.push(at(3));
        if (d.rating) {
          await repairs.rateReport(ctx, reporter, report.id, { stars: d.rating[0], comment: d.rating[1] });
          steps.push(at(3.5));
        }
      }
    }
    await backdate(ctx, report.id, steps, d.status === 'completed' ? addDays(today, d.dayOffset) : null);
    // Its deadlines counted from when the story says it was reported: some of the open ones are overdue.
    await repairs.stampDeadlines(ctx, db, report.id, steps[0]!, d.priority);
  }
}

/** Dates the report's steps, its feed entries and its notices back to when the story says they happened. */
async function backdate(ctx: Ctx, id: number, steps: string[], completedOn: string | null) {
  const { db } = ctx;
  const [created, assigned, started] = steps;
  const completed = steps.length >= 5 ? steps[4] : null;
  const rated = steps.length >= 6 ? steps[5] : null;
  await db
    .updateTable('repair_reports')
    .set({
      created_at: created,
      updated_at: steps[steps.length - 1],
      ...(assigned ? { assigned_at: assigned } : {}),
      ...(started ? { started_at: started } : {}),
      ...(completed ? { completed_at: completed, date_completed: completedOn } : {}),
      ...(rated ? { rated_at: rated } : {}),
    })
    .where('id', '=', id)
    .execute();
  const entries = await db
    .selectFrom('activity')
    .select('id')
    .where('entity_type', '=', 'repair_report')
    .where('entity_id', '=', id)
    .orderBy('id')
    .execute();
  // Feed entries follow the steps one to one.
  for (const [i, row] of entries.entries()) {
    await db
      .updateTable('activity')
      .set({ created_at: steps[Math.min(i, steps.length - 1)] })
      .where('id', '=', row.id)
      .execute();
  }
  // A notice is dated with the step that sent it.
  const stepOf: Record<string, string | null> = {
    'Repair assigned to you': assigned ?? null,
    'Repair scheduled': assigned ?? null,
    'Repair in progress': started ?? null,
    'Repair completed': completed,
  };
  const notices = await db
    .selectFrom('notifications')
    .select(['id', 'title'])
    .where('entity_type', '=', 'repair_report')
    .where('entity_id', '=', id)
    .execute();
  for (const n of notices) {
    const at = stepOf[n.title];
    if (at) await db.updateTable('notifications').set({ created_at: at }).where('id', '=', n.id).execute();
  }
}
