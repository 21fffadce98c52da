/** The repairs API contract: what the report form, the assign form and the personnel send, and what the lists answer. */
import { z } from 'zod';
import {
  calendarDate,
  count,
  countsOf,
  id,
  idParam,
  isoTime,
  line,
  messageResult,
  pageOf,
  pagingQuery,
  prose,
  text,
} from '../common/schemas';
import { isCalendarDate, WEEKDAYS } from '../time';
import { OFFICE_PLACE } from './damage';
import { TARGET_UNITS } from './deadlines';
import {
  DUE_FILTERS,
  PRIORITIES,
  RATING_COMMENT_MAX,
  RATING_MAX,
  RATING_MIN,
  REPAIR_SORTS,
  REPAIR_STATUSES,
  REPAIR_TABS,
  RETIRE_REASON_MAX,
} from './rules';

// ---- in ----

/** The report form's fields; its rules and messages are checked by the service, in the form's order (rules.ts). */
export const repairReportBody = z.object({
  building: line().max(1000).default(''),
  room: line().max(1000).default(''),
  priority: z.enum(PRIORITIES).default('medium'),
  day: text().max(20).default(''),
  timeStart: text().max(20).default(''),
  timeEnd: text().max(20).default(''),
  issueDescription: text().max(20_000).default(''),
});
export type RepairReportInput = z.infer<typeof repairReportBody>;

// The form rule (rules.ts) refuses a negative amount or a third decimal in words; this only bounds the body.
const money = z.number().max(10_000_000).nullable().default(null);
const maybeTime = text().max(20).nullable().default(null);

/** Assign (pending reports) and Edit (any report) by an administrator (docs/product.md). */
export const assignmentBody = z.object({
  status: z.enum(REPAIR_STATUSES).optional(),
  assignedTo: id.optional(),
  adminNotes: prose().max(20_000).default(''),
  estimatedCost: money,
  day: z.enum(WEEKDAYS).nullable().default(null),
  timeStart: maybeTime,
  timeEnd: maybeTime,
  /** Completing (status completed): the work description and the actual cost; left out, the report's own. */
  workDescription: prose().max(20_000).optional(),
  actualCost: z.number().max(10_000_000).nullable().optional(),
});
export type AssignmentInput = z.infer<typeof assignmentBody>;

/** The personnel's Update dialog: their notes, the actual cost, and the Date Completed of a completed report (the status moves only with proof). */
export const workBody = z.object({
  personnelNotes: text().max(20_000).default(''),
  actualCost: money,
  dateCompleted: text()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD')
    .refine(isCalendarDate, 'a real calendar date')
    .optional(),
});
export type WorkInput = z.infer<typeof workBody>;

export const ratingBody = z.object({
  stars: z.coerce.number().int().min(RATING_MIN).max(RATING_MAX),
  comment: prose().trim().max(RATING_COMMENT_MAX).default(''),
});
export type RatingInput = z.infer<typeof ratingBody>;

export const repairsQuery = z.object({
  ...pagingQuery,
  status: z.enum(REPAIR_TABS).default('all'),
  /**
   * Only the reports about this building's rooms, or this room (docs/decisions/locations.md); `office`: those done
   * at the office's own counter (equipment damage found at a return), which is not a building of the list.
   */
  building: z.union([idParam, z.literal(OFFICE_PLACE)]).optional(),
  room: idParam.optional(),
  /** The office's order, or the deadline that runs now first (docs/decisions/repair-deadlines.md). */
  sort: z.enum(REPAIR_SORTS).default('board'),
  /** Only the reports whose running deadline has passed, or is due soon. */
  due: z.enum(DUE_FILTERS).optional(),
});
export type RepairsParams = z.infer<typeof repairsQuery>;

// ---- out ----

/** Equipment damage found at a return that opened the report (docs/decisions/return-conditions.md). */
const damageSchema = z.object({
  requestId: z.number().int().nullable(),
  /** REQ-{id} of the loan, or null when the request is gone. */
  requestCode: z.string().nullable(),
  itemId: z.number().int().nullable(),
  itemName: z.string(),
  /** The unit's asset tag (tracked items), else null. */
  unitTag: z.string().nullable(),
  quantity: z.number().int(),
  borrowerId: z.number().int().nullable(),
  /** "Deleted user" when the account is gone. */
  borrowerName: z.string(),
  /** GET this for the photo taken at the return. */
  photoUrl: z.string().nullable(),
  /** The trade administrators set for the item's category (JOB_TYPES). */
  suggestedTrade: z.string().nullable(),
  /** repaired (back in stock) or retired (beyond repair); null while open. */
  outcome: z.enum(['repaired', 'retired']).nullable(),
});
export type DamageDto = z.infer<typeof damageSchema>;

export const repairReportSchema = z
  .object({
    id: z.number().int(),
    /** RPR-{id} */
    code: z.string(),
    status: z.enum(REPAIR_STATUSES),
    priority: z.enum(PRIORITIES),
    building: z.string(),
    room: z.string(),
    issueDescription: z.string(),
    reporterId: z.number().int().nullable(),
    /** "Deleted user" when the account is gone. */
    reporterName: z.string(),
    /** The reporter's preferred day and times (kept as they were asked for, whatever the office schedules). */
    day: z.enum(WEEKDAYS).nullable(),
    timeStart: z.string().nullable(),
    timeEnd: z.string().nullable(),
    /** The slot the office scheduled the work in; null while none is chosen (the preference stands in for it). */
    scheduled: z.object({ day: z.enum(WEEKDAYS), timeStart: z.string().nullable(), timeEnd: z.string().nullable() }).nullable(),
    dateReported: isoTime,
    assignedTo: z.number().int().nullable(),
    assignedName: z.string().nullable(),
    assignedJobType: z.string().nullable(),
    dateScheduled: isoTime.nullable(),
    startedAt: isoTime.nullable(),
    completedAt: isoTime.nullable(),
    /** The campus day the work was finished (the personnel may correct it). */
    dateCompleted: calendarDate.nullable(),
    adminNotes: z.string(),
    personnelNotes: z.string(),
    workDescription: z.string(),
    /** Pesos, two decimals. */
    estimatedCost: z.number().nullable(),
    actualCost: z.number().nullable(),
    /** The proof of work: the completion photo, else the photo taken when the work started. */
    proofUrl: z.string().nullable(),
    /** The photo taken when the work started (before). */
    startProofUrl: z.string().nullable(),
    /** The photo taken when the work was completed (after); null until then. */
    completionProofUrl: z.string().nullable(),
    /** The reporter's photo of the problem, when they attached one. */
    issuePhotoUrl: z.string().nullable(),
    rating: z.number().int().nullable(),
    ratingComment: z.string().nullable(),
    ratedAt: isoTime.nullable(),
    /** The room on the list the report names (docs/decisions/locations.md), and its code; null when not known. */
    roomId: z.number().int().nullable(),
    roomCode: z.string().nullable(),
    /** How many people follow the report (docs/decisions/rooms-and-followers.md). */
    followers: count,
    /**
     * The deadlines (docs/decisions/repair-deadlines.md): respond by (the first assignment) and fix by (completed),
     * each with the instant it becomes due soon; null on reports made before the targets existed.
     */
    respondBy: isoTime.nullable(),
    respondSoon: isoTime.nullable(),
    fixBy: isoTime.nullable(),
    fixSoon: isoTime.nullable(),
    /** On hold since when and why: the clock is stopped until the work resumes; null while the work goes on. */
    onHold: z.object({ since: isoTime, reason: z.string() }).nullable(),
    /** The equipment damage the report is about, when a return opened it; else null. */
    damage: damageSchema.nullable(),
  })
  .meta({ id: 'RepairReport' });
export type RepairReportDto = z.infer<typeof repairReportSchema>;

export const repairCounts = countsOf(REPAIR_TABS);
export type RepairCounts = z.infer<typeof repairCounts>;

export const repairList = pageOf(repairReportSchema).extend({
  /** Reports per tab among the search's matches. */
  counts: repairCounts,
  /** Reports per tab over the whole list, whatever the search (the summary cards). */
  stats: repairCounts,
  /** Reports of high priority not yet completed, over the whole list (the fifth counter). */
  highPriority: count,
});
export type RepairList = z.infer<typeof repairList>;

export const repairResult = messageResult.extend({ report: repairReportSchema });
export type RepairResult = z.infer<typeof repairResult>;
export const oneRepair = z.object({ report: repairReportSchema });
export type OneRepair = z.infer<typeof oneRepair>;

// ---- a room's reports and following (docs/decisions/rooms-and-followers.md) ----

export const ROOM_REPORT_TABS = ['open', 'past'] as const;
export type RoomReportTab = (typeof ROOM_REPORT_TABS)[number];
/** A room's reports for the office: open (pending, scheduled, in progress) or past (completed), newest first. */
export const roomReportsQuery = z.object({ ...pagingQuery, show: z.enum(ROOM_REPORT_TABS).default('open') });
export type RoomReportsParams = z.infer<typeof roomReportsQuery>;
export const roomReportList = pageOf(repairReportSchema).extend({ counts: countsOf(ROOM_REPORT_TABS) });
export type RoomReportList = z.infer<typeof roomReportList>;

/** An open report of a room as a faculty member sees another's: what, its status and when; no reporter. */
const roomOpenReport = z
  .object({
    id: z.number().int(),
    code: z.string(),
    status: z.enum(REPAIR_STATUSES),
    issueDescription: z.string(),
    dateReported: isoTime,
    followers: count,
    /** The reader follows it. */
    following: z.boolean(),
    /** The reader reported it (not to be followed). */
    mine: z.boolean(),
  })
  .meta({ id: 'RoomOpenReport' });
export type RoomOpenReportDto = z.infer<typeof roomOpenReport>;
/** At most the 50 newest open reports of the room; `total` counts them all. */
export const roomOpenReports = z.object({ items: z.array(roomOpenReport), total: count });
export type RoomOpenReports = z.infer<typeof roomOpenReports>;

export const followResult = messageResult.extend({ following: z.boolean(), followers: count });
export type FollowResult = z.infer<typeof followResult>;

/** The personnel an administrator can assign, with the ratings their completed work received. */
export const assignablePersonnel = z.object({
  items: z.array(
    z.object({
      id: z.number().int(),
      fullName: z.string(),
      jobType: z.string().nullable(),
      ratings: count,
      /** Average stars, one decimal; null before the first rating. */
      averageRating: z.number().nullable(),
    }),
  ),
});
export type AssignablePersonnel = z.infer<typeof assignablePersonnel>;

// ---- targets (docs/decisions/repair-deadlines.md) ----

/** One promise: an amount of working hours or working days; checked by repairTargetsForm (core/repairs/deadlines.ts). */
const targetBody = z.object({ amount: z.number().max(1_000_000), unit: z.enum(TARGET_UNITS) });
const priorityTargetsBody = z.object({ respond: targetBody, fix: targetBody });
/** Every priority's response and fix targets. */
export const repairTargetsBody = z
  .object({ high: priorityTargetsBody, medium: priorityTargetsBody, low: priorityTargetsBody })
  .meta({ id: 'RepairTargets' });
export const repairTargetsResult = z.object({ message: z.string(), targets: repairTargetsBody });

/** Put on Hold: why the work waits (waiting for parts, no access to the room, ...). */
export const holdBody = z.object({ reason: line().max(1000) });
/** The office closes an equipment-damage report with the equipment retired (docs/decisions/return-conditions.md). */
export const retireBody = z.object({ reason: line().trim().max(RETIRE_REASON_MAX) });

// ---- the timeline (docs/decisions/repair-deadlines.md) ----

export const repairTimeline = z
  .object({
    items: z.array(
      z.object({
        id: z.number().int(),
        /** The step's name: Reported, Assigned, Started, On hold, Resumed, Completed, Rated... */
        step: z.string(),
        at: isoTime,
        /** Who did it; null for the office's own runs. */
        who: z.string().nullable(),
        /** The step in words, as the activity log has it (to whom, when, why). */
        text: z.string(),
        /** The photo taken at that step (started: before; completed: after), when there is one. */
        photoUrl: z.string().nullable(),
        /** On the Completed step: the work description, what was done; null on the other steps. */
        workDescription: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: 'RepairTimeline' });
export type RepairTimelineDto = z.infer<typeof repairTimeline>;

// ---- kept promises (docs/decisions/repair-deadlines.md) ----

export const keptPromisesQuery = z.object({ days: z.enum(['30', '90']).default('30') });
const promiseMeasure = z.object({
  measured: count,
  inTime: count,
  share: z.number().int().nullable(),
  medianHours: z.number().nullable(),
});
const promiseGroup = z.object({ key: z.string(), label: z.string(), reports: count, respond: promiseMeasure, fix: promiseMeasure });
export const keptPromisesFigures = z
  .object({
    days: z.number().int(),
    /** The first instant counted: reports made since then. */
    from: isoTime,
    all: promiseGroup,
    byPriority: z.array(promiseGroup),
    byTrade: z.array(promiseGroup),
  })
  .meta({ id: 'KeptPromises' });
export type KeptPromisesDto = z.infer<typeof keptPromisesFigures>;
