/**
 * The office's requests charged to one department, or to none (docs/decisions/departments.md): the office's list
 * narrowed by the request's own department column (indexed with its date), its search and tabs counted within it.
 */
import { requestList, type RequestsParams } from '../../../core/borrowing/schemas';
import { todayIn } from '../../../core/time';
import type { Ctx } from '../../context';
import { writeList } from '../../lib/writtenList';
import { countByStatus, requestSearch, requestsTable, type RequestFilter } from './requestRows';
import { pageIds } from './officeOrder';
import { writtenRequests } from './writtenRows';

export async function departmentRequests(ctx: Ctx, q: RequestsParams): Promise<string> {
  const { db, dialect } = ctx;
  const all = requestsTable(db);
  const charged: RequestFilter =
    q.department === 'none' ? all.where('br.department_id', 'is', null) : all.where('br.department_id', '=', q.department!);
  const searched = q.search ? charged.where(requestSearch(dialect, q.search)) : charged;
  const [counts, stats] = await Promise.all([countByStatus(searched), q.search ? countByStatus(charged) : null]);
  const ids = await pageIds(q, searched, counts);
  const rows = await writtenRequests(
    db,
    ids.map((r) => r.id),
    todayIn(ctx.config.campusTimeZone),
  );
  return writeList(requestList, { total: counts[q.status], counts, stats: stats ?? counts }, rows);
}
