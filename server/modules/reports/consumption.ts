/**
 * Consumption by department (docs/decisions/departments.md): per department and per month or campus term, what the
 * department consumed, each kind of consumption a source of columns: its loans, and the supplies issued to it with
 * their cost.
 */
import type { ReportPer } from '../../../core/reports/rules';
import type { Report } from '../../../core/reports/schemas';
import { termOf } from '../../../core/reports/terms';
import { DEPT } from '../../../core/departments/words';
import type { Db } from '../../db/database';
import { departmentLoanFigures, departmentSupplyFigures } from '../borrowing';
import { departmentNames } from '../departments';

type Column = Report['columns'][number];
type Cell = string | number | null;

/** One kind of consumption: its columns, and per department (null: none) and month (YYYY-MM) one value per column. */
export interface ConsumptionSource {
  columns: Column[];
  /** The column the chart shows per department, if this source's (its index among `columns`). */
  chart?: { title: string; series: string; column: number };
  figures(db: Db, period: { from: string; to: string }): Promise<{ departmentId: number | null; month: string; values: number[] }[]>;
}

const count = (label: string): Column => ({ label, numeric: true });

/** Loans: requests filed (cancelled ones aside), those lent, and the quantity lent. */
const loans: ConsumptionSource = {
  columns: [count('Requests'), count('Loans'), count('Quantity lent')],
  chart: { title: 'Quantity lent per department', series: 'Quantity lent', column: 2 },
  async figures(db, period) {
    return (await departmentLoanFigures(db, period)).map((r) => ({
      departmentId: r.departmentId,
      month: r.month,
      values: [r.requests, r.loans, r.lent],
    }));
  },
};

/**
 * Supplies issued on the department's requests and their cost: each issue at the item's average unit cost when it
 * was issued, from the stock card (docs/decisions/supplies.md).
 */
const supplies: ConsumptionSource = {
  columns: [count('Supplies issued'), { label: 'Supplies cost', numeric: true, money: true }],
  async figures(db, period) {
    return (await departmentSupplyFigures(db, period)).map((r) => ({
      departmentId: r.departmentId,
      month: r.month,
      values: [r.quantity, r.cents],
    }));
  },
};

/** What Consumption by department counts, in its columns' order. */
export function consumptionSources(): ConsumptionSource[] {
  return [loans, supplies];
}

const periodOf = (month: string, per: ReportPer) => {
  if (per === 'term') {
    const t = termOf(month);
    return { key: t.key, label: t.label };
  }
  const label = new Date(`${month}-01T00:00:00Z`).toLocaleString('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });
  return { key: month, label };
};

/** The report's table, totals and chart for the period, from every source. */
export async function consumptionByDepartment(
  db: Db,
  f: { from: string; to: string; per: ReportPer },
): Promise<Pick<Report, 'columns' | 'rows' | 'totals' | 'chart'>> {
  const sources = consumptionSources();
  const widths = sources.map((s) => s.columns.length);
  const offsets = widths.map((_, i) => widths.slice(0, i).reduce((a, b) => a + b, 0));
  const width = widths.reduce((a, b) => a + b, 0);
  const figures = await Promise.all(sources.map((s) => s.figures(db, f)));

  const lines = new Map<string, { period: { key: string; label: string }; departmentId: number | null; values: number[] }>();
  figures.forEach((rows, s) => {
    for (const r of rows) {
      const period = periodOf(r.month, f.per);
      const key = `${period.key}\n${r.departmentId ?? ''}`;
      const line = lines.get(key) ?? { period, departmentId: r.departmentId, values: new Array<number>(width).fill(0) };
      r.values.forEach((v, i) => (line.values[offsets[s] + i] += v));
      lines.set(key, line);
    }
  });
  const names = await departmentNames(
    db,
    [...lines.values()].flatMap((l) => (l.departmentId === null ? [] : [l.departmentId])),
  );
  const nameOf = (id: number | null) => {
    const d = id === null ? undefined : names.get(id);
    return d ? `${d.name} (${d.code})` : DEPT.noDepartment;
  };
  const sorted = [...lines.values()]
    .map((l) => ({ ...l, department: nameOf(l.departmentId) }))
    .sort(
      (a, b) =>
        a.period.key.localeCompare(b.period.key) ||
        Number(a.departmentId === null) - Number(b.departmentId === null) ||
        a.department.localeCompare(b.department),
    );
  const totals = new Array<number>(width).fill(0);
  const perDepartment = new Map<string, number[]>();
  for (const l of sorted) {
    l.values.forEach((v, i) => (totals[i] += v));
    const d = perDepartment.get(l.department) ?? new Array<number>(width).fill(0);
    l.values.forEach((v, i) => (d[i] += v));
    perDepartment.set(l.department, d);
  }
  // Money columns are added up in centavos, exactly, and shown in pesos.
  const valueColumns = sources.flatMap((s) => s.columns);
  const shown = (values: number[]) => values.map((v, i) => (valueColumns[i]!.money ? v / 100 : v));
  const charted = sources.findIndex((s) => s.chart);
  const chart = charted < 0 ? null : sources[charted].chart!;
  return {
    columns: [{ label: f.per === 'term' ? 'Term' : 'Month', numeric: false }, { label: DEPT.label, numeric: false }, ...valueColumns],
    rows: sorted.map((l): Cell[] => [l.period.label, l.department, ...shown(l.values)]),
    totals: ['All', 'All departments', ...shown(totals)],
    chart: chart && {
      title: chart.title,
      series: chart.series,
      data: [...perDepartment]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([name, values]) => ({ name, value: values[offsets[charted] + chart.column] })),
    },
  };
}
