import { datesProblem, REPORT_FILTERS, REPORT_KINDS, type ReportKind } from '../../../core/reports/rules';
import type { ReportFilters } from '../../../core/reports/schemas';
import { isCalendarDate } from '../../../core/time';
import { useAddressParams } from '../../lib/useAddressParams';

export type Chosen = { kind: ReportKind } & Partial<Record<'from' | 'to' | 'category' | 'building' | 'trade' | 'per', string>>;
const FILTER_KEYS = ['from', 'to', 'category', 'building', 'trade', 'per'] as const;

/** The address of a report: its kind and filters, so a report can be bookmarked, shared and reopened with Back. */
export function addressOf(chosen: Chosen) {
  const next = new URLSearchParams({ kind: chosen.kind });
  for (const k of FILTER_KEYS) if (chosen[k]) next.set(k, chosen[k]);
  return next;
}

/** The report and filters an address names (an unknown report is Lending activity). */
function chosenIn(params: URLSearchParams): Chosen {
  const k = params.get('kind') ?? '';
  const chosen: Chosen = { kind: (REPORT_KINDS as readonly string[]).includes(k) ? (k as ReportKind) : 'lending' };
  for (const key of FILTER_KEYS) chosen[key] = params.get(key) || undefined;
  return chosen;
}

/** The report and filters chosen, kept in the address, checked as the server checks them. */
export function useReportParams() {
  const [params, update] = useAddressParams();
  const chosen = chosenIn(params);
  const kind = chosen.kind;
  const given: Record<string, string> = {};
  for (const key of ['from', 'to', ...REPORT_FILTERS[kind]] as const) {
    const v = chosen[key];
    if (v) given[key] = v;
  }
  // The dates are what is typed here; the other filters come from the lists (the server checks them all).
  const valid = [given.from, given.to].every((d) => d === undefined || isCalendarDate(d)) && !datesProblem(given);
  const filters = (valid ? given : {}) as ReportFilters;
  // Typing a date changes the address at each key, so it replaces the entry; choosing another report adds one.
  const set = (next: Partial<Chosen>) => update((now) => addressOf({ ...chosenIn(now), ...next }), !next.kind);
  const show = (next: Chosen) => update(() => addressOf(next));
  return { kind, chosen, filters, invalid: !valid, set, show, params, update };
}
