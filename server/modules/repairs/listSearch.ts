/**
 * Searching the repair lists: by report id ("RPR-12", "12") and by the starts of words (docs/product.md), with the
 * matches ordered as their list is, counted per tab and paged (server/lib/keptMatches.ts).
 */
import { sql, type Expression, type SqlBool } from 'kysely';
import { parseRepairCode, PRIORITY_ORDER, REPAIR_STATUSES, STATUS_ORDER, type RepairStatus } from '../../../core/repairs/rules';
import type { RepairCounts, RepairsParams } from '../../../core/repairs/schemas';
import type { Ctx } from '../../context';
import type { Db } from '../../db/database';
import { containsCI, matchesWords, searchWords, type WordIndex } from '../../db/search';
import { createKeptMatches, readMatches, type MatchOrder, type OrderedMatches } from '../../lib/keptMatches';
import { offsetOf } from '../../lib/paging';
import { rankOf, RUNNING_DUE } from './listOrder';
import type { ReportEb, ReportFilter } from './reportRows';

/** The reports' word index over reporter name, building, room and issue (migration 021). */
const REPAIR_WORDS: WordIndex = { ftsTable: 'repair_reports_fts', textColumn: 'rr.search_text', idColumn: 'rr.id' };

/**
 * Search over report id ("RPR-12", "12") and, by the starts of words, reporter name, building, room and issue
 * (docs/product.md: "zamora", "teresa gom"). Text without letters or digits is a substring scan.
 */
export function repairSearch(ctx: Ctx, term: string) {
  const id = parseRepairCode(term);
  const isCode = id !== null && /^\s*(rpr|#)/i.test(term);
  const words = searchWords(term);
  return (eb: ReportEb): Expression<SqlBool> => {
    if (isCode) return eb('rr.id', '=', id);
    const text = words.length ? matchesWords(ctx.dialect, REPAIR_WORDS, words) : containsCI(ctx.dialect, 'rr.search_text', term);
    return id === null ? text : eb.or([eb('rr.id', '=', id), text]);
  };
}

/**
 * A search's matches in the list's order (newest first, the running deadline, or the office's order). A status
 * tab's order is the same one narrowed to the tab, so every tab count and page of the search is taken from them
 * (server/lib/keptMatches.ts).
 */
export const matchOrder = (q: RepairsParams, newest: boolean): MatchOrder =>
  newest
    ? { values: [sql`created_at`, sql`id`], directions: ['desc', 'desc'] }
    : q.sort === 'due'
      ? { values: [RUNNING_DUE, sql`id`], directions: ['asc', 'asc'] }
      : {
          values: [
            rankOf('status', STATUS_ORDER),
            rankOf('priority', PRIORITY_ORDER),
            sql`case when status = 'completed' then completed_at end`,
            sql`created_at`,
            sql`id`,
          ],
          directions: ['asc', 'asc', 'desc', 'asc', 'asc'],
        };

/** The matches of a search (among the reports `only`, when given) with the values of `order`. */
export const findMatches = (db: Db, matches: ReportFilter, order: MatchOrder, only: number[] | null) =>
  readMatches(
    db,
    (only ? matches.where('rr.id', 'in', only) : matches).select([
      'rr.id',
      'rr.status',
      'rr.priority',
      'rr.completed_at',
      'rr.created_at',
      'rr.assigned_to',
      'rr.respond_by',
      'rr.fix_by',
      'rr.held_at',
    ]),
    order,
  );

/** A search's tab counts and one page of its ids, from its ordered matches. */
export function countsAndPage(matches: OrderedMatches, q: RepairsParams) {
  const counts = Object.fromEntries([['all', 0], ...REPAIR_STATUSES.map((st) => [st, 0])]) as RepairCounts;
  for (const st of matches.statuses) {
    if (st in counts) counts[st as RepairStatus] += 1;
    counts.all += 1;
  }
  const inTab = q.status === 'all' ? matches.ids : matches.ids.filter((_, i) => matches.statuses[i] === q.status);
  return { counts, ids: inTab.slice(offsetOf(q), offsetOf(q) + q.pageSize) };
}

/**
 * The office's search matches, kept across changes (server/lib/keptMatches.ts): a broad search (a building,
 * thousands of reports) is found and ordered once, then each of its pages costs its rows only, and a change the
 * reports it changed.
 */
export const keptMatches = createKeptMatches('repair_reports');
