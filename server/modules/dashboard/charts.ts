/**
 * The dashboards' charts (docs/decisions/dashboard-charts.md). Counts per week are grouped by the
 * database (the week's number from the period's first Monday, on both dialects), each read through an index on the
 * time it counts; the answers are kept per process while nothing they show changes (server/lib/listCache.ts), keyed
 * by the period and today's date, and the viewer where the figures are the viewer's own.
 */
import { REQUEST_STATUSES, type RequestStatus } from '../../../core/borrowing/rules';
import { chartWindow, type ChartPeriod, type ChartWindow } from '../../../core/dashboard/charts';
import type { OfficeChartsDto, PersonnelChartsDto, UserChartsDto } from '../../../core/dashboard/schemas';
import { jobTypeLabel } from '../../../core/repairs/damage';
import { PRIORITY_LABELS, PRIORITY_ORDER } from '../../../core/repairs/rules';
import { addDays, startOfDayUtc, todayIn } from '../../../core/time';
import type { Ctx } from '../../context';
import { createListCache } from '../../lib/listCache';
import type { WeekCount } from '../../lib/weekSql';
import { lendingFigures, loanLinesIn, overdueLoansNow, requestsPerWeekByStatus, requestsPerWeekOf, type LoanLine } from '../borrowing';
import { itemNamesAndCategories } from '../inventory';
import {
  fixHoursByPriority,
  jobsPerWeekOf,
  ratingsByTrade,
  repairsClosedPerWeek,
  repairsOpenedPerWeek,
  reportsPerWeekOf,
} from '../repairs';

const round1 = (v: unknown) => (v === null || v === undefined ? null : Math.round(Number(v) * 10) / 10);

/** Per-week counts from rows of { week, n }, one figure per week of the window (weeks outside it dropped). */
function perWeek(window: ChartWindow, rows: WeekCount[]): number[] {
  const out = window.weeks.map(() => 0);
  for (const r of rows) {
    const w = Number(r.week);
    if (w >= 0 && w < out.length) out[w] += Number(r.n);
  }
  return out;
}

function windowOf(ctx: Ctx, period: ChartPeriod) {
  const tz = ctx.config.campusTimeZone;
  const window = chartWindow(period, todayIn(tz));
  return { tz, window, since: startOfDayUtc(window.from, tz) };
}

const windowFields = (w: ChartWindow) => ({
  period: w.period,
  from: w.from,
  to: w.to,
  days: w.days,
  first: w.first,
  periodDays: w.periodDays,
});

// ---- the office ----

const officeKept = createListCache<OfficeChartsDto>(['borrow_requests', 'repair_reports', 'items', 'accounts'], 20);

export function officeCharts(ctx: Ctx, period: ChartPeriod): Promise<OfficeChartsDto> {
  const { tz, window, since } = windowOf(ctx, period);
  return officeKept(ctx.db, `${period}\n${window.to}`, async () => {
    const { db, dialect } = ctx;
    const firstAt = startOfDayUtc(window.first, tz);
    const toAt = startOfDayUtc(addDays(window.to, 1), tz);
    const [byOutcome, loans, items, opened, closed, fixTime, ratings, lending, overdueNow] = await Promise.all([
      requestsPerWeekByStatus(db, dialect, since),
      loanLinesIn(db, since, window.to),
      itemNamesAndCategories(db),
      repairsOpenedPerWeek(db, dialect, since),
      repairsClosedPerWeek(db, dialect, since),
      fixHoursByPriority(db, dialect, since),
      ratingsByTrade(db, since),
      // The same counts as the reports' (Lending activity, Overdue and loss) over the same days.
      lendingFigures(db, { from: window.first, to: window.to, fromAt: firstAt, toAt }),
      overdueLoansNow(db, window.to),
    ]);

    const requestsByOutcome = window.weeks.map((w) => ({
      week: w,
      ...(Object.fromEntries(REQUEST_STATUSES.map((s) => [s, 0])) as Record<RequestStatus, number>),
    }));
    for (const r of byOutcome) {
      const row = requestsByOutcome[Number(r.week)];
      if (row && r.status in row) row[r.status as RequestStatus] += Number(r.n);
    }

    const o = perWeek(window, opened);
    const c = perWeek(window, closed);
    const fix = new Map(fixTime.map((r) => [r.priority, r]));
    const overdue = overdueByWeek(window, loans, tz);
    // This week's point is today's: the one count of loans overdue now.
    overdue[overdue.length - 1].overdue = overdueNow.loans;
    return {
      ...windowFields(window),
      requestsByOutcome,
      requests: { made: lending.total.requests, approved: lending.total.approved, rejected: lending.total.rejected },
      overdueNow: overdueNow.loans,
      usage: usage(window, loans, items, tz),
      overdue,
      repairs: window.weeks.map((w, i) => ({ week: w, opened: o[i], closed: c[i] })),
      fixTime: PRIORITY_ORDER.map((p) => ({
        priority: p,
        label: PRIORITY_LABELS[p],
        repairs: Number(fix.get(p)?.n ?? 0),
        averageHours: round1(fix.get(p)?.hours ?? null),
      })),
      ratings: ratings
        .map((r) => ({
          trade: r.job_type ?? 'none',
          label: r.job_type ? jobTypeLabel(r.job_type) : 'Not assigned',
          ratings: Number(r.n),
          average: round1(r.average),
        }))
        .sort((a, b) => a.label.localeCompare(b.label)),
    };
  });
}

/**
 * The day (0 for the window's first) of a calendar date or an ISO instant, without a time-zone conversion per row:
 * the instants each campus day of the window starts at are worked out once and compared as strings. Dates and
 * instants before the window are -1, after it `days`.
 */
function dayIndexes(window: ChartWindow, tz: string) {
  const dates = new Map<string, number>();
  const starts: string[] = [];
  for (let i = 0; i <= window.days; i++) {
    const date = addDays(window.from, i);
    dates.set(date, i);
    starts.push(startOfDayUtc(date, tz));
  }
  return {
    ofDate: (date: string) => (date < window.from ? -1 : (dates.get(date) ?? window.days)),
    ofInstant: (iso: string) => {
      let lo = 0;
      let hi = starts.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (starts[mid] <= iso) lo = mid + 1;
        else hi = mid;
      }
      return lo - 1;
    },
  };
}

function usage(window: ChartWindow, loans: LoanLine[], items: { id: number; name: string; category: string }[], tz: string) {
  type Entry = { key: string; label: string; category: string; out: Uint8Array; days: number };
  const byItem = new Map<string, Entry>();
  const byCategory = new Map<string, Entry>();
  const entry = (map: Map<string, Entry>, key: string, label: string, category: string) => {
    let e = map.get(key);
    if (!e) map.set(key, (e = { key, label, category, out: new Uint8Array(window.days), days: 0 }));
    return e;
  };
  const mark = (e: Entry, d: number) => {
    if (!e.out[d]) {
      e.out[d] = 1;
      e.days++;
    }
  };
  for (const i of items) {
    entry(byItem, String(i.id), i.name, i.category);
    entry(byCategory, i.category, i.category, i.category);
  }
  const day = dayIndexes(window, tz);
  // The period's own days (from its first day, not the Monday before): "Last 30 days" counts 30.
  const start = window.days - window.periodDays;
  for (const l of loans) {
    // Out from the day needed to the campus day it came back (both counted), or today while it is out.
    const first = Math.max(start, day.ofDate(l.date_needed));
    const last = Math.min(window.days - 1, l.returned_at ? day.ofInstant(l.returned_at) : window.days - 1);
    if (last < first) continue;
    const item = entry(byItem, l.item_id === null ? `name:${l.item_name}` : String(l.item_id), l.item_name, l.category);
    const category = entry(byCategory, l.category, l.category, l.category);
    for (let d = first; d <= last; d++) {
      mark(item, d);
      mark(category, d);
    }
  }
  const rank = (map: Map<string, Entry>) => {
    const rows = [...map.values()].map((e) => ({
      key: e.key,
      label: e.label,
      category: e.category,
      days: e.days,
      share: Math.round((e.days / window.periodDays) * 100),
    }));
    const most = rows
      .filter((r) => r.days > 0)
      .sort((a, b) => b.days - a.days || a.label.localeCompare(b.label))
      .slice(0, 5);
    // The least used are found among the others: a category is never both (with few, the list is short or empty).
    const inMost = new Set(most.map((r) => r.key));
    const least = rows
      .filter((r) => !inMost.has(r.key))
      .sort((a, b) => a.days - b.days || a.label.localeCompare(b.label))
      .slice(0, 5);
    return { most, least };
  };
  return { items: rank(byItem), categories: rank(byCategory) };
}

/** Loans overdue at the end of each week (today for this week): past their expected return and not back by then. */
function overdueByWeek(window: ChartWindow, loans: LoanLine[], tz: string) {
  const day = dayIndexes(window, tz);
  const requests = new Map<number, { expected: number; back: number }>();
  for (const l of loans)
    if (!requests.has(l.id))
      requests.set(l.id, { expected: day.ofDate(l.date_expected_return), back: l.returned_at ? day.ofInstant(l.returned_at) : Infinity });
  return window.weeks.map((w, i) => {
    const end = Math.min(i * 7 + 6, window.days - 1);
    let overdue = 0;
    for (const r of requests.values()) if (r.expected < end && r.back > end) overdue++;
    return { week: w, overdue };
  });
}

// ---- personnel: my jobs and my rating ----

const personnelKept = createListCache<PersonnelChartsDto>(['repair_reports'], 200);

export function personnelCharts(ctx: Ctx, accountId: number, period: ChartPeriod): Promise<PersonnelChartsDto> {
  const { window, since } = windowOf(ctx, period);
  return personnelKept(ctx.db, `${period}\n${window.to}\n${accountId}`, async () => {
    const { assigned, completed, rated } = await jobsPerWeekOf(ctx.db, ctx.dialect, accountId, since);
    const a = perWeek(window, assigned);
    const c = perWeek(window, completed);
    const n = perWeek(window, rated);
    const total = perWeek(
      window,
      rated.map((r) => ({ week: r.week, n: r.total })),
    );
    const ratings = n.reduce((s, x) => s + x, 0);
    const sum = total.reduce((s, x) => s + x, 0);
    return {
      ...windowFields(window),
      jobs: window.weeks.map((w, i) => ({ week: w, assigned: a[i], completed: c[i] })),
      rating: {
        average: ratings ? round1(sum / ratings) : null,
        ratings,
        weeks: window.weeks.map((w, i) => ({ week: w, ratings: n[i], average: n[i] ? round1(total[i] / n[i]) : null })),
      },
    };
  });
}

// ---- a borrower: my requests and reports ----

const userKept = createListCache<UserChartsDto>(['borrow_requests', 'repair_reports'], 200);

export function userCharts(ctx: Ctx, accountId: number, period: ChartPeriod): Promise<UserChartsDto> {
  const { window, since } = windowOf(ctx, period);
  return userKept(ctx.db, `${period}\n${window.to}\n${accountId}`, async () => {
    const [requests, reports] = await Promise.all([
      requestsPerWeekOf(ctx.db, ctx.dialect, accountId, since),
      reportsPerWeekOf(ctx.db, ctx.dialect, accountId, since),
    ]);
    const q = perWeek(window, requests);
    const r = perWeek(window, reports);
    return { ...windowFields(window), weeks: window.weeks.map((w, i) => ({ week: w, requests: q[i], reports: r[i] })) };
  });
}
