/** The weekly schedule's API contract: the week asked for, the entry the Add Schedule dialog sends, the week answered. */
import { z } from 'zod';
import { calendarDate, count, countsOf, id, isoTime, line, messageResult, pagingQuery, text } from '../common/schemas';
import { PRIORITIES } from '../repairs/rules';
import { isCalendarDate, WEEKDAYS } from '../time';
import { SCHEDULE_KINDS, SCHEDULE_STATUSES } from './rules';

// ---- in ----

const weekText = text()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD')
  .refine(isCalendarDate, 'a real calendar date')
  .meta({ description: 'the date of a Monday (any day of the week names its week), YYYY-MM-DD' });

/** ?week= the week's Monday; this week in the campus time zone when left out. */
export const scheduleWeekQuery = z.object({ week: weekText.optional() });
export type ScheduleWeekQuery = z.infer<typeof scheduleWeekQuery>;

/** ?date= one day of a week, with ?page=&pageSize= over its items. */
export const scheduleDayQuery = z.object({
  date: text()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD')
    .refine(isCalendarDate, 'a real calendar date')
    .meta({ description: 'the day, YYYY-MM-DD' }),
  page: pagingQuery.page,
  pageSize: pagingQuery.pageSize,
});
export type ScheduleDayQuery = z.infer<typeof scheduleDayQuery>;

/** Add Schedule (docs/product.md): its rules and messages are checked by the service, in the form's order (rules.ts). */
export const scheduleEntryBody = z.object({
  /** The week the entry goes on; this week when left out. */
  week: weekText.optional(),
  day: text().max(20).default(''),
  startTime: text().max(20).default(''),
  endTime: text().max(20).default(''),
  workType: text().max(1000).default(''),
  /** The personnel account the entry is tied to (chosen from the personnel list). */
  personnelId: id.nullable().default(null),
  location: line().max(1000).default(''),
  building: line().max(1000).default(''),
  priority: z.enum(PRIORITIES).default('medium'),
  issueDescription: text().max(20_000).default(''),
  /** Saves even when the person is already scheduled at that time; without it such a save answers 409 schedule_clash. */
  confirmClash: z.boolean().default(false),
});
export type ScheduleEntryInput = z.input<typeof scheduleEntryBody>;
export type ScheduleEntryValues = z.infer<typeof scheduleEntryBody>;

/** Edit Schedule: the Add Schedule body (its week the entry's own when left out), and the status to mark it with. */
export const scheduleEntryUpdateBody = scheduleEntryBody.extend({
  status: z.enum(SCHEDULE_STATUSES).optional(),
});
export type ScheduleEntryUpdateInput = z.input<typeof scheduleEntryUpdateBody>;
export type ScheduleEntryUpdateValues = z.infer<typeof scheduleEntryUpdateBody>;

// ---- out ----

/** Tasks per status, each under its own name (docs/decisions/schedule-summary.md). */
const scheduleStatusCounts = countsOf(SCHEDULE_STATUSES);

const scheduleItemSchema = z
  .object({
    /** Unique within the week: "entry-3", "repair-12". */
    key: z.string(),
    kind: z.enum(SCHEDULE_KINDS),
    /** The entry's id, or the repair report's. */
    id: z.number().int(),
    /** RPR-{id} for repair work; null for an entry. */
    code: z.string().nullable(),
    date: calendarDate,
    day: z.enum(WEEKDAYS),
    startTime: z.string().nullable(),
    endTime: z.string().nullable(),
    workType: z.string(),
    issueDescription: z.string(),
    priority: z.enum(PRIORITIES),
    personnelId: z.number().int().nullable(),
    /** Null when no one is assigned (or the account is gone): the slot shows an assign-personnel prompt. */
    personnelName: z.string().nullable(),
    location: z.string(),
    building: z.string(),
    /**
     * The room on the list a repair's report names, with its code and name (docs/decisions/rooms-and-followers.md);
     * null for an entry, or a report whose room is not known.
     */
    room: z.object({ id: z.number().int(), code: z.string(), name: z.string() }).nullable(),
    status: z.enum(SCHEDULE_STATUSES),
    /** The signed-in person's own task ('Your Task'). */
    mine: z.boolean(),
    /** A repair's fix-by deadline (docs/decisions/repair-deadlines.md): the slot is marked overdue past it; null for an entry. */
    fixBy: isoTime.nullable(),
  })
  .meta({ id: 'ScheduleItem' });
export type ScheduleItem = z.infer<typeof scheduleItemSchema>;

const scheduleDay = z.object({
  day: z.enum(WEEKDAYS),
  date: calendarDate,
  isToday: z.boolean(),
  /** The day's first SCHEDULE_DAY_SHOWN items by start time (the viewer's own tasks always among them). */
  items: z.array(scheduleItemSchema),
  /** Every item of the day; more than `items` holds means the rest are read with GET /api/schedule/day. */
  count,
});
export type ScheduleDay = z.infer<typeof scheduleDay>;

export const scheduleWeek = z
  .object({
    weekStart: calendarDate,
    weekEnd: calendarDate,
    /** Today in the campus time zone. */
    today: calendarDate,
    isCurrentWeek: z.boolean(),
    previousWeek: calendarDate,
    nextWeek: calendarDate,
    /** The week grouped by weekday, Monday first; each day's items by start time. */
    days: z.array(scheduleDay),
    total: count,
    /** The office's cards (docs/product.md): Pending Tasks is `byStatus.pending`, each other status beside it. */
    summary: z.object({ totalTasks: count, activePersonnel: count, locations: count, byStatus: scheduleStatusCounts }),
    /** The personnel's counters (docs/product.md), each status under its own name; null for administrators. */
    mine: z.object({ tasks: count, byStatus: scheduleStatusCounts }).nullable(),
  })
  .meta({ id: 'ScheduleWeek' });
export type ScheduleWeek = z.infer<typeof scheduleWeek>;

/** One day's items by start time, a page of them (the day card's Show all). */
export const scheduleDayItems = z
  .object({ day: z.enum(WEEKDAYS), date: calendarDate, items: z.array(scheduleItemSchema), total: count })
  .meta({ id: 'ScheduleDayItems' });
export type ScheduleDayItems = z.infer<typeof scheduleDayItems>;

export const scheduleEntryResult = messageResult.extend({ entry: scheduleItemSchema });
export type ScheduleEntryResult = z.infer<typeof scheduleEntryResult>;

/** The personnel an entry can be tied to. */
export const schedulePersonnel = z.object({
  items: z.array(z.object({ id: z.number().int(), fullName: z.string(), jobType: z.string().nullable() })),
});
export type SchedulePersonnel = z.infer<typeof schedulePersonnel>;
