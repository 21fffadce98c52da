/**
 * Campus terms (docs/decisions/reports.md): the year is three terms, August to December, January to May and June to
 * July. One rule for every figure counted per term.
 */
export interface Term {
  /** Sorts in time order: "2026-3" is Aug–Dec 2026, "2027-1" Jan–May 2027, "2027-2" Jun–Jul 2027. */
  key: string;
  label: string;
  /** First and last calendar day, YYYY-MM-DD. */
  from: string;
  to: string;
}

const TERMS = [
  { n: 1, first: 1, last: 5, name: 'Jan–May', end: '05-31' },
  { n: 2, first: 6, last: 7, name: 'Jun–Jul', end: '07-31' },
  { n: 3, first: 8, last: 12, name: 'Aug–Dec', end: '12-31' },
] as const;

/** The term a calendar date (or a YYYY-MM month) falls in. */
export function termOf(date: string): Term {
  const year = date.slice(0, 4);
  const month = Number(date.slice(5, 7));
  const t = TERMS.find((x) => month >= x.first && month <= x.last)!;
  return {
    key: `${year}-${t.n}`,
    label: `${t.name} ${year}`,
    from: `${year}-${String(t.first).padStart(2, '0')}-01`,
    to: `${year}-${t.end}`,
  };
}
