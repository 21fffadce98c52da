/** How many of something each month (docs/decisions/real-figures.md: real data): "4 this month, 2 last month". */
export const perMonth = (f: { thisMonth: number; lastMonth: number }) => `${f.thisMonth} this month, ${f.lastMonth} last month`;

/** A percentage now against last month, its change in percentage points: "80% this month, 75% last month (+5 pts)". */
export function percentByMonth(thisMonth: number | null, lastMonth: number | null): string {
  const shown = (p: number | null) => (p === null ? 'no loans' : `${p}%`);
  const text = `${shown(thisMonth)} this month, ${shown(lastMonth)} last month`;
  if (thisMonth === null || lastMonth === null) return text;
  const diff = thisMonth - lastMonth;
  return `${text} (${diff > 0 ? '+' : diff < 0 ? '−' : '±'}${Math.abs(diff)} pts)`;
}
