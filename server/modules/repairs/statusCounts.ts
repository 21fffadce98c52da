/** The repairs counted for other modules' figures: the landing page's and the office dashboard's. */
import { REPAIR_STATUSES, type RepairStatus } from '../../../core/repairs/rules';
import type { RepairList } from '../../../core/repairs/schemas';
import type { Db } from '../../db/database';

/** Landing page (docs/decisions/real-figures.md): repairs completed. */
export async function repairsCompleted(db: Db): Promise<number> {
  const row = await db
    .selectFrom('repair_reports')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 'completed')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Reports per status, from the counts the database keeps (migration 017): the office report's figures. */
export async function repairStatusCounts(db: Db): Promise<RepairList['counts']> {
  const counts = Object.fromEntries([...REPAIR_STATUSES, 'all'].map((s) => [s, 0])) as RepairList['counts'];
  for (const r of await db.selectFrom('repair_status_counts').select(['status', 'n']).execute()) {
    if (r.status in counts) counts[r.status as RepairStatus] += Number(r.n);
    counts.all += Number(r.n);
  }
  return counts;
}
