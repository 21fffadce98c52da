/**
 * The office's requests charged to one department, or to none (docs/decisions/departments.md): the office's list
 * narrowed by the request's own department column (indexed with its date), its search and tabs counted within it.
 */
import { ALL_TAB_ORDER } from '../../../core/borrowing/rules';
import { requestList, type RequestsParams } from '../../../core/borrowing/schemas';
import { todayIn } from '../../../core/time';
import type { Ctx } from '../../context';
import { offsetOf, pageSegments } from '../../lib/paging';
import { writeList } from '../../lib/writtenList';
import { countByStatus, requestSearch, requestsTable, type RequestFilter } from './requestRows';
import { newestFirst, officeOrder } from './officeOrder';
import { writtenRequests } from './writtenRows';

export async function departmentRequests(ctx: Ctx, q: RequestsParams): Promise<string> {
  const { db, dialect } = ctx;
  const all = requestsTable(db);
  const charged: RequestFilter =
    q.department === 'none' ? all.where('br.department_id', 'is', null) : all.where('br.department_id', '=', q.department!);
  const searched = q.search ? charged.where(requestSearch(dialect, q.search)) : charged;
  const [counts, stats] = await Promise.all([countByStatus(searched), q.search ? countByStatus(charged) : null]);
  // Each tab in the office's order; the All tab by status as the tabs run, each in its own order.
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
  const ids = slices
    ? (
        await Promise.all(
          slices.map((s) =>
            officeOrder(
              q,
              s.key,
            )(searched.where('br.status', '=', s.key))
              .select('br.id')
              .limit(s.limit)
              .offset(s.offset)
              .execute(),
          ),
        )
      ).flat()
    : await newestFirst(q)(searched).select('br.id').limit(q.pageSize).offset(offsetOf(q)).execute();
  const rows = await writtenRequests(
    db,
    ids.map((r) => r.id),
    todayIn(ctx.config.campusTimeZone),
  );
  return writeList(requestList, { total: counts[q.status], counts, stats: stats ?? counts }, rows);
}
