/** The office's order of its requests, shared by the whole list and a department's. */
import type { RequestStatus } from '../../../core/borrowing/rules';
import type { RequestsParams } from '../../../core/borrowing/schemas';
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
