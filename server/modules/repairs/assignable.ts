import type { AssignablePersonnel } from '../../../core/repairs/schemas';
import type { Db } from '../../db/database';
import { personnelAccounts } from '../accounts';

/** The personnel accounts an administrator can assign, with the ratings their completed work received. */
export async function assignable(db: Db): Promise<AssignablePersonnel> {
  const [people, ratings] = await Promise.all([
    personnelAccounts(db),
    db
      .selectFrom('repair_reports')
      .select((eb) => ['assigned_to', eb.fn.countAll<number>().as('n'), eb.fn.avg<number>('rating').as('avg')])
      .where('rating', 'is not', null)
      .where('assigned_to', 'is not', null)
      .groupBy('assigned_to')
      .execute(),
  ]);
  const byPerson = new Map(ratings.map((r) => [r.assigned_to, r]));
  return {
    items: people.map((p) => {
      const r = byPerson.get(p.id);
      return {
        id: p.id,
        fullName: p.full_name,
        jobType: p.job_type,
        ratings: r ? Number(r.n) : 0,
        averageRating: r ? Math.round(Number(r.avg) * 10) / 10 : null,
      };
    }),
  };
}
