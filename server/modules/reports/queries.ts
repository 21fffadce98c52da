/**
 * The office's reports (docs/decisions/reports.md): each a table with its totals and a chart's data, built
 * from the figures the borrowing and repairs modules count in the database; and the saved reports.
 */
import type { Selectable } from 'kysely';
import { jobTypeLabel } from '../../../core/repairs/damage';
import { PRIORITY_LABELS, PRIORITY_ORDER, type Priority } from '../../../core/repairs/rules';
import { REPORT_TITLES, reportPeriod, type ReportKind, type Schedule } from '../../../core/reports/rules';
import type { Report, ReportFilters, SavedReport } from '../../../core/reports/schemas';
import { termOf } from '../../../core/reports/terms';
import { addDays, startOfDayUtc, todayIn } from '../../../core/time';
import type { Ctx } from '../../context';
import type { Db } from '../../db/database';
import type { SavedReportsTable } from '../../db/schema';
import { createListCache } from '../../lib/listCache';
import { officeAccounts } from '../accounts';
import { lendingFigures, overdueFigures, utilizationFigures } from '../borrowing';
import { ratingFigures, repairFigures } from '../repairs';
import { consumptionByDepartment } from './consumption';

type Cell = string | number | null;
/** The most lent items listed per term in the utilization report. */
export const UTILIZATION_ITEMS_PER_TERM = 100;
const col = (label: string, numeric = true) => ({ label, numeric });
/** An amount in pesos: shown "₱1,234.50" on screen and in the PDF, a plain number in the CSV. */
const money = (label: string) => ({ label, numeric: true, money: true });
const tradeName = (t: string | null) => (t ? jobTypeLabel(t) : 'Not assigned');
const sum = (rows: Cell[][], i: number) => rows.reduce((n, r) => n + (typeof r[i] === 'number' ? (r[i] as number) : 0), 0);
const pesos = (cents: number) => Math.round(cents) / 100;

/**
 * Answers kept per process while nothing they count changes (the versions of requests, items, repairs and
 * accounts: server/lib/listCache.ts), so a report read again, or by the next administrator, costs no aggregation.
 */
const kept = createListCache<Report>(['borrow_requests', 'items', 'repair_reports', 'accounts', 'departments'], 30);

/** A report for the filters (dates default to the last 30 days to today, campus time). */
export async function buildReport(ctx: Ctx, kind: ReportKind, f: ReportFilters, now = new Date()): Promise<Report> {
  const today = todayIn(ctx.config.campusTimeZone, now);
  const { from, to } = reportPeriod(f, today);
  const key = JSON.stringify([kind, from, to, f.category ?? null, f.building ?? null, f.trade ?? null, f.per ?? null, today]);
  return kept(ctx.db, key, () => countReport(ctx, kind, { ...f, from, to }, now));
}

async function countReport(ctx: Ctx, kind: ReportKind, f: ReportFilters & { from: string; to: string }, now: Date): Promise<Report> {
  const zone = ctx.config.campusTimeZone;
  const { from, to } = f;
  const period = { from, to, fromAt: startOfDayUtc(from, zone), toAt: startOfDayUtc(addDays(to, 1), zone) };
  const head = {
    kind,
    title: REPORT_TITLES[kind],
    from,
    to,
    filters: { category: f.category ?? null, building: f.building ?? null, trade: f.trade ?? null, per: f.per ?? null },
    generatedAt: now.toISOString(),
  };
  const db = ctx.db;
  switch (kind) {
    case 'departments':
      return { ...head, ...(await consumptionByDepartment(db, { from, to, per: f.per ?? 'month' })) };
    case 'lending': {
      const { rows, total } = await lendingFigures(db, { ...period, category: f.category });
      return {
        ...head,
        columns: [col('Category', false), col('Requests'), col('Approved'), col('Rejected'), col('Quantity asked'), col('Quantity lent')],
        rows: rows.map((r) => [r.category, r.requests, r.approved, r.rejected, r.asked, r.lent]),
        totals: ['All categories', total.requests, total.approved, total.rejected, total.asked, total.lent],
        chart: {
          title: 'Quantity lent per category',
          series: 'Quantity lent',
          data: rows.map((r) => ({ name: r.category, value: r.lent })),
        },
      };
    }
    case 'utilization': {
      const months = await utilizationFigures(db, { ...period, category: f.category });
      // Months folded into campus terms (core/reports/terms.ts), per item.
      const byKey = new Map<
        string,
        { term: ReturnType<typeof termOf>; item: string; category: string; stock: number | null; loans: number; lent: number }
      >();
      for (const m of months) {
        const term = termOf(m.month);
        const key = `${term.key}\n${m.itemId ?? m.item}`;
        const v = byKey.get(key) ?? { term, item: m.item, category: m.category, stock: m.stock, loans: 0, lent: 0 };
        v.loans += m.loans;
        v.lent += m.lent;
        byKey.set(key, v);
      }
      const all = [...byKey.values()].sort(
        (a, b) => a.term.key.localeCompare(b.term.key) || b.lent - a.lent || a.item.localeCompare(b.item),
      );
      const perCategory = new Map<string, number>();
      for (const r of all) perCategory.set(r.category, (perCategory.get(r.category) ?? 0) + r.lent);
      // The most lent items of each term are listed (a campus lends thousands); the totals count them all.
      const shown = new Map<string, number>();
      const rows = all.filter((r) => {
        const n = (shown.get(r.term.key) ?? 0) + 1;
        shown.set(r.term.key, n);
        return n <= UTILIZATION_ITEMS_PER_TERM;
      });
      const table: Cell[][] = rows.map((r) => [
        r.term.label,
        r.item,
        r.category,
        r.loans,
        r.lent,
        r.stock,
        r.stock ? Math.round((r.lent / r.stock) * 100) / 100 : null,
      ]);
      return {
        ...head,
        columns: [
          col('Term', false),
          col('Item', false),
          col('Category', false),
          col('Loans'),
          col('Quantity lent'),
          col('Stock now'),
          col('Lent per unit of stock'),
        ],
        rows: table,
        totals: [
          'All terms',
          all.length > rows.length
            ? `${all.length} items lent (the ${UTILIZATION_ITEMS_PER_TERM} most lent of each term listed)`
            : `${all.length} items lent`,
          '',
          all.reduce((n, r) => n + r.loans, 0),
          all.reduce((n, r) => n + r.lent, 0),
          null,
          null,
        ],
        chart: {
          title: 'Quantity lent per category',
          series: 'Quantity lent',
          data: [...perCategory].sort(([a], [b]) => a.localeCompare(b)).map(([name, value]) => ({ name, value })),
        },
      };
    }
    case 'overdue': {
      const { rows, overdueNow, returnedLate } = await overdueFigures(db, { ...period, category: f.category }, zone, now);
      const table: Cell[][] = rows.map((r) => [r.category, r.overdue, r.late, r.lost, r.damaged, r.missingParts]);
      return {
        ...head,
        columns: [col('Category', false), col('Overdue now'), col('Returned late'), col('Lost'), col('Damaged'), col('Missing parts')],
        rows: table,
        totals: ['All categories', overdueNow, returnedLate, sum(table, 3), sum(table, 4), sum(table, 5)],
        chart: {
          title: 'Overdue now and returned late per category',
          series: 'Loans',
          data: rows.map((r) => ({ name: r.category, value: r.overdue + r.late })),
        },
      };
    }
    case 'repairs': {
      const rows = await repairFigures(db, { ...period, building: f.building, trade: f.trade });
      rows.sort(
        (a, b) =>
          a.building.localeCompare(b.building) ||
          tradeName(a.trade).localeCompare(tradeName(b.trade)) ||
          PRIORITY_ORDER.indexOf(a.priority as Priority) - PRIORITY_ORDER.indexOf(b.priority as Priority),
      );
      const table: Cell[][] = rows.map((r) => [
        r.building,
        tradeName(r.trade),
        PRIORITY_LABELS[r.priority as Priority] ?? r.priority,
        r.reports,
        r.reports - r.completed,
        r.completed,
        pesos(r.costCents),
      ]);
      const perBuilding = new Map<string, number>();
      for (const r of rows) perBuilding.set(r.building, (perBuilding.get(r.building) ?? 0) + r.reports);
      return {
        ...head,
        columns: [
          col('Building', false),
          col('Trade', false),
          col('Priority', false),
          col('Reports'),
          col('Open'),
          col('Completed'),
          money('Cost (PHP)'),
        ],
        rows: table,
        totals: ['All buildings', '', '', sum(table, 3), sum(table, 4), sum(table, 5), pesos(rows.reduce((n, r) => n + r.costCents, 0))],
        chart: { title: 'Reports per building', series: 'Reports', data: [...perBuilding].map(([name, value]) => ({ name, value })) },
      };
    }
    case 'ratings': {
      const counts = await ratingFigures(db, { ...period, building: f.building, trade: f.trade });
      const byTrade = new Map<string, number[]>();
      for (const c of counts) {
        const name = tradeName(c.trade);
        const stars = byTrade.get(name) ?? [0, 0, 0, 0, 0];
        if (c.rating >= 1 && c.rating <= 5) stars[c.rating - 1] += c.n;
        byTrade.set(name, stars);
      }
      const line = (name: string, stars: number[]): Cell[] => {
        const rated = stars.reduce((a, b) => a + b, 0);
        const average = rated ? Math.round((stars.reduce((a, n, i) => a + n * (i + 1), 0) / rated) * 100) / 100 : null;
        return [name, rated, average, ...stars];
      };
      const all = [0, 0, 0, 0, 0];
      for (const stars of byTrade.values()) stars.forEach((n, i) => (all[i] += n));
      return {
        ...head,
        columns: [
          col('Trade', false),
          col('Rated'),
          col('Average'),
          col('1 star'),
          col('2 stars'),
          col('3 stars'),
          col('4 stars'),
          col('5 stars'),
        ],
        rows: [...byTrade].sort(([a], [b]) => a.localeCompare(b)).map(([name, stars]) => line(name, stars)),
        totals: line('All trades', all),
        chart: {
          title: 'Ratings by stars',
          series: 'Repairs',
          data: all.map((value, i) => ({ name: `${i + 1} star${i ? 's' : ''}`, value })),
        },
      };
    }
  }
}

/** A saved report's row, as read (updated_at aside). */
export type SavedReportRow = Omit<Selectable<SavedReportsTable>, 'updated_at'>;

/** Who may receive a scheduled report: the accepted, active administrators and staff. */
export async function recipientsOf(db: Db) {
  return (await officeAccounts(db)).map((a) => ({ id: a.id, name: a.full_name, email: a.email }));
}

export function toSavedReport(r: SavedReportRow, people: Map<number, string>): SavedReport {
  const ids = JSON.parse(r.recipients) as number[];
  return {
    id: r.id,
    name: r.name,
    kind: r.kind as ReportKind,
    filters: JSON.parse(r.filters) as ReportFilters,
    schedule: r.schedule as Schedule,
    recipients: ids.filter((id) => people.has(id)).map((id) => ({ id, name: people.get(id)! })),
    nextRunAt: r.next_run_at,
    lastSentAt: r.last_sent_at,
    createdBy: r.created_by === null ? null : (people.get(r.created_by) ?? null),
    createdAt: r.created_at,
  };
}

/** The saved reports, by name, and the office's people who may receive them. */
export async function savedReports(db: Db) {
  const [rows, admins] = await Promise.all([
    db.selectFrom('saved_reports').selectAll().orderBy('name').orderBy('id').limit(500).execute(),
    recipientsOf(db),
  ]);
  const people = new Map(admins.map((a) => [a.id, a.name]));
  return { items: rows.map((r) => toSavedReport(r, people)), recipients: admins };
}

export const findSavedReport = (db: Db, id: number) => db.selectFrom('saved_reports').selectAll().where('id', '=', id).executeTakeFirst();
