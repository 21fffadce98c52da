import type { ActionTexts, ActivityText } from '../../core/activity/notices';
import * as say from '../../core/borrowing/notices';
import type { RequestStatus } from '../../core/borrowing/rules';
import { MSG } from '../../core/messages';
import { addDays, todayIn } from '../../core/time';
import type { Ctx } from '../context';
import { searchTextOf } from '../modules/borrowing';
import { demoProofPhoto } from './proofPhotos';
import type { Db } from '../db/database';

/**
 * Demo loans that tell a story across every status: pending, approved (due soon, on time and overdue by
 * 2, 5 and 10 days), returned with proof (one after a refused first proof), completed this month and last,
 * rejected and cancelled. Item quantities in seed.ts are the stock ON HAND: what these open loans
 * (approved or returned) have out is already off the shelf, and goes back when they are completed.
 */
interface DemoLoan {
  who: string;
  purpose: string;
  items: [name: string, quantity: number, approved?: boolean][];
  status: RequestStatus;
  /** Calendar days from today. */
  needed: number;
  returnBy: number;
  /** Days ago (fractions are hours) each step happened. */
  created: number;
  decided?: number;
  returned?: number;
  completed?: number;
  by?: string;
  reason?: string;
  remindedDaysAgo?: number;
  /** Days ago a first proof was sent and then refused (docs/decisions/borrow-lifecycle.md). */
  refusedProof?: [sent: number, refused: number];
}

const ADMIN = 'admin@campus.test';
const ELECTRICIAN = 'electrician@campus.test';
const PLUMBER = 'plumber@campus.test';

const LOANS: DemoLoan[] = [
  // Juan Dela Paz, student
  {
    who: 'student@campus.test',
    purpose: 'Student council general assembly',
    items: [
      ['Folding Table', 4],
      ['Monobloc Chair', 30],
    ],
    status: 'pending',
    needed: 3,
    returnBy: 4,
    created: 0.2,
  },
  {
    who: 'student@campus.test',
    purpose: 'Classroom clean-up drive',
    items: [
      ['Mop and Bucket Set', 2],
      ['Broom', 2],
    ],
    status: 'approved',
    needed: -10,
    returnBy: -5,
    created: 12,
    decided: 11.8,
    by: ELECTRICIAN,
  },
  {
    who: 'student@campus.test',
    purpose: 'Intramurals booth',
    items: [['Trash Bins (120 L)', 2]],
    status: 'completed',
    needed: -35,
    returnBy: -33,
    created: 40,
    decided: 39,
    returned: 33,
    completed: 32.5,
    by: ADMIN,
  },
  {
    who: 'student@campus.test',
    purpose: 'Fix the sink in the dormitory',
    items: [['Pipe Wrench', 1]],
    status: 'rejected',
    needed: -18,
    returnBy: -17,
    created: 20,
    decided: 19.5,
    by: ADMIN,
    reason: 'Plumbing tools are lent to GSO personnel only. Please ask a faculty member to file a repair report.',
  },
  {
    who: 'student@campus.test',
    purpose: 'Club fair table',
    items: [['Folding Table', 2]],
    status: 'cancelled',
    needed: -5,
    returnBy: -5,
    created: 8,
  },

  // Prof. Miguel Tan, faculty: approved, to be collected later this week (the office's Approved tab).
  {
    who: 'mtan@campus.test',
    purpose: 'Department seminar on campus safety',
    items: [['Folding Table', 2]],
    status: 'approved',
    needed: 4,
    returnBy: 6,
    created: 1,
    decided: 0.8,
    by: ADMIN,
  },

  // Dr. Teresa Gomez, faculty
  {
    who: 'faculty@campus.test',
    purpose: 'Research colloquium in the AVR',
    items: [
      ['LCD Projector', 1],
      ['Extension Cord (10 m)', 2],
    ],
    status: 'approved',
    needed: -1,
    returnBy: 2,
    created: 5,
    decided: 4.5,
    by: ELECTRICIAN,
  },
  {
    who: 'faculty@campus.test',
    purpose: 'Faculty room while the aircon is repaired',
    items: [['Electric Fan (stand)', 2]],
    status: 'returned',
    needed: -7,
    returnBy: -1,
    created: 9,
    decided: 8.6,
    returned: 1,
    by: ADMIN,
  },
  {
    who: 'faculty@campus.test',
    purpose: 'Graduate school orientation',
    items: [['Portable Aircon Unit', 1]],
    status: 'completed',
    needed: -48,
    returnBy: -46,
    created: 50,
    decided: 49,
    returned: 46,
    completed: 45,
    by: ADMIN,
  },
  {
    who: 'faculty@campus.test',
    purpose: 'Department meeting',
    items: [['Monobloc Chair', 40]],
    status: 'completed',
    needed: -13,
    returnBy: -12,
    created: 15,
    decided: 14.5,
    returned: 12,
    completed: 11.5,
    by: ELECTRICIAN,
  },
  {
    who: 'faculty@campus.test',
    purpose: 'Laboratory rewiring check',
    items: [
      ['Extension Cord (10 m)', 3],
      ['Ladder (8 ft)', 1],
    ],
    status: 'pending',
    needed: 2,
    returnBy: 5,
    created: 1,
  },

  // Maria Lopez, student
  {
    who: 'mlopez@campus.test',
    purpose: 'Organization fundraising fair',
    items: [['Folding Table', 5]],
    status: 'approved',
    needed: -15,
    returnBy: -10,
    created: 20,
    decided: 19,
    by: PLUMBER,
    remindedDaysAgo: 2,
  },
  {
    who: 'mlopez@campus.test',
    purpose: 'Seminar on campus safety',
    items: [['Monobloc Chair', 30]],
    status: 'returned',
    needed: -4,
    returnBy: 0,
    created: 6,
    decided: 5.5,
    returned: 0.1,
    by: ELECTRICIAN,
  },
  {
    who: 'mlopez@campus.test',
    purpose: 'Dormitory clean-up',
    items: [['Mop and Bucket Set', 1]],
    status: 'pending',
    needed: 1,
    returnBy: 2,
    created: 0.1,
  },

  // Carlo Bautista, student
  {
    who: 'cbautista@campus.test',
    purpose: 'Unclog the org office sink',
    items: [['Plunger', 1]],
    status: 'rejected',
    needed: -2,
    returnBy: -1,
    created: 4,
    decided: 3.5,
    by: PLUMBER,
  },
  {
    who: 'cbautista@campus.test',
    purpose: 'Campus tree planting',
    items: [
      ['Broom', 4],
      ['Trash Bins (120 L)', 2],
      ['Ladder (8 ft)', 1, false],
    ],
    status: 'approved',
    needed: 0,
    returnBy: 6,
    created: 2,
    decided: 1.5,
    by: ADMIN,
  },
  {
    who: 'cbautista@campus.test',
    purpose: 'Study group in the library annex',
    items: [['Electric Fan (stand)', 1]],
    status: 'completed',
    needed: -22,
    returnBy: -20,
    created: 25,
    decided: 24.5,
    returned: 20,
    completed: 19.5,
    by: ELECTRICIAN,
  },

  // Prof. Miguel Tan, faculty
  {
    who: 'mtan@campus.test',
    purpose: 'Outdoor music class',
    items: [
      ['Portable Speaker', 1],
      ['Extension Cord (10 m)', 1],
    ],
    status: 'returned',
    needed: -12,
    returnBy: -3,
    created: 14,
    decided: 13.5,
    returned: 1,
    by: ADMIN,
    refusedProof: [4, 3],
  },
  {
    who: 'mtan@campus.test',
    purpose: 'Chemistry lab sink drainage',
    items: [['Drain Snake', 1]],
    status: 'approved',
    needed: -6,
    returnBy: -2,
    created: 9,
    decided: 8.5,
    by: PLUMBER,
  },
  {
    who: 'mtan@campus.test',
    purpose: 'Thesis defense panel room',
    items: [['Portable Aircon Unit', 1]],
    status: 'pending',
    needed: 5,
    returnBy: 5,
    created: 0.125,
  },
  {
    who: 'mtan@campus.test',
    purpose: 'Guest lecture',
    items: [['LCD Projector', 2]],
    status: 'completed',
    needed: -38,
    returnBy: -37,
    created: 40,
    decided: 39.5,
    returned: 37,
    completed: 36.5,
    by: ELECTRICIAN,
  },
];

/** Runs inside the demo-data transaction (seed.ts), after the accounts and items. */
export async function seedBorrowing(ctx: Ctx, trx: Db): Promise<void> {
  const now = Date.now();
  const ago = (days: number) => new Date(now - days * 86_400_000).toISOString();
  const today = todayIn(ctx.config.campusTimeZone);
  const accounts = new Map((await trx.selectFrom('accounts').select(['id', 'email', 'full_name']).execute()).map((a) => [a.email, a]));
  const items = new Map((await trx.selectFrom('items').select(['id', 'name', 'category']).execute()).map((i) => [i.name, i]));
  const proofImage = async (n: number) => ctx.files.save('proofs', { buffer: await demoProofPhoto(n), kind: 'jpeg' });

  const proofs: { loan: DemoLoan; path: string; sent: number; refused?: number }[] = [];
  for (const [i, loan] of LOANS.entries()) {
    if (loan.refusedProof) proofs.push({ loan, path: await proofImage(i * 7), sent: loan.refusedProof[0], refused: loan.refusedProof[1] });
    if (loan.returned !== undefined) proofs.push({ loan, path: await proofImage(i * 13), sent: loan.returned });
  }

  for (const loan of LOANS) {
    const borrower = accounts.get(loan.who)!;
    const by = loan.by ? accounts.get(loan.by)! : null;
    const lines = loan.items.map(([name, quantity, approved]) => ({ item: items.get(name)!, quantity, approved: approved !== false }));
    const decidedApproved = ['approved', 'returned', 'completed'].includes(loan.status);
    const current = proofs.find((p) => p.loan === loan && p.refused === undefined && loan.status === 'returned');
    const { id } = await trx
      .insertInto('borrow_requests')
      .values({
        account_id: borrower.id,
        purpose: loan.purpose,
        date_needed: addDays(today, loan.needed),
        date_expected_return: addDays(today, loan.returnBy),
        status: loan.status,
        proof_path: current?.path ?? null,
        reject_reason:
          loan.status === 'rejected' ? (loan.reason ?? MSG.defaultRejectReason(loan.by === ADMIN ? 'admin' : 'personnel')) : null,
        created_at: ago(loan.created),
        decided_at: loan.decided !== undefined ? ago(loan.decided) : null,
        decided_by: by?.id ?? null,
        returned_at: loan.returned !== undefined ? ago(loan.returned) : null,
        completed_at: loan.completed !== undefined ? ago(loan.completed) : null,
        reminded_at: loan.remindedDaysAgo !== undefined ? ago(loan.remindedDaysAgo) : null,
        search_text: searchTextOf(
          borrower.full_name,
          loan.purpose,
          lines.map((l) => l.item.name),
        ),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('borrow_request_items')
      .values(
        lines.map((l) => {
          const lent = decidedApproved && l.approved ? l.quantity : 0;
          return {
            request_id: id,
            item_id: l.item.id,
            item_name: l.item.name,
            category: l.item.category,
            quantity_requested: l.quantity,
            quantity_approved: lent,
            // What came back (docs/decisions/partial-returns.md): all of it once returned, and verified once completed.
            quantity_back: loan.status === 'returned' || loan.status === 'completed' ? lent : 0,
            quantity_verified: loan.status === 'completed' ? lent : 0,
          };
        }),
      )
      .execute();
    for (const p of proofs.filter((p) => p.loan === loan)) {
      await trx
        .insertInto('return_proofs')
        .values({
          request_id: id,
          path: p.path,
          created_at: ago(p.sent),
          rejected_at: p.refused !== undefined ? ago(p.refused) : null,
        })
        .execute();
    }
    await storyOf(trx, loan, id, borrower, by, ago, (days) => addDays(today, days));
  }
}

type Person = { id: number; full_name: string };

/** The activity feed and the borrower's bell, in the words the real actions write (core/borrowing/notices.ts). */
async function storyOf(
  trx: Db,
  loan: DemoLoan,
  id: number,
  borrower: Person,
  by: Person | null,
  ago: (d: number) => string,
  day: (fromToday: number) => string,
) {
  const returnBy = day(loan.returnBy);
  const lent = loan.items.filter(([, , approved]) => approved !== false).map(([name, quantity]) => ({ name, quantity }));
  const units = loan.items.reduce((n, [, q]) => n + q, 0);
  const events: { actor: Person; at: number; text: ActivityText | ActionTexts }[] = [
    { actor: borrower, at: loan.created, text: say.requestCreated(borrower.full_name, id, units, loan.purpose) },
  ];
  if (loan.status === 'cancelled')
    events.push({ actor: borrower, at: loan.created - 0.05, text: say.requestCancelled(borrower.full_name, id) });
  if (loan.status === 'rejected' && by) {
    const why = loan.reason ?? MSG.defaultRejectReason(loan.by === ADMIN ? 'admin' : 'personnel');
    events.push({ actor: by, at: loan.decided!, text: say.requestRejected(by.full_name, id, borrower.full_name, why) });
  }
  if (loan.decided !== undefined && by && loan.status !== 'rejected') {
    events.push({ actor: by, at: loan.decided, text: say.requestApproved(by.full_name, id, borrower.full_name, lent, returnBy) });
  }
  if (loan.refusedProof && by) {
    events.push({ actor: borrower, at: loan.refusedProof[0], text: say.returnSubmitted(borrower.full_name, id) });
    events.push({ actor: by, at: loan.refusedProof[1], text: say.returnNotAccepted(by.full_name, id, borrower.full_name) });
  }
  if (loan.remindedDaysAgo !== undefined && by) {
    events.push({
      actor: by,
      at: loan.remindedDaysAgo,
      text: say.borrowerReminded(by.full_name, id, borrower.full_name, loan.purpose, returnBy),
    });
  }
  if (loan.returned !== undefined) events.push({ actor: borrower, at: loan.returned, text: say.returnSubmitted(borrower.full_name, id) });
  if (loan.completed !== undefined && by) {
    events.push({ actor: by, at: loan.completed, text: say.returnConfirmed(by.full_name, id, borrower.full_name) });
  }
  for (const e of events) {
    const { activity, notice } = 'activity' in e.text ? e.text : { activity: e.text, notice: null };
    await trx
      .insertInto('activity')
      .values({
        actor_id: e.actor.id,
        subject_id: borrower.id,
        entity_type: 'borrow_request',
        entity_id: id,
        action_type: activity.actionType,
        description: activity.description,
        created_at: ago(e.at),
      })
      .execute();
    if (notice) {
      await trx
        .insertInto('notifications')
        .values({
          account_id: borrower.id,
          title: notice.title,
          message: notice.message,
          entity_type: 'borrow_request',
          entity_id: id,
          read_at: e.at > 3 ? ago(e.at - 0.5) : null,
          created_at: ago(e.at),
        })
        .execute();
    }
  }
}
