/**
 * Kept promises, measured (docs/decisions/repair-deadlines.md): of the reports made in the last 30 or 90 days with
 * deadlines, the share answered (first assigned) and fixed (completed) within them, per priority and per trade,
 * and the median times. One rule, used by the server's figures and its tests.
 */
import { jobTypeLabel } from './damage';
import { PRIORITY_LABELS, PRIORITY_ORDER, type Priority } from './rules';

export const PROMISE_WINDOWS = [30, 90] as const;
export type PromiseWindow = (typeof PROMISE_WINDOWS)[number];

export interface PromiseRow {
  priority: string;
  /** The assigned person's job type; null while no one is assigned. */
  trade: string | null;
  createdAt: string;
  assignedAt: string | null;
  completedAt: string | null;
  respondBy: string;
  fixBy: string;
  /** On hold now: a deadline that passed while the clock was stopped is not counted as missed yet. */
  onHold: boolean;
}

export interface PromiseMeasure {
  /** Reports whose promise is decided: kept or done late, or missed already. */
  measured: number;
  inTime: number;
  /** Percent kept, whole; null when nothing is measured yet. */
  share: number | null;
  /** Median hours from the report to the response (or fix), over those done; null when none is. */
  medianHours: number | null;
}

export interface PromiseGroup {
  key: string;
  label: string;
  reports: number;
  respond: PromiseMeasure;
  fix: PromiseMeasure;
}

const HOUR = 3_600_000;

function median(values: number[]): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const m = sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return Math.round(m * 10) / 10;
}

function measure(rows: PromiseRow[], now: number, done: (r: PromiseRow) => string | null, by: (r: PromiseRow) => string): PromiseMeasure {
  let measured = 0;
  let inTime = 0;
  const hours: number[] = [];
  for (const r of rows) {
    const at = done(r);
    if (at) {
      measured++;
      if (at <= by(r)) inTime++;
      hours.push((Date.parse(at) - Date.parse(r.createdAt)) / HOUR);
    } else if (!r.onHold && Date.parse(by(r)) <= now) measured++;
  }
  return { measured, inTime, share: measured ? Math.round((inTime / measured) * 100) : null, medianHours: median(hours) };
}

function group(key: string, label: string, rows: PromiseRow[], now: number): PromiseGroup {
  return {
    key,
    label,
    reports: rows.length,
    respond: measure(
      rows,
      now,
      (r) => r.assignedAt,
      (r) => r.respondBy,
    ),
    fix: measure(
      rows,
      now,
      (r) => r.completedAt,
      (r) => r.fixBy,
    ),
  };
}

/** The figures per priority (high, medium, low: each shown, even with no reports) and per trade (those with reports). */
export function keptPromises(rows: PromiseRow[], now: Date): { byPriority: PromiseGroup[]; byTrade: PromiseGroup[]; all: PromiseGroup } {
  const t = now.getTime();
  const byPriority = PRIORITY_ORDER.map((p: Priority) =>
    group(
      p,
      PRIORITY_LABELS[p],
      rows.filter((r) => r.priority === p),
      t,
    ),
  );
  const trades = [...new Set(rows.map((r) => r.trade ?? ''))].sort((a, b) => (a === '' ? 1 : b === '' ? -1 : a.localeCompare(b)));
  const byTrade = trades.map((trade) =>
    group(
      trade || 'none',
      trade ? jobTypeLabel(trade) : 'Not yet assigned',
      rows.filter((r) => (r.trade ?? '') === trade),
      t,
    ),
  );
  return { byPriority, byTrade, all: group('all', 'All reports', rows, t) };
}

/** "45 min", "5.5 h", "3.2 days": a median time in words. */
export function hoursText(hours: number | null): string {
  if (hours === null) return '–';
  if (hours < 1) return `${Math.round(hours * 60)} min`;
  if (hours < 48) return `${Math.round(hours * 10) / 10} h`;
  return `${Math.round((hours / 24) * 10) / 10} days`;
}
