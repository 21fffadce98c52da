/** The borrowing API contract: what the borrow form sends, and what the request and loan lists answer. */
import { z } from 'zod';
import { returnConditionSchema } from './conditionSchemas';
import { loanProblemSchema } from './problemSchemas';
import { calendarDate, count, countsOf, id, idParam, isoTime, line, messageResult, pageOf, pagingQuery, text } from '../common/schemas';
import { RECORD_STATUSES, RECORD_TABS, REQUEST_STATUSES } from './rules';
import { MAX_SERIES_DATES, SERIES_WEEKDAYS } from './recurrence';

/** A weekly series of bookings (docs/decisions/reservations.md); core/borrowing/recurrence.ts has its limits. */
export const seriesPattern = z.object({
  startDate: z.string().max(20),
  weekdays: z.array(z.enum(SERIES_WEEKDAYS)).min(1).max(7),
  /** Every N weeks (1: every week). */
  interval: z.number().int().min(1).max(4).default(1),
  /** How many dates, or the last date: exactly one of them. */
  count: z.number().int().min(1).max(MAX_SERIES_DATES).optional(),
  until: z.string().max(20).optional(),
});
export type SeriesPattern = z.infer<typeof seriesPattern>;

// ---- requests in ----

/** A booking's pick-up time on its first day and return time on its last (HH:MM, both or neither: core/borrowing/timesOfDay.ts). */
const bookingTimes = { timeFrom: text().max(10).default(''), timeTo: text().max(10).default('') };

/** The form's fields; the form's own rules and messages are checked by the service, in the form's order (rules.ts). */
export const newRequestBody = z.object({
  // The form rule (PURPOSE_MAX) answers an over-long purpose in the spec's words; this only bounds the body.
  purpose: line().max(20_000).default(''),
  dateNeeded: text().max(20).default(''),
  dateExpectedReturn: text().max(20).default(''),
  items: z
    .array(z.object({ itemId: id, quantity: z.coerce.number().max(100_000) }))
    .max(100)
    .default([]),
  /** Hold the items on these dates only and collect them on the day (docs/decisions/reservations.md). */
  bookAhead: z.boolean().default(false),
  ...bookingTimes,
});
export type NewRequest = z.infer<typeof newRequestBody>;

const REQUEST_TABS = ['all', ...REQUEST_STATUSES] as const;
export type RequestTab = (typeof REQUEST_TABS)[number];
const REQUEST_SORTS = ['status', 'newest', 'oldest'] as const;

export const myRequestsQuery = z.object({ ...pagingQuery, status: z.enum(REQUEST_TABS).default('all') });
export const requestsQuery = myRequestsQuery.extend({
  sort: z.enum(REQUEST_SORTS).default('status'),
  /** Requests charged to one department (its id), or to none ("none"). */
  department: z.union([z.literal('none'), idParam]).optional(),
});
export const recordsQuery = z.object({ ...pagingQuery, status: z.enum(RECORD_TABS).default('all') });
export const unreturnedQuery = z.object({ ...pagingQuery, pageSize: z.coerce.number().int().min(1).max(500).default(100) });
export type MyRequestsParams = z.infer<typeof myRequestsQuery>;
export type RequestsParams = z.infer<typeof requestsQuery>;
export type RecordsParams = z.infer<typeof recordsQuery>;
export type UnreturnedParams = z.infer<typeof unreturnedQuery>;

/** Approve names the items approved; the others are approved at 0 (docs/decisions/borrow-lifecycle.md). */
export const approveBody = z.object({
  items: z.array(id).max(100).default([]),
  /** The asset tags of the units that go out, for the tracked items approved: exactly the quantity of each (docs/decisions/units.md). */
  units: z.array(text().max(200)).max(1000).default([]),
  /** What is issued of the supply lines approved, when less than asked (docs/decisions/supplies.md); absent: all asked. */
  issue: z
    .array(z.object({ itemId: id, quantity: z.number().int().min(0).max(100_000) }))
    .max(100)
    .default([]),
});
export type IssueQuantity = { itemId: number; quantity: number };
/**
 * What a return hands back (docs/decisions/partial-returns.md): a count per counted line, asset tags for tracked
 * lines; nothing named is everything still out. The borrower sends it as the multipart field "return" (JSON).
 */
export const returnSelection = z.object({
  items: z
    .array(z.object({ lineId: id, quantity: z.number().int().min(1).max(100_000) }))
    .max(100)
    .optional(),
  units: z.array(text().max(200)).max(1000).optional(),
});
export type ReturnSelection = z.infer<typeof returnSelection>;

export const rejectBody = z.object({ reason: line().max(1000).optional() }).default({});

// ---- requests out ----

const requestLineSchema = z.object({
  id: z.number().int(),
  /** Null when the item has since been deleted from the inventory. */
  itemId: z.number().int().nullable(),
  name: z.string(),
  category: z.string(),
  quantityRequested: z.number().int(),
  quantityApproved: z.number().int(),
  /** A reservation's quantity held on its dates until handed out (docs/decisions/reservations.md); 0 otherwise. */
  quantityReserved: count,
  /** What could be lent of the item now (0 when out of stock, damaged or unavailable; null when deleted). */
  onHand: z.number().int().nullable(),
  /** Whether the item is tracked unit by unit (approving it chooses its units); false when deleted. */
  tracked: z.boolean(),
  /** A supply line (docs/decisions/supplies.md): issued at approval, no return date, nothing to bring back. */
  supply: z.boolean(),
  /** The asset tags of the units that went out on this line (tracked items), by tag. */
  units: z.array(z.string()),
  /** Handed back in returns not refused (awaiting verification or verified), and checked in by the office. */
  quantityBack: count,
  quantityVerified: count,
  /** The tags of the units still out (not handed back). */
  unitsOut: z.array(z.string()),
});
export type RequestLineDto = z.infer<typeof requestLineSchema>;

/** One hand-back of a request (docs/decisions/partial-returns.md), oldest first. */
export const returnBatchSchema = z.object({
  id: z.number().int(),
  at: isoTime,
  /** Recorded by the office at its counter (else the borrower's, with a proof photo). */
  atCounter: z.boolean(),
  by: z.string(),
  status: z.enum(['awaiting', 'verified', 'refused']),
  proofUrl: z.string().nullable(),
  items: z.array(z.object({ lineId: z.number().int(), name: z.string(), quantity: count, units: z.array(z.string()) })),
});
export type ReturnBatchDto = z.infer<typeof returnBatchSchema>;

export const borrowRequestSchema = z
  .object({
    id: z.number().int(),
    /** REQ-{id} */
    code: z.string(),
    /** BRW-{id}: the same loan seen as a borrow record. */
    recordCode: z.string(),
    status: z.enum(REQUEST_STATUSES),
    requesterId: z.number().int().nullable(),
    /** "Deleted user" when the account is gone. */
    requesterName: z.string(),
    purpose: z.string(),
    dateRequested: isoTime,
    dateNeeded: calendarDate,
    dateExpectedReturn: calendarDate,
    /** A booking's pick-up and return times (HH:MM, campus time); null: whole days. */
    timeFrom: z.string().nullable(),
    timeTo: z.string().nullable(),
    decidedAt: isoTime.nullable(),
    returnedAt: isoTime.nullable(),
    completedAt: isoTime.nullable(),
    remindedAt: isoTime.nullable(),
    rejectReason: z.string().nullable(),
    hasProof: z.boolean(),
    /** GET this for the current proof image, when there is one. */
    proofUrl: z.string().nullable(),
    /** Units requested over all lines. */
    totalItems: count,
    totalApproved: count,
    items: z.array(requestLineSchema),
    /** The loan's state for approved, returned and completed requests, else null. */
    recordStatus: z.enum(RECORD_STATUSES).nullable(),
    /** Days until the expected return (negative when overdue), for approved requests; else null. */
    daysLeft: z.number().int().nullable(),
    /** Days past the expected return, for approved requests; 0 when on time. */
    overdueDays: count,
    /** Problems the borrower reported during the loan that no verification has taken up yet (docs/decisions/loan-problems.md). */
    openProblems: count,
    /** Units issued on its supply lines (0 when it has none or nothing is issued yet). */
    totalIssued: count,
    /** Whether it holds supply lines, and whether it holds only those (no return date then). */
    hasSupplies: z.boolean(),
    suppliesOnly: z.boolean(),
    /** Of what was lent: handed back (returns not refused), and still out. */
    itemsBack: count,
    itemsOut: count,
    /** Its returns, oldest first: partial ones awaiting verification while the rest is still out. */
    returns: z.array(returnBatchSchema),
    /** Booked ahead (docs/decisions/reservations.md): approval holds its dates; the office hands it out on its day. */
    bookAhead: z.boolean(),
    /** When a booked-ahead request was handed out; null before (and for ordinary requests). */
    handedOutAt: isoTime.nullable(),
    /** The recurring booking this date belongs to (its first request's id), or null. */
    seriesId: z.number().int().nullable(),
    /** The department the request is charged to: the requester's when it was submitted (GET /api/departments names it); null: none. */
    departmentId: z.number().int().nullable(),
  })
  .meta({ id: 'BorrowRequest' });
export type BorrowRequestDto = z.infer<typeof borrowRequestSchema>;

export const requestCounts = countsOf(REQUEST_TABS);
export type RequestCounts = z.infer<typeof requestCounts>;

export const requestList = pageOf(borrowRequestSchema).extend({
  /** Requests per tab among the search's matches. */
  counts: requestCounts,
  /** Requests per tab over the whole list, whatever the search (the summary cards). */
  stats: requestCounts,
});
export type RequestList = z.infer<typeof requestList>;

export const myRequestList = requestList.extend({
  /** Units lent to me and not yet returned (handed back), for the yellow banner (server/modules/borrowing/unitsOut.ts). */
  unreturnedItems: count,
  /** Units I handed back that wait for the office's check: still out until verified, so they too stop a deletion. */
  returnsAwaitingCheck: count,
});
export type MyRequestList = z.infer<typeof myRequestList>;

export const borrowRecordSchema = z
  .object({
    id: z.number().int(),
    /** BRW-{id} */
    code: z.string(),
    requestCode: z.string(),
    status: z.enum(RECORD_STATUSES),
    requestStatus: z.enum(REQUEST_STATUSES),
    borrowerId: z.number().int().nullable(),
    borrower: z.string(),
    purpose: z.string(),
    dateRequested: isoTime,
    dateNeeded: calendarDate,
    dateExpectedReturn: calendarDate,
    returnedAt: isoTime.nullable(),
    completedAt: isoTime.nullable(),
    daysLeft: z.number().int().nullable(),
    overdueDays: count,
    hasProof: z.boolean(),
    proofUrl: z.string().nullable(),
    /** Units lent. */
    totalItems: count,
    /** Problems reported during the loan, not yet taken up by a verification. */
    openProblems: count,
    items: z.array(
      z.object({
        itemId: z.number().int().nullable(),
        name: z.string(),
        category: z.string(),
        quantity: count,
        /** The asset tags of the units lent (tracked items). */
        units: z.array(z.string()),
        /** Handed back (returns not refused) and the tags still out. */
        back: count,
        unitsOut: z.array(z.string()),
      }),
    ),
    itemsBack: count,
    itemsOut: count,
    /** Returns awaiting the office's verification. */
    returnsAwaiting: count,
  })
  .meta({ id: 'BorrowRecord' });
export type BorrowRecordDto = z.infer<typeof borrowRecordSchema>;

export const borrowRecordList = pageOf(borrowRecordSchema).extend({
  /** Loans per tab among the search's matches. */
  counts: countsOf(RECORD_TABS),
  /** Loans per tab over every loan, whatever the search (the summary cards). */
  stats: countsOf(RECORD_TABS),
  /** The admin's cards, over every loan whatever the search. */
  counters: z.object({ activeBorrows: count, approvedRequests: count, completedItems: count, returnedToday: count, overdue: count }),
});
export type BorrowRecordList = z.infer<typeof borrowRecordList>;

export const unreturnedItemSchema = z.object({
  requestId: z.number().int(),
  requestCode: z.string(),
  status: z.enum(REQUEST_STATUSES),
  userId: z.number().int().nullable(),
  fullName: z.string(),
  purpose: z.string(),
  itemId: z.number().int().nullable(),
  itemName: z.string(),
  category: z.string(),
  quantityApproved: count,
  dateNeeded: calendarDate,
  dateExpectedReturn: calendarDate,
  overdueDays: count,
});
export type UnreturnedItemDto = z.infer<typeof unreturnedItemSchema>;
export const unreturnedList = pageOf(unreturnedItemSchema).extend({ totalQuantity: count });
export type UnreturnedList = z.infer<typeof unreturnedList>;

/** What every request action answers: the spec's sentence and the request as it now is. */
export const requestResult = messageResult.extend({ request: borrowRequestSchema });
export type ActionResult = z.infer<typeof requestResult>;
/** A reminder also says whom it reminded of what. */
export const reminderResult = requestResult.extend({ detail: z.string() });
export type ReminderResult = z.infer<typeof reminderResult>;
/** The automatic return reminders: when they go out, and what the last run sent. */
export const reminderSchedule = z.object({
  /** Campus time of the daily run (HH:MM); null when switched off. */
  time: z.string().nullable(),
  repeatDays: z.number().int(),
  lastRun: z
    .object({
      runOn: z.string(),
      startedAt: z.string(),
      borrowers: z.number().int(),
      loans: z.number().int(),
      overdue: z.number().int(),
      /** Loans due before the next open day of the office calendar (earlier runs: due tomorrow). */
      dueSoon: z.number().int(),
      /** The office was closed that day, so no one was reminded (docs/decisions/office-calendar.md). */
      officeClosed: z.boolean(),
    })
    .nullable(),
});
export type ReminderSchedule = z.infer<typeof reminderSchedule>;
export const recordResult = messageResult.extend({ record: borrowRecordSchema });
export type RecordResult = z.infer<typeof recordResult>;
export const oneRequest = z.object({
  request: borrowRequestSchema,
  /** What the office found when it verified the return (docs/decisions/return-conditions.md); empty before, or when all came back good unrecorded. */
  conditions: z.array(returnConditionSchema),
  /** Problems the borrower reported during the loan, open and resolved (docs/decisions/loan-problems.md). */
  problems: z.array(loanProblemSchema),
});
export type OneRequest = z.infer<typeof oneRequest>;

// ---- availability by date (docs/decisions/reservations.md) ----

export const availabilityQuery = z.object({
  /** Item ids, comma-separated: the items of a cart, or one item's calendar. */
  items: text().max(2000).default(''),
  from: text().max(20).default(''),
  to: text().max(20).default(''),
  /** Hours on the first and last day (HH:MM, both or neither): what is free while a booking would hold them. */
  fromTime: text().max(10).default(''),
  toTime: text().max(10).default(''),
});
export type AvailabilityParams = z.infer<typeof availabilityQuery>;

export const availabilityResult = z.object({
  /** The first day answered: the date asked, or today when that is past (the past is not lent). */
  from: calendarDate,
  to: calendarDate,
  items: z.array(
    z.object({
      itemId: z.number().int(),
      name: z.string(),
      /** The least free on any day of the span: what a request for all of it can have. */
      free: count,
      days: z.array(z.object({ date: calendarDate, free: count })),
    }),
  ),
});
export type AvailabilityDto = z.infer<typeof availabilityResult>;

/** Hand Out a reservation: the asset tags of the units that go out, for its tracked lines (as at approval). */
export const handOutBody = z.object({ units: z.array(text().max(200)).max(1000).default([]) }).default({ units: [] });

// ---- the office's day and week (docs/decisions/reservations.md) ----

export const officeCalendarQuery = z.object({
  /** Any day: the day view shows it; the week view its Monday-to-Sunday week. */
  date: text().max(20).default(''),
  view: z.enum(['day', 'week']).default('day'),
});

/** A request as the office's day and week name it: whose, and what it takes out or brings back ("2 x Projector"). */
export const calendarRequest = z.object({
  id: z.number().int(),
  code: z.string(),
  status: z.enum(REQUEST_STATUSES),
  requesterName: z.string(),
  bookAhead: z.boolean(),
  handedOutAt: isoTime.nullable(),
  dateNeeded: calendarDate,
  dateExpectedReturn: calendarDate,
  timeFrom: z.string().nullable(),
  timeTo: z.string().nullable(),
  /** Per line with something in it: what a booking not handed out holds, otherwise what was lent, and its units. */
  holds: z.array(z.object({ name: z.string(), quantity: z.number().int(), units: z.array(z.string()) })),
});
export type CalendarRequestDto = z.infer<typeof calendarRequest>;

export const officeCalendarResult = z.object({
  from: calendarDate,
  to: calendarDate,
  today: calendarDate,
  days: z.array(
    z.object({
      date: calendarDate,
      /** Requests (ids in `requests`) to hand out or be collected that day: in the week view at most 10. */
      goingOut: z.array(z.number().int()),
      /** How many go out that day, all of them. */
      goingOutTotal: z.number().int(),
      /** Loans due back that day: in the week view at most 10. */
      comingBack: z.array(z.number().int()),
      /** How many are due back that day, all of them. */
      comingBackTotal: z.number().int(),
      /** Loans out whose expected return is before the day (from today on): at most 20, the longest overdue first. */
      overdue: z.array(z.number().int()),
      /** How many loans are overdue that day, all of them. */
      overdueTotal: z.number().int(),
    }),
  ),
  requests: z.array(calendarRequest),
});
export type OfficeCalendarDto = z.infer<typeof officeCalendarResult>;

// ---- recurring bookings (docs/decisions/reservations.md) ----

export const seriesBody = z.object({
  purpose: line().max(20_000).default(''),
  items: z
    .array(z.object({ itemId: id, quantity: z.coerce.number().max(100_000) }))
    .max(100)
    .default([]),
  pattern: seriesPattern,
  /** Every date's hours ("every Tuesday 13:00-16:00"); empty: whole days. */
  ...bookingTimes,
});
export type SeriesBody = z.infer<typeof seriesBody>;

const seriesDate = z.object({
  date: calendarDate,
  /** Why the date cannot be booked: the office closed, or the items not free (with what is free); null when free. */
  problem: z.string().nullable(),
  conflicts: z.array(
    z.object({
      itemId: z.number().int(),
      itemName: z.string(),
      wanted: count,
      days: z.array(z.object({ date: calendarDate, free: count })),
      hours: z.string().optional(),
    }),
  ),
});

export const seriesPreview = z.object({ dates: z.array(seriesDate) });
export const seriesResult = z.object({
  message: z.string(),
  seriesId: z.number().int(),
  /** One booked-ahead request per free date, each its own loan once approved and handed out. */
  requests: z.array(borrowRequestSchema),
  /** The dates not booked, with why. */
  skipped: z.array(seriesDate),
});

export const seriesApproveBody = z.object({
  requests: z.array(id).max(100).default([]),
  /** Approve every pending date of the series (then `requests` is not needed). */
  all: z.boolean().default(false),
});
/** A weekly series' dates, for the office's Approve Dates: each date's request, first date first. */
export const seriesDates = z.object({
  seriesId: z.number().int(),
  dates: z.array(
    z.object({
      id: z.number().int(),
      code: z.string(),
      dateNeeded: calendarDate,
      dateExpectedReturn: calendarDate,
      timeFrom: z.string().nullable(),
      timeTo: z.string().nullable(),
      status: z.string(),
    }),
  ),
});
export type SeriesDatesDto = z.infer<typeof seriesDates>;
export const seriesDecision = z.object({
  message: z.string(),
  approved: z.array(z.number().int()),
  /** Dates the office chose that could not be approved (taken meanwhile, stock gone), with why. */
  refused: z.array(z.object({ id: z.number().int(), date: calendarDate, code: z.string(), message: z.string() })),
  /** The series' other pending dates, rejected. */
  rejected: z.array(z.number().int()),
});
