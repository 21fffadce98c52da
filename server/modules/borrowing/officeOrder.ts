/** The office's order of its requests, shared by the whole list and a department's. */
import { ALL_TAB_ORDER, type RequestStatus } from '../../../core/borrowing/rules';
import type { RequestsParams } from '../../../core/borrowing/schemas';
import { offsetOf, pageSegments } from '../../lib/paging';
import type { RequestFilter } from './requestRows';

/** Newest first, or oldest when asked. */
export const newestFirst = (q: Pick<RequestsParams, 'sort'>) => (f: RequestFilter) => {
  const direction = q.sort === 'oldest' ? 'asc' : 'desc';
  return f.orderBy('br.created_at', direction).orderBy('br.id', direction);
};

/** A tab in the office's own order: the queue first come, first served; loans out most overdue, then soonest due. */
export const officeOrder = (q: Pick<RequestsParams, 'sort'>, status: RequestStatus) => (f: RequestFilter) =>
  q.sort !== 'status'
    ? newestFirst(q)(f)
    : status === 'pending'
      ? f.orderBy('br.created_at', 'asc').orderBy('br.id', 'asc')
      : status === 'approved'
        ? f.orderBy('br.date_expected_return', 'asc').orderBy('br.id', 'asc')
        : f.orderBy('br.created_at', 'desc').orderBy('br.id', 'desc');

/**
 * The ids of the page asked for, from `f`: each status is its own index range, so a tab reads one, and the All tab
 * in the office's order reads them one after another as the tabs run (`counts`: how many each status holds in `f`).
 */
export async function pageIds(q: RequestsParams, f: RequestFilter, counts: Record<RequestStatus, number>): Promise<{ id: number }[]> {
  const slices =
    q.status !== 'all'
      ? [{ key: q.status, offset: offsetOf(q), limit: q.pageSize }]
      : q.sort === 'status'
        ? pageSegments(
            ALL_TAB_ORDER.map((s) => ({ key: s, size: counts[s] })),
            offsetOf(q),
            q.pageSize,
          )
        : null;
  if (!slices) return newestFirst(q)(f).select('br.id').limit(q.pageSize).offset(offsetOf(q)).execute();
  const pages = await Promise.all(
    slices.map((s) =>
      officeOrder(
        q,
        s.key,
      )(f.where('br.status', '=', s.key))
        .select('br.id')
        .limit(s.limit)
        .offset(s.offset)
        .execute(),
    ),
  );
  return pages.flat();
}
