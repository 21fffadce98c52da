/**
 * The words of the borrowing activity feed and of the borrower's notices, written once: the services say
 * them when people act, and the demo data tells its story with the same sentences.
 */
import type { ActionTexts, ActivityText, NoticeText } from '../activity/notices';
import { plural } from '../format';
import { daysBetween, formatCalendarDate } from '../time';
import { requestCode } from './rules';
import { dateAndTime, hoursText, spanText, type BookingSpan } from './timesOfDay';

const linesText = (lines: LentLine[]) => lines.map((l) => `${l.quantity} × ${l.name}`).join(', ');

export interface LentLine {
  quantity: number;
  name: string;
}

// ---- the borrower's own steps (the feed only) ----

export const requestCreated = (requester: string, id: number, units: number, purpose: string): ActivityText => ({
  actionType: 'request_created',
  event: 'request.submitted',
  description: `${requester} requested ${plural(units, 'item')} (${requestCode(id)}): ${purpose}`,
});

export const requestCancelled = (requester: string, id: number): ActivityText => ({
  actionType: 'request_cancelled',
  description: `${requester} cancelled ${requestCode(id)}`,
});

export const returnSubmitted = (requester: string, id: number): ActivityText => ({
  actionType: 'items_returned',
  description: `${requester} returned the items of ${requestCode(id)} with proof; awaiting verification`,
});

/** What one return brought back, in words: "2 × Chairs, Projector (LAB-1, LAB-2)". */
export interface ReturnedLine {
  name: string;
  quantity: number;
  tags: string[];
}
const returnedWords = (what: ReturnedLine[]) =>
  what.map((w) => (w.tags.length ? `${w.name} (${w.tags.join(', ')})` : `${w.quantity} × ${w.name}`)).join(', ');

/** Part of a request handed back (docs/decisions/partial-returns.md): the rest is still out. */
export const partReturnSubmitted = (requester: string, id: number, what: ReturnedLine[]): ActivityText => ({
  actionType: 'items_returned',
  description: `${requester} returned part of ${requestCode(id)} with proof: ${returnedWords(what)}; awaiting verification, the rest is still out`,
});

// ---- what the office is told (its bell shows the feed; these are the mails for those who asked) ----

export const officeRequestFiled = (requester: string, id: number, units: number, purpose: string): NoticeText => ({
  title: 'New borrow request',
  message: `${requester} requested ${plural(units, 'item')} (${requestCode(id)}): ${purpose}. It is waiting in Borrow Requests.`,
  push: ['office_new_request'],
});

/** A weekly series filed: one mail for all its dates, not one per date. */
export const officeSeriesFiled = (requester: string, ids: number[], purpose: string): NoticeText => ({
  title: 'New weekly booking',
  message: `${requester} requested a weekly booking of ${plural(ids.length, 'date')} (${requestCode(ids[0])}${ids.length > 1 ? ` to ${requestCode(ids[ids.length - 1])}` : ''}): ${purpose}. It is waiting in Borrow Requests.`,
  push: ['office_new_request'],
});

export const officeReturnAwaiting = (requester: string, id: number): NoticeText => ({
  title: 'Return awaiting verification',
  message: `${requester} returned the items of ${requestCode(id)} with a proof photo. Please check the items and complete the request.`,
});

export const officePartReturnAwaiting = (requester: string, id: number): NoticeText => ({
  title: 'Return awaiting verification',
  message: `${requester} returned part of ${requestCode(id)} with a proof photo. Please check those items; the rest is still out.`,
});

// ---- the office's steps (the feed, and a notice to the borrower) ----

/** The office received things at its counter for the borrower (docs/decisions/partial-returns.md). */
export const counterReturn = (actor: string, id: number, borrower: string, what: ReturnedLine[]): ActionTexts => ({
  activity: {
    actionType: 'items_returned',
    event: 'request.returned',
    description: `${actor} received ${returnedWords(what)} of ${requestCode(id)} from ${borrower} at the counter`,
  },
  notice: {
    title: 'Items received',
    message: `The office received ${returnedWords(what)} of ${requestCode(id)}. Thank you!`,
  },
});

export const requestApproved = (actor: string, id: number, borrower: string, lines: LentLine[], returnBy: string): ActionTexts => ({
  activity: {
    actionType: 'request_approved',
    event: 'request.approved',
    description: `${actor} approved ${requestCode(id)} for ${borrower} (${plural(
      lines.reduce((n, l) => n + l.quantity, 0),
      'item',
    )})`,
  },
  notice: {
    title: 'Borrow request approved',
    message:
      `Your request ${requestCode(id)} was approved: ${lines.map((l) => `${l.quantity} × ${l.name}`).join(', ')}. ` +
      `Please return the items by ${formatCalendarDate(returnBy)}.`,
    push: ['request_approved'],
  },
});

/** A request booked ahead is approved: its dates (and hours) are held (docs/decisions/reservations.md). */
export const reservationApproved = (actor: string, id: number, borrower: string, lines: LentLine[], span: BookingSpan): ActionTexts => ({
  activity: {
    actionType: 'request_approved',
    event: 'request.approved',
    description: `${actor} approved ${requestCode(id)} for ${borrower}, held ${spanText(span)}`,
  },
  notice: {
    title: 'Booking approved',
    message:
      `Your booking ${requestCode(id)} is approved: ${linesText(lines)} held for you ${spanText(span)}. ` +
      `Collect them at the office on ${dateAndTime(span.from, span.timeFrom)}; a booking not collected by the end of that day is released.`,
    push: ['request_approved'],
  },
});

/** The dates of a weekly series the office decided at once, each with its request. */
export interface SeriesDateDecided {
  id: number;
  date: string;
}

/**
 * A weekly series decided at once (docs/decisions/reservations.md): one notice for the whole series, naming its
 * approved dates and hours, and the dates not approved with why, rather than one mail per date.
 */
export const seriesDecided = (
  purpose: string,
  lines: LentLine[],
  hours: { timeFrom: string | null; timeTo: string | null },
  approved: SeriesDateDecided[],
  notApproved: (SeriesDateDecided & { reason: string })[],
): NoticeText => {
  const at = hours.timeFrom && hours.timeTo ? `, ${hoursText(hours.timeFrom, hours.timeTo)}` : '';
  const dates = (list: SeriesDateDecided[]) => list.map((d) => `${formatCalendarDate(d.date)} (${requestCode(d.id)})`).join('; ');
  const no = notApproved.length
    ? ` Not approved: ${notApproved.map((d) => `${formatCalendarDate(d.date)} (${requestCode(d.id)}): ${d.reason}`).join('; ')}.`
    : '';
  if (!approved.length) return { title: 'Weekly booking not approved', message: `Your weekly booking "${purpose}" was not approved.${no}` };
  return {
    title: 'Weekly booking approved',
    message:
      `Your weekly booking "${purpose}" is approved for ${plural(approved.length, 'date')}${at}: ${dates(approved)}. ` +
      `${linesText(lines)} ${approved.length === 1 ? 'is' : 'are'} held for you on ${approved.length === 1 ? 'that date' : 'each'}${at ? ' at those hours' : ''}. ` +
      `Collect them at the office on the day; a date not collected by the end of its day is released.${no}`,
    push: ['request_approved'],
  };
};

/** The office hands out a reservation on its day: from now it is a loan like any other. */
export const reservationHandedOut = (actor: string, id: number, borrower: string, lines: LentLine[], returnBy: string): ActionTexts => ({
  activity: {
    actionType: 'request_approved',
    event: 'request.handed_out',
    description: `${actor} handed out ${requestCode(id)} to ${borrower} (${plural(
      lines.reduce((n, l) => n + l.quantity, 0),
      'item',
    )})`,
  },
  notice: {
    title: 'Booking collected',
    message:
      `You collected ${lines.map((l) => `${l.quantity} × ${l.name}`).join(', ')} of ${requestCode(id)}. ` +
      `Please return the items by ${formatCalendarDate(returnBy)}.`,
  },
});

/** A reservation not collected on its day was released by the nightly run (docs/decisions/reservations.md). */
export const reservationReleased = (id: number, day: string): NoticeText => ({
  title: 'Booking released',
  message: `Your booking ${requestCode(id)} was not collected on ${formatCalendarDate(day)}, so it was released for others. Book again if you still need the items.`,
});

export const reservationsReleased = (n: number): ActivityText => ({
  actionType: 'request_cancelled',
  description: `${plural(n, 'booking')} not collected on ${n === 1 ? 'its' : 'their'} day released`,
});

export const requestRejected = (actor: string, id: number, borrower: string, reason: string): ActionTexts => ({
  activity: {
    actionType: 'request_rejected',
    event: 'request.rejected',
    description: `${actor} rejected ${requestCode(id)} of ${borrower}: ${reason}`,
  },
  notice: { title: 'Borrow request rejected', message: `Your request ${requestCode(id)} was rejected. Reason: ${reason}` },
});

export const borrowerReminded = (
  actor: string,
  id: number,
  borrower: string,
  purpose: string,
  returnBy: string,
  stillOut: string | null = null,
): ActionTexts => ({
  activity: { actionType: 'reminder_sent', description: `${actor} reminded ${borrower} to return ${requestCode(id)}` },
  notice: {
    title: 'Please return borrowed items',
    message: stillOut
      ? `This is a reminder to return what is still out of ${requestCode(id)} (${purpose}): ${stillOut}, expected back on ${formatCalendarDate(returnBy)}.`
      : `This is a reminder to return the items of ${requestCode(id)} (${purpose}), expected back on ${formatCalendarDate(returnBy)}.`,
    push: ['loan_due', 'loan_overdue'],
  },
});

export interface DueLoan {
  id: number;
  purpose: string;
  returnBy: string;
  /** After a partial return (docs/decisions/partial-returns.md): what is still out, in words. */
  stillOut?: string | null;
}

/** The morning digest (beyond the spec): one notice per borrower listing loans due tomorrow or overdue. */
export const returnDigest = (loans: DueLoan[], today: string): NoticeText => ({
  push: [
    ...(loans.some((l) => daysBetween(l.returnBy, today) > 0) ? (['loan_overdue'] as const) : []),
    ...(loans.some((l) => daysBetween(l.returnBy, today) <= 0) ? (['loan_due'] as const) : []),
  ],
  title: 'Items due back',
  message: [
    loans.length === 1 ? 'A reminder about items you borrowed:' : `A reminder about ${loans.length} loans:`,
    ...loans.map((l) => {
      const late = daysBetween(l.returnBy, today);
      const when =
        late > 0
          ? `overdue since ${formatCalendarDate(l.returnBy)} (${plural(late, 'day')})`
          : late === -1
            ? `due tomorrow, ${formatCalendarDate(l.returnBy)}`
            : `due ${formatCalendarDate(l.returnBy)}`;
      return `- ${requestCode(l.id)} (${l.purpose}): ${when}${l.stillOut ? `; still out: ${l.stillOut}` : ''}`;
    }),
    'Please bring the items back to the General Services Office and submit the return in My Requests.',
  ].join('\n'),
});

export const remindersSent = (borrowers: number, loans: number): ActivityText => ({
  actionType: 'reminder_sent',
  description: `Automatic reminders sent to ${plural(borrowers, 'borrower')} about ${plural(loans, 'loan')}`,
});

/** What the office sees after sending a reminder. */
export const reminderSentDetail = (borrower: string, id: number, returnBy: string) =>
  `${borrower} has been reminded to return ${requestCode(id)} by ${formatCalendarDate(returnBy)}.`;

export const returnConfirmed = (actor: string, id: number, borrower: string): ActionTexts => ({
  activity: {
    actionType: 'items_returned',
    event: 'request.returned',
    description: `${actor} confirmed the return of ${requestCode(id)} from ${borrower}`,
  },
  notice: { title: 'Return confirmed', message: `The return of ${requestCode(id)} was verified. Thank you!` },
});

/** One thing the office found at a verified return (docs/decisions/return-conditions.md). */
export interface Finding {
  /** "Projector LAB-1", or "2 × Chairs". */
  what: string;
  /** Good, Damaged, Missing parts, Lost. */
  condition: string;
  note: string | null;
  repairOpened: boolean;
}

/** A return verified with the condition of each thing: the borrower hears what was found. */
export const returnChecked = (actor: string, id: number, borrower: string, findings: Finding[]): ActionTexts => {
  const notGood = findings.filter((f) => f.condition !== 'Good');
  const lines = findings.map((f) => `${f.what}: ${f.condition.toLowerCase()}${f.note ? ` (${f.note})` : ''}`);
  return {
    activity: {
      actionType: 'items_returned',
      event: 'request.returned',
      description:
        `${actor} confirmed the return of ${requestCode(id)} from ${borrower}` +
        (notGood.length ? `; found ${notGood.map((f) => `${f.what} ${f.condition.toLowerCase()}`).join(', ')}` : ''),
    },
    notice: {
      title: notGood.length ? 'Return checked: not everything came back good' : 'Return confirmed',
      message:
        `The return of ${requestCode(id)} was verified. What the office found: ${lines.join('; ')}.` +
        (notGood.some((f) => f.repairOpened) ? ' A repair was opened for the damage; the photos are on the request.' : '') +
        (notGood.length ? ' Please contact the office if you have questions.' : ' Thank you!'),
    },
  };
};

export const returnNotAccepted = (actor: string, id: number, borrower: string): ActionTexts => ({
  activity: {
    actionType: 'return_not_accepted',
    description: `${actor} did not accept the return of ${requestCode(id)} from ${borrower}`,
  },
  notice: {
    title: 'Return not accepted',
    message:
      `Your return of ${requestCode(id)} was not accepted: the office has not received the items. ` +
      `Please return them and submit a new proof of return.`,
  },
});

export const loanMarkedReturned = (actor: string, id: number, borrower: string): ActionTexts => ({
  activity: {
    actionType: 'items_returned',
    event: 'request.returned',
    description: `${actor} marked the items of ${requestCode(id)} from ${borrower} as returned`,
  },
  notice: { title: 'Items returned', message: `The items of ${requestCode(id)} were received by the office. Thank you!` },
});

// ---- a problem reported during a loan (docs/decisions/loan-problems.md) ----

const problemWords = (what: string, kind: 'broken' | 'missing') => `${what} is ${kind}`;

export const problemReported = (
  borrower: string,
  id: number,
  what: string,
  kind: 'broken' | 'missing',
  description: string,
): ActivityText => ({
  actionType: 'problem_reported',
  description: `${borrower} reported a problem on ${requestCode(id)}: ${problemWords(what, kind)} (${description})`,
});

export const officeProblemReported = (
  borrower: string,
  id: number,
  what: string,
  kind: 'broken' | 'missing',
  description: string,
): NoticeText => ({
  title: 'Problem reported',
  message: `${borrower} reported a problem on ${requestCode(id)}: ${problemWords(what, kind)} (${description}). It is shown on the request; verifying the return takes it up.`,
  push: ['office_problem'],
});
