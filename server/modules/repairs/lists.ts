/** The three repair lists (docs/product.md): the office's, the assigned person's and the reporter's My Reports. */
import type { RepairsParams } from '../../../core/repairs/schemas';
import type { Ctx } from '../../context';
import type { Db } from '../../db/database';
import { dueOrder, newestFirst, officeOrder } from './listOrder';
import { listOf, repairLists } from './listQuery';
import { reports } from './reportRows';

/** The office's list (docs/product.md): every report. */
export const officeRepairs = (ctx: Ctx, q: RepairsParams) =>
  repairLists(ctx.db, q, JSON.stringify(['office', q]), (at) =>
    listOf(ctx, reports(ctx.db), q, q.sort === 'due' ? dueOrder : officeOrder(q.status), at, true),
  );

/** The assigned person's list (docs/product.md): only reports assigned to this account, decided by the server. */
export const assignedRepairs = (ctx: Ctx, accountId: number, q: RepairsParams) =>
  repairLists(ctx.db, q, JSON.stringify(['assigned', accountId, q]), (at) =>
    listOf(ctx, reports(ctx.db).where('rr.assigned_to', '=', accountId), q, q.sort === 'due' ? dueOrder : officeOrder(q.status), at),
  );

/** The ids of the reports an account follows, as a subquery (docs/decisions/rooms-and-followers.md). */
const followedBy = (db: Db, accountId: number) => db.selectFrom('repair_followers').select('report_id').where('account_id', '=', accountId);

/**
 * The reporter's My Reports, newest first: the reports they filed and those they follow (each marked followed by
 * its reporter not being them; docs/decisions/rooms-and-followers.md).
 */
export const myRepairs = (ctx: Ctx, accountId: number, q: RepairsParams) =>
  repairLists(ctx.db, q, JSON.stringify(['reported', accountId, q]), (at) =>
    listOf(
      ctx,
      reports(ctx.db).where((eb) => eb.or([eb('rr.reporter_id', '=', accountId), eb('rr.id', 'in', followedBy(ctx.db, accountId))])),
      q,
      newestFirst,
      at,
    ),
  );
