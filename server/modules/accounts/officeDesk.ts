import { STAFF_ROLES, type Role } from '../../../core/roles';
import type { Ctx } from '../../context';
import type { Db } from '../../db/database';

/**
 * The office's own accounts as they are now, inside the caller's transaction: on PostgreSQL the administrator
 * and staff rows are locked first (SQLite runs one write transaction at a time), then the actor's role is read
 * again, so a demotion, deactivation or deletion committed a moment ago counts. Answers the actor's role now
 * (null once deleted or deactivated) and how many active administrators other than `exceptId` remain.
 */
export async function officeDeskNow(
  ctx: Ctx,
  trx: Db,
  actorId: number,
  exceptId: number,
): Promise<{ actorRole: Role | null; admins: number }> {
  if (ctx.dialect === 'postgres') {
    await trx
      .selectFrom('accounts')
      .select('id')
      .where('role', 'in', [...STAFF_ROLES])
      .orderBy('id')
      .forUpdate()
      .execute();
  }
  const actor = await trx
    .selectFrom('accounts')
    .select('role')
    .where('id', '=', actorId)
    .where('deactivated_at', 'is', null)
    .executeTakeFirst();
  const others = await trx
    .selectFrom('accounts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('role', '=', 'admin')
    .where('status', '=', 'accepted')
    .where('deactivated_at', 'is', null)
    .where('id', '!=', exceptId)
    .executeTakeFirstOrThrow();
  return { actorRole: actor?.role ?? null, admins: Number(others.n) };
}
