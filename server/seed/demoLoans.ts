import type { RequestStatus } from '../../core/borrowing/rules';
import { MSG } from '../../core/messages';

/**
 * Demo loans that tell a story across every status: pending, approved (due soon, on time and overdue by
 * 2, 5 and 10 days), returned with proof (one after a refused first proof), completed this month and last,
 * rejected and cancelled. Item quantities in seed.ts are the stock ON HAND: what these open loans
 * (approved or returned) have out is already off the shelf, and goes back when they are completed.
 */
export interface DemoLoan {
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

export const LOANS: DemoLoan[] = [
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

/** A rejected loan's reason: its own, or the one that names who rejected it. */
export const rejectReasonOf = (loan: DemoLoan) => loan.reason ?? MSG.defaultRejectReason(loan.by === ADMIN ? 'admin' : 'personnel');
