/** A month-over-month figure from real data (DECISIONS 17), e.g. "+2 vs last month (5 this month)". */
export function monthChange(f: { thisMonth: number | null; lastMonth: number | null }, unit = ''): string {
  const now = f.thisMonth ?? 0;
  const before = f.lastMonth ?? 0;
  const diff = now - before;
  const sign = diff > 0 ? '+' : diff < 0 ? '−' : '±';
  return `${sign}${Math.abs(diff)}${unit} vs last month (${now}${unit} this month)`;
}
