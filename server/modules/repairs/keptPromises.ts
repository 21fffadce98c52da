/** The kept-promises figures (docs/decisions/repair-deadlines.md), counted by core/repairs/keptPromises.ts. */
import { keptPromises, type PromiseRow } from '../../../core/repairs/keptPromises';
import type { KeptPromisesDto } from '../../../core/repairs/schemas';
import type { Db } from '../../db/database';
import { createListCache } from '../../lib/listCache';

const DAY = 86_400_000;
const MINUTE = 60_000;
/** Kept per process while no report or name changes, for the minute they were counted in (they age with the clock). */
const kept = createListCache<KeptPromisesDto>(['repair_reports', 'accounts'], 20);

export function keptPromisesFigures(db: Db, days: 30 | 90): Promise<KeptPromisesDto> {
  const now = new Date(Math.floor(Date.now() / MINUTE) * MINUTE);
  const from = new Date(now.getTime() - days * DAY).toISOString();
  return kept(db, `${days}\n${now.toISOString()}`, async () => {
    const rows = await db
      .selectFrom('repair_reports as rr')
      .leftJoin('accounts as asg', 'asg.id', 'rr.assigned_to')
      .select([
        'rr.priority',
        'asg.job_type as trade',
        'rr.created_at',
        'rr.assigned_at',
        'rr.completed_at',
        'rr.respond_by',
        'rr.fix_by',
        'rr.held_at',
      ])
      .where('rr.created_at', '>=', from)
      .where('rr.respond_by', 'is not', null)
      .where('rr.fix_by', 'is not', null)
      .execute();
    const promises: PromiseRow[] = rows.map((r) => ({
      priority: r.priority,
      trade: r.trade ?? null,
      createdAt: r.created_at,
      assignedAt: r.assigned_at,
      completedAt: r.completed_at,
      respondBy: r.respond_by!,
      fixBy: r.fix_by!,
      onHold: r.held_at !== null,
    }));
    return { days, from, ...keptPromises(promises, now) };
  });
}
