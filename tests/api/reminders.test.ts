import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestCode } from '../../core/borrowing/rules';
import { addDays, instantAt, todayIn } from '../../core/time';
import { runDueJobs } from '../../server/lib/dailyJobs';
import { REMINDER_JOB, returnReminders } from '../../server/modules/borrowing/reminderJob';
import { act, get, newItem, requestId } from '../borrowing';
import { MSG } from '../../core/messages';
import { eventually, loginAs, makeApp, type TestApp } from '../helpers';

// The morning digest of loans due tomorrow or overdue: once a day, once per borrower, in whichever
// process gets there first. The job is run here at chosen campus times instead of waiting for the clock.
describe('automatic return reminders', () => {
  let app: TestApp;
  let tz: string;
  let today: string;
  const at = (date: string, hhmm: string) => new Date(instantAt(date, hhmm, tz));
  const run = (when: Date) => runDueJobs(app.ctx.db, tz, [returnReminders(app.ctx)!], when);
  const digests = async () =>
    app.ctx.db
      .selectFrom('notifications')
      .innerJoin('accounts', 'accounts.id', 'notifications.account_id')
      .select(['accounts.email', 'notifications.message', 'notifications.created_at'])
      .where('notifications.title', '=', 'Items due back')
      .execute();
  let remindedByHand: number;

  beforeAll(async () => {
    app = await makeApp();
    tz = app.ctx.config.campusTimeZone;
    today = todayIn(tz);
    // A loan due tomorrow that the office reminds of by hand today: the digest leaves it out today.
    const faculty = await loginAs(app, 'faculty');
    const admin = await loginAs(app, 'admin');
    remindedByHand = await requestId(app, faculty, [[await newItem(app, { quantity: 5 }), 1]], {
      dateNeeded: today,
      dateExpectedReturn: addDays(today, 1),
    });
    const item = (await get(app, admin, `/api/borrow-requests/${remindedByHand}`)).json().request.items[0].itemId;
    expect((await act(app, admin, remindedByHand, 'approve', { items: [item] })).statusCode).toBe(200);
    expect((await act(app, admin, remindedByHand, 'remind')).statusCode).toBe(200);
  });
  afterAll(() => app.close());

  it('waits for the hour, then sends each borrower one digest of what is due tomorrow or overdue', async () => {
    expect(await run(at(today, '07:59'))).toEqual([]);
    expect(await digests()).toEqual([]);

    expect(await run(at(today, '08:00'))).toEqual([REMINDER_JOB]);
    const due = await app.ctx.db
      .selectFrom('borrow_requests')
      .innerJoin('accounts', 'accounts.id', 'borrow_requests.account_id')
      .select(['borrow_requests.id', 'accounts.email', 'date_expected_return'])
      .where('borrow_requests.status', '=', 'approved')
      .where((eb) => eb.or([eb('date_expected_return', '<', today), eb('date_expected_return', '=', addDays(today, 1))]))
      .where('borrow_requests.id', '!=', remindedByHand)
      .execute();
    expect(due.length).toBeGreaterThan(1);
    const sent = await digests();
    const borrowers = [...new Set(due.map((d) => d.email))].sort();
    expect(sent.map((d) => d.email).sort()).toEqual(borrowers);
    for (const loan of due) {
      const mine = sent.find((d) => d.email === loan.email)!;
      expect(mine.message).toContain(requestCode(loan.id));
      expect(mine.message).toMatch(loan.date_expected_return < today ? /overdue since \w{3} \d+, \d{4}/ : /due tomorrow, \w{3} \d+, \d{4}/);
    }
    expect(sent.some((d) => d.message.includes(requestCode(remindedByHand)))).toBe(false);
    // The run's entry in the Activity Log is the system's, not a "Deleted user"'s.
    const admin = await loginAs(app, 'admin');
    const log = (await get(app, admin, '/api/activity/audit?type=reminder_sent')).json().items as {
      description: string;
      actorName: string;
    }[];
    const runs = log.filter((e) => e.description.startsWith('Automatic reminders sent'));
    expect(runs).toHaveLength(1);
    expect(runs[0].actorName).toBe(MSG.systemActor);

    // And by email.
    await eventually(async () => {
      const mails = await app.ctx.db
        .selectFrom('outbox')
        .select('to_address')
        .where('subject', '=', 'Campus GSO: Items due back')
        .execute();
      return mails.length === borrowers.length;
    });
  });

  it('never runs twice on one day', async () => {
    // (Several processes racing for the same morning: tests/api/workers.test.ts.)
    const before = (await digests()).length;
    expect(await run(at(today, '09:30'))).toEqual([]);
    expect((await digests()).length).toBe(before);
    const tomorrow = addDays(today, 1);
    expect(await run(at(tomorrow, '08:00'))).toEqual([REMINDER_JOB]);
    expect(await run(at(tomorrow, '08:05'))).toEqual([]);
    const runs = await app.ctx.db.selectFrom('job_runs').select('run_on').where('job', '=', REMINDER_JOB).execute();
    expect(runs.map((r) => r.run_on).sort()).toEqual([today, tomorrow]);
  });

  it('reminds of an overdue loan again only after the repeat interval, and tells the office what the last run sent', async () => {
    const student = (await digests()).filter((d) => d.email === 'student@campus.test');
    expect(student).toHaveLength(1);
    // Tomorrow's run did not remind the student again (every 3 days); three days on it does.
    await run(at(addDays(today, 2), '08:00'));
    expect((await digests()).filter((d) => d.email === 'student@campus.test')).toHaveLength(1);
    await run(at(addDays(today, 3), '08:00'));
    expect((await digests()).filter((d) => d.email === 'student@campus.test')).toHaveLength(2);

    const admin = await loginAs(app, 'admin');
    const schedule = (await get(app, admin, '/api/borrow-records/reminders')).json();
    expect(schedule).toMatchObject({ time: '08:00', repeatDays: 3, lastRun: { runOn: addDays(today, 3) } });
    expect(schedule.lastRun.borrowers).toBeGreaterThan(0);
    expect((await get(app, await loginAs(app, 'student'), '/api/borrow-records/reminders')).statusCode).toBe(403);
  });
});
