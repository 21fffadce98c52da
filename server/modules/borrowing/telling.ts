import type { ActionTexts } from '../../../core/activity/notices';
import type { Ctx } from '../../context';
import type { Db } from '../../db/database';
import type { Account } from '../../db/schema';
import type { Involved, SendMail } from '../../ports';

/** Who is involved in a step on a request: the actor, the borrower it concerns, and the request itself. */
export const about = (actor: Account, request: { id: number; account_id: number | null }) => ({
  actorId: actor.id,
  subjectId: request.account_id,
  entity: { type: 'borrow_request', id: request.id } as const,
});

/**
 * An office decision's feed entry and, unless the caller tells the borrower itself, their notice: a weekly series
 * decided at once is one notice for all its dates (series.ts), not one per date.
 */
export const telling =
  (ctx: Ctx, tellBorrower: boolean) =>
  async (who: Involved, texts: ActionTexts, trx: Db): Promise<SendMail> => {
    if (tellBorrower) return ctx.activity.tell(who, texts, trx);
    await ctx.activity.record(who, texts.activity, trx);
    return () => {};
  };
