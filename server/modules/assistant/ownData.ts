/**
 * The signed-in person's own requests, reports and week, for the assistant. Reached only through the
 * borrowing, repairs and schedule modules' exported query functions; every answer is the caller's own.
 */
import type { ChatLink } from '../../../core/assistant/schemas';
import { REQUEST_STATUS_LABELS } from '../../../core/borrowing/rules';
import type { BorrowRequestDto } from '../../../core/borrowing/schemas';
import { ASSISTANT_MSG } from '../../../core/messages';
import { REPAIR_STATUS_LABELS } from '../../../core/repairs/rules';
import type { RepairList, RepairReportDto } from '../../../core/repairs/schemas';
import { formatCalendarDate, formatDayIn, todayIn } from '../../../core/time';
import type { Ctx } from '../../context';
import type { Account } from '../../db/schema';
import { findRequest, myRequests } from '../borrowing';
import { assignedRepairs, findRepair, myRepairs } from '../repairs';
import { weekSchedule } from '../schedule';

export interface Answer {
  text: string;
  links: ChatLink[];
  /** What a model's tool call gets back. */
  data: unknown;
}

const REQUESTS_LINK: ChatLink = { label: 'Open Requests', href: '/users/requests' };
const MY_REPAIRS_LINK: ChatLink = { label: 'Open Report Repairs', href: '/users/report-repairs' };
const ASSIGNED_LINK: ChatLink = { label: 'Open Maintenance Repairs', href: '/personnel/maintenance-repairs' };
const SCHEDULE_LINK: ChatLink = { label: 'Open Schedule', href: '/personnel/schedule' };

function requestNextStep(r: BorrowRequestDto): string {
  switch (r.status) {
    case 'pending':
      return 'Next: wait for the office to approve it (usually 1-2 business days). You can still cancel it under Requests.';
    case 'approved':
      return r.overdueDays > 0
        ? `It is overdue by ${r.overdueDays} day${r.overdueDays === 1 ? '' : 's'}: return the items as soon as possible and upload proof of return under Requests.`
        : `Next: return the items by ${formatCalendarDate(r.dateExpectedReturn)} and upload proof of return under Requests.`;
    case 'returned':
      return 'Next: the office checks your proof of return and completes the request.';
    case 'completed':
      return 'Nothing more to do: the request is completed.';
    case 'rejected':
      return `It was rejected${r.rejectReason ? `: ${r.rejectReason}` : ''}. You may submit a new request from Borrow.`;
    default:
      return 'It was cancelled; nothing more to do.';
  }
}

/**
 * Dates in answers as on every screen: the campus day in the product's style ("Nov 12, 2026"), also in what a
 * model is given, so it does not answer with ISO dates (docs/decisions/calendar-dates.md).
 */
const day = (ctx: Ctx, iso: string) => formatDayIn(iso, ctx.config.campusTimeZone);

const requestLine = (ctx: Ctx, r: BorrowRequestDto) =>
  `${r.code} (${r.items.map((i) => `${i.name} x${i.quantityRequested}`).join(', ') || 'no items'}): ${REQUEST_STATUS_LABELS[r.status]}; ` +
  `requested ${day(ctx, r.dateRequested)}, needed ${formatCalendarDate(r.dateNeeded)}, expected return ${formatCalendarDate(r.dateExpectedReturn)}. ${requestNextStep(r)}`;

const requestData = (ctx: Ctx, r: BorrowRequestDto) => ({
  code: r.code,
  status: r.status,
  items: r.items.map((i) => ({ name: i.name, requested: i.quantityRequested, approved: i.quantityApproved })),
  purpose: r.purpose,
  dateRequested: day(ctx, r.dateRequested),
  dateNeeded: formatCalendarDate(r.dateNeeded),
  expectedReturn: formatCalendarDate(r.dateExpectedReturn),
  overdueDays: r.overdueDays,
  rejectReason: r.rejectReason,
  nextStep: requestNextStep(r),
  link: REQUESTS_LINK.href,
});

function repairNextStep(r: RepairReportDto): string {
  switch (r.status) {
    case 'pending':
      return 'Next: the office assigns personnel (maintenance takes 3-5 business days; emergencies get 24-hour priority).';
    case 'scheduled': {
      const slot = r.scheduled ?? r; // the slot the office chose, else the preference
      return `Next: ${r.assignedName ?? 'the assigned personnel'} does the work${slot.day ? ` on ${slot.day}` : ''}${slot.timeStart ? ` from ${slot.timeStart}` : ''}.`;
    }
    case 'in-progress':
      return `The work is under way${r.assignedName ? ` by ${r.assignedName}` : ''}.`;
    default:
      return `Completed${r.dateCompleted ? ` on ${formatCalendarDate(r.dateCompleted)}` : ''}.${r.rating === null ? ' You can rate the work under Report Repairs.' : ''}`;
  }
}

const repairLine = (ctx: Ctx, r: RepairReportDto) =>
  `${r.code} (${r.building}, ${r.room}: ${r.issueDescription.slice(0, 80)}): ${REPAIR_STATUS_LABELS[r.status]}, ${r.priority} priority; ` +
  `reported ${day(ctx, r.dateReported)}. ${repairNextStep(r)}`;

const repairData = (ctx: Ctx, r: RepairReportDto, link: string) => ({
  code: r.code,
  status: r.status,
  priority: r.priority,
  building: r.building,
  room: r.room,
  issue: r.issueDescription,
  dateReported: day(ctx, r.dateReported),
  assignedTo: r.assignedName,
  day: r.day,
  time: r.timeStart && r.timeEnd ? `${r.timeStart}-${r.timeEnd}` : null,
  dateCompleted: r.dateCompleted && formatCalendarDate(r.dateCompleted),
  nextStep: repairNextStep(r),
  link,
});

const today = (ctx: Ctx) => todayIn(ctx.config.campusTimeZone);

/** My borrow requests: the open ones first (pending, approved, returned), else the latest. */
export async function myRequestsAnswer(ctx: Ctx, me: Account): Promise<Answer> {
  const list = await myRequests(ctx, me.id, { page: 1, pageSize: 20, status: 'all' });
  if (!list.items.length) return { text: ASSISTANT_MSG.chatNoRequests, links: [], data: { requests: [] } };
  const open = list.items.filter((r) => ['pending', 'approved', 'returned'].includes(r.status));
  const shown = (open.length ? open : list.items).slice(0, 5);
  const head = open.length
    ? `You have ${open.length} open request${open.length === 1 ? '' : 's'}:`
    : `You have no open requests. Your latest request${shown.length === 1 ? '' : 's'}:`;
  return {
    text: [head, ...shown.map((r) => `- ${requestLine(ctx, r)}`)].join('\n'),
    links: [REQUESTS_LINK],
    data: { total: list.stats.all, open: open.length, requests: shown.map((r) => requestData(ctx, r)) },
  };
}

/** One request by its REQ or BRW number, only when it is the caller's own. */
export async function requestAnswer(ctx: Ctx, me: Account, id: number, code: string): Promise<Answer> {
  const r = await findRequest(ctx.db, id, today(ctx));
  if (!r || r.requesterId !== me.id) return { text: ASSISTANT_MSG.chatRequestNotFound(code), links: [], data: { found: false } };
  return { text: requestLine(ctx, r), links: [REQUESTS_LINK], data: { found: true, request: requestData(ctx, r) } };
}

/** My repair reports (faculty), or the reports assigned to me (personnel). */
export async function myRepairsAnswer(ctx: Ctx, me: Account): Promise<Answer> {
  const personnel = me.role === 'personnel';
  const q = { page: 1, pageSize: 20, status: 'all' as const, sort: 'board' as const };
  const list: RepairList = JSON.parse(personnel ? await assignedRepairs(ctx, me.id, q) : await myRepairs(ctx, me.id, q));
  const link = personnel ? ASSIGNED_LINK : MY_REPAIRS_LINK;
  if (!list.items.length)
    return { text: personnel ? ASSISTANT_MSG.chatNothingAssigned : ASSISTANT_MSG.chatNoRepairs, links: [], data: { reports: [] } };
  const open = list.items.filter((r) => r.status !== 'completed');
  const shown = (open.length ? open : list.items).slice(0, 5);
  const head = personnel
    ? `${open.length} open repair${open.length === 1 ? ' is' : 's are'} assigned to you:`
    : open.length
      ? `You have ${open.length} open repair report${open.length === 1 ? '' : 's'}:`
      : 'All your repair reports are completed. The latest:';
  return {
    text: [head, ...shown.map((r) => `- ${repairLine(ctx, r)}`)].join('\n'),
    links: [link],
    data: { open: open.length, reports: shown.map((r) => repairData(ctx, r, link.href)) },
  };
}

/** One report by its RPR number: the reporter's own, or assigned to the caller. */
export async function repairAnswer(ctx: Ctx, me: Account, id: number, code: string): Promise<Answer> {
  const r = await findRepair(ctx.db, id);
  const mine = r && (r.reporterId === me.id || (me.role === 'personnel' && r.assignedTo === me.id));
  if (!r || !mine) return { text: ASSISTANT_MSG.chatRepairNotFound(code), links: [], data: { found: false } };
  const link = r.reporterId === me.id ? MY_REPAIRS_LINK : ASSIGNED_LINK;
  return { text: repairLine(ctx, r), links: [link], data: { found: true, report: repairData(ctx, r, link.href) } };
}

/** Personnel: what is assigned to me this week (schedule entries and repair work). */
export async function myWeekAnswer(ctx: Ctx, me: Account): Promise<Answer> {
  const week = await weekSchedule(ctx, me);
  const mine = week.days.flatMap((d) => d.items.filter((it) => it.mine));
  if (!mine.length)
    return {
      text: ASSISTANT_MSG.chatNothingAssigned,
      links: [SCHEDULE_LINK],
      data: { week: formatCalendarDate(week.weekStart), tasks: [] },
    };
  const lines = mine.map(
    (it) =>
      `- ${it.day}, ${formatCalendarDate(it.date)}${it.startTime ? ` ${it.startTime}${it.endTime ? `-${it.endTime}` : ''}` : ''}: ${it.workType} at ${it.building}${it.location ? `, ${it.location}` : ''} (${it.status})`,
  );
  return {
    text: [
      `This week (${formatCalendarDate(week.weekStart)} to ${formatCalendarDate(week.weekEnd)}) you have ${mine.length} task${mine.length === 1 ? '' : 's'}:`,
      ...lines,
    ].join('\n'),
    links: [SCHEDULE_LINK],
    data: {
      weekStart: formatCalendarDate(week.weekStart),
      weekEnd: formatCalendarDate(week.weekEnd),
      tasks: mine.map((it) => ({
        day: it.day,
        date: formatCalendarDate(it.date),
        time: it.startTime,
        work: it.workType,
        code: it.code,
        place: `${it.building} ${it.location}`.trim(),
        status: it.status,
      })),
    },
  };
}
