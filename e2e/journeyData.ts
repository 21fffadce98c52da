// Data the browser journeys need but cannot make through the API: loans and a repair report that are already
// overdue (the API dates everything now, as it should), and accepted, verified people of their own. Made once when the journeys' server starts, each for one journey,
// so no journey hunts the shared demo data for a suitable row.
import { addDays, todayIn } from '../core/time';
import type { Ctx } from '../server/context';
import { hashPassword } from '../server/lib/passwords';
import { searchTextOf } from '../server/modules/borrowing';
import { openStockCards } from '../server/modules/inventory';
import { STOCK_MSG } from '../core/inventory/stock';
import { createReport, stampDeadlines } from '../server/modules/repairs';

export const JOURNEY_LOANS = {
  /** office-borrow.spec.ts marks it returned. */
  officeMarksReturned: {
    borrower: 'mlopez@campus.test',
    purpose: 'Overdue journey loan (office marks it returned)',
    item: 'Journey Projector A',
    daysOverdue: 4,
  },
  /** borrowing-lifecycle.spec.ts shows it to its borrower. */
  studentSeesOverdue: {
    borrower: 'student@campus.test',
    purpose: 'Overdue journey loan (the student sees it)',
    item: 'Journey Projector B',
    daysOverdue: 4,
  },
  /** office-figures.spec.ts compares its overdue badge on every screen that shows it (over 7 days). */
  bandsAgree: {
    borrower: 'mtan@campus.test',
    purpose: 'Overdue journey loan (the same band everywhere)',
    item: 'Journey Projector C',
    daysOverdue: 9,
  },
} as const;

/** hand-out.spec.ts: a booking made ahead and approved, to be handed out today (the API books only later days). */
export const JOURNEY_RESERVATION = {
  borrower: 'cbautista@campus.test',
  purpose: 'Booked journey tripod (handed out today)',
  item: 'Journey Tripod',
} as const;

/** People of their own for the settings journeys (settings.spec.ts), each used by one journey. */
export const JOURNEY_PEOPLE = {
  changesPassword: { email: 'journey-password@campus.test', role: 'student' },
  deletesAccount: { email: 'journey-delete@campus.test', role: 'faculty' },
  /** settings.spec.ts: borrows five, returns two; My Requests and Delete Account count them alike. */
  keepsItems: { email: 'journey-keeps@campus.test', role: 'student' },
  forgetsPassword: { email: 'journey-forgot@campus.test', role: 'personnel' },
  /** schedule.spec.ts: an admin schedules work for this person, who sees it as Your Task. */
  scheduled: { email: 'journey-schedule@campus.test', role: 'personnel' },
  /** borrow-holds.spec.ts: an administrator holds and lifts this student's borrowing. */
  heldBorrower: { email: 'journey-hold@campus.test', role: 'student' },
  /** partial-returns.spec.ts: borrows, returns in parts, loses a unit and is held and released. */
  loopBorrower: { email: 'journey-loop@campus.test', role: 'student' },
  /** partial-returns.spec.ts: the janitor who repairs the damaged unit. */
  fixesDamage: { email: 'journey-fix@campus.test', role: 'personnel' },
  /** verification-lockout.spec.ts: accepted, not yet verified; spends the hour's code tries. */
  lockedOut: { email: 'journey-locked@campus.test', role: 'student', unverified: true },
} as const;
export const JOURNEY_PASSWORD = 'journey123';

/**
 * repair-deadlines.spec.ts: a high-priority report made three days ago and never answered, overdue on the
 * journeys' calendar (open every day) whatever day the journeys run, so Due first puts it at the top. The demo's
 * reports are dated back from the day the server starts and counted on the demo's weekday calendar: on a Saturday
 * or after a holiday none of them may be overdue yet.
 */
export const JOURNEY_OVERDUE_REPORT = {
  by: 'mtan@campus.test',
  building: 'Library',
  room: 'Ground Floor Restrooms',
  issue: 'Overdue journey report: the restroom door lock is broken.',
  daysAgo: 3,
} as const;

export async function makeJourneyData(ctx: Ctx): Promise<void> {
  const passwordHash = await hashPassword(JOURNEY_PASSWORD);
  for (const [key, person] of Object.entries(JOURNEY_PEOPLE)) {
    await ctx.db
      .insertInto('accounts')
      .values({
        full_name: `Journey ${key}`,
        email: person.email,
        username: null,
        contact_number: '09170000000',
        role: person.role,
        status: 'accepted',
        email_verified: 'unverified' in person ? 0 : 1,
        job_type: person.role === 'personnel' ? 'janitor' : null,
        password_hash: passwordHash,
        id_file: null,
        id_file_mime: null,
        created_at: new Date().toISOString(),
      })
      .execute();
  }
  await makeOverdueReport(ctx);
  const today = todayIn(ctx.config.campusTimeZone);
  const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString();
  await ctx.db.transaction().execute(async (trx) => {
    const electrician = await trx
      .selectFrom('accounts')
      .select('id')
      .where('email', '=', 'electrician@campus.test')
      .executeTakeFirstOrThrow();
    for (const loan of Object.values(JOURNEY_LOANS)) {
      const borrower = await trx
        .selectFrom('accounts')
        .select(['id', 'full_name'])
        .where('email', '=', loan.borrower)
        .executeTakeFirstOrThrow();
      // Three on the shelf and two out on this loan.
      const item = await trx
        .insertInto('items')
        .values({
          name: loan.item,
          description: 'For the browser journeys',
          category: 'Electrical',
          quantity: 3,
          min_stock: 1,
          item_status: 'available',
          created_at: daysAgo(30),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await openStockCards(trx, STOCK_MSG.openingReason);
      const request = await trx
        .insertInto('borrow_requests')
        .values({
          account_id: borrower.id,
          purpose: loan.purpose,
          date_needed: addDays(today, -loan.daysOverdue - 5),
          date_expected_return: addDays(today, -loan.daysOverdue),
          status: 'approved',
          proof_path: null,
          reject_reason: null,
          created_at: daysAgo(loan.daysOverdue + 6),
          decided_at: daysAgo(loan.daysOverdue + 5),
          decided_by: electrician.id,
          returned_at: null,
          completed_at: null,
          reminded_at: null,
          search_text: searchTextOf(borrower.full_name, loan.purpose, [loan.item]),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('borrow_request_items')
        .values({
          request_id: request.id,
          item_id: item.id,
          item_name: loan.item,
          category: 'Electrical',
          quantity_requested: 2,
          quantity_approved: 2,
        })
        .execute();
    }
    const r = JOURNEY_RESERVATION;
    const borrower = await trx.selectFrom('accounts').select(['id', 'full_name']).where('email', '=', r.borrower).executeTakeFirstOrThrow();
    const item = await trx
      .insertInto('items')
      .values({
        name: r.item,
        description: 'For the browser journeys',
        category: 'Electrical',
        quantity: 2,
        min_stock: 1,
        item_status: 'available',
        created_at: daysAgo(30),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await openStockCards(trx, STOCK_MSG.openingReason);
    const booking = await trx
      .insertInto('borrow_requests')
      .values({
        account_id: borrower.id,
        purpose: r.purpose,
        date_needed: today,
        date_expected_return: addDays(today, 2),
        status: 'approved',
        book_ahead: 1,
        proof_path: null,
        reject_reason: null,
        created_at: daysAgo(3),
        decided_at: daysAgo(2),
        decided_by: electrician.id,
        returned_at: null,
        completed_at: null,
        reminded_at: null,
        search_text: searchTextOf(borrower.full_name, r.purpose, [r.item]),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('borrow_request_items')
      .values({
        request_id: booking.id,
        item_id: item.id,
        item_name: r.item,
        category: 'Electrical',
        quantity_requested: 1,
        quantity_approved: 0,
        quantity_reserved: 1,
      })
      .execute();
  });
}

/** Made through the repairs service, then dated back and its deadlines counted from then (as the demo does). */
async function makeOverdueReport(ctx: Ctx) {
  const r = JOURNEY_OVERDUE_REPORT;
  const reporter = await ctx.db.selectFrom('accounts').selectAll().where('email', '=', r.by).executeTakeFirstOrThrow();
  const report = await createReport(ctx, reporter, {
    building: r.building,
    room: r.room,
    priority: 'high',
    day: 'Monday',
    timeStart: '09:00',
    timeEnd: '11:00',
    issueDescription: r.issue,
  });
  const reportedAt = new Date(Date.now() - r.daysAgo * 86_400_000).toISOString();
  await ctx.db.updateTable('repair_reports').set({ created_at: reportedAt, updated_at: reportedAt }).where('id', '=', report.id).execute();
  await stampDeadlines(ctx, ctx.db, report.id, reportedAt, 'high');
}
