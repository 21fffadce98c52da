/** The people a step tells (docs/decisions/notifications.md): the reporter and the followers, and the person assigned. */
import * as say from '../../../core/repairs/notices';
import type { RepairStatus } from '../../../core/repairs/rules';
import type { Ctx } from '../../context';
import type { Db } from '../../db/database';
import type { SendMail } from '../../ports';
import { nameOf } from '../accounts';
import { followersOf } from './followers';
import { today, type Row } from './move';
import { workSlotDatedText } from './slot';

/** The work's slot in a notice, with the day's date ("Monday, Nov 30, 2026, 09:00-11:00"), counted from today on campus. */
export const whenOf = (ctx: Ctx, r: Row & object) => workSlotDatedText(r, today(ctx));

/**
 * Tells the reporter their report's status changed, and each of its followers
 * (docs/decisions/rooms-and-followers.md); nothing when it did not change.
 */
export async function tellReporter(ctx: Ctx, trx: Db, before: Row & object, after: Row & object): Promise<SendMail> {
  if (before.status === after.status) return () => {};
  const personnel = after.assigned_to === null ? null : await nameOf(trx, after.assigned_to);
  const status = after.status as RepairStatus;
  const entity = { type: 'repair_report', id: after.id } as const;
  const mails: SendMail[] = [];
  if (after.reporter_id !== null)
    mails.push(await ctx.activity.notify(after.reporter_id, entity, say.statusChanged(after, status, personnel, whenOf(ctx, after)), trx));
  for (const follower of await followersOf(trx, after.id)) {
    if (follower === after.reporter_id) continue;
    mails.push(await ctx.activity.notify(follower, entity, say.followedStatusChanged(after, status, personnel, whenOf(ctx, after)), trx));
  }
  return sendAll(mails);
}

/** Tells the assigned person the report is now theirs; nothing when it already was. */
export async function tellAssignee(ctx: Ctx, trx: Db, before: Row & object, after: Row & object): Promise<SendMail> {
  if (after.assigned_to === null || before.assigned_to === after.assigned_to) return () => {};
  return ctx.activity.notify(
    after.assigned_to,
    { type: 'repair_report', id: after.id },
    say.assignedToYou(after, after.issue_description, after.priority, whenOf(ctx, after)),
    trx,
  );
}

export const sendAll = (mails: SendMail[]) => () => mails.forEach((m) => m());
