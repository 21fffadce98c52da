/**
 * The office's requests charged to one department, or to none (docs/decisions/departments.md): the office's list
 * narrowed by the request's own department column (indexed with its date), its search and tabs counted within it.
 */
import { sql } from 'kysely';
import { ALL_TAB_ORDER } from '../../../core/borrowing/rules';
import { requestList, type RequestsParams } from '../../../core/borrowing/schemas';
import { todayIn } from '../../../core/time';
import type { Ctx } from '../../context';
import { offsetOf } from '../../lib/paging';
import { writeList } from '../../lib/writtenList';
import { countByStatus, requestSearch, requestsTable, type RequestFilter } from './requestRows';
import { writtenRequests } from './writtenRows';

export async function departmentRequests(ctx: Ctx, q: RequestsParams): Promise<string> {
  const { db, dialect } = ctx;
  const all = requestsTable(db);
  const charged: RequestFilter =
    q.department === 'none' ? all.where('br.department_id', 'is', null) : all.where('br.department_id', '=', q.department!);
  const searched = q.search ? charged.where(requestSearch(dialect, q.search)) : charged;
  const tab = q.status === 'all' ? searched : searched.where('br.status', '=', q.status);
  const direction = q.sort === 'oldest' ? 'asc' : 'desc';
  // The office's order on the All tab: by status as the tabs run, then newest first (or oldest, when asked).
  const ordered =
    q.sort === 'status' && q.status === 'all'
      ? tab.orderBy(
          sql`case br.status ${sql.join(
            ALL_TAB_ORDER.map((s, i) => sql`when ${sql.lit(s)} then ${sql.lit(i)}`),
            sql` `,
          )} else ${sql.lit(ALL_TAB_ORDER.length)} end`,
        )
      : tab;
  const [counts, stats, ids] = await Promise.all([
    countByStatus(searched),
    q.search ? countByStatus(charged) : null,
    ordered.orderBy('br.created_at', direction).orderBy('br.id', direction).select('br.id').limit(q.pageSize).offset(offsetOf(q)).execute(),
  ]);
  const rows = await writtenRequests(
    db,
    ids.map((r) => r.id),
    todayIn(ctx.config.campusTimeZone),
  );
  return writeList(requestList, { total: counts[q.status], counts, stats: stats ?? counts }, rows);
}
