/** A month-over-month figure from real data (DECISIONS 17), e.g. "+2 vs last month (5 this month)". */
export interface MonthFigure {
  value: number | null;
  thisMonth: number | null;
  lastMonth: number | null;
}

export function monthChange(f: MonthFigure, unit = ''): string {
  const now = f.thisMonth ?? 0;
  const before = f.lastMonth ?? 0;
  const diff = now - before;
  const sign = diff > 0 ? '+' : diff < 0 ? '−' : '±';
  return `${sign}${Math.abs(diff)}${unit} vs last month (${now}${unit} this month)`;
}
