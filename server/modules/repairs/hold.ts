/**
 * On hold (docs/decisions/repair-deadlines.md): the office or the person assigned stops a report's clock with a
 * reason (waiting for parts, no access to the room); resuming moves its deadlines on by the working time it waited.
 * Starting or completing the work waits for the resume (move.ts refuses them while on hold).
 */
import { firstError } from '../../../core/common/forms';
import { holdForm, shiftedBy } from '../../../core/repairs/deadlines';
import { MSG } from '../../../core/messages';
import * as say from '../../../core/repairs/notices';
import { workingMinutesBetween } from '../../../core/site/workingTime';
import type { Ctx } from '../../context';
import type { Db } from '../../db/database';
import type { Account } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../errors';
import type { SendMail } from '../../ports';
import { followersOf } from './followers';
import { about, notAssignedHere, rowOf } from './move';

type Report = NonNullable<Awaited<ReturnType<typeof rowOf>>>;

/** The report, if the actor may hold or resume it: the office any, personnel only theirs (others' are refused as not theirs). */
async function reportFor(trx: Db, actor: Account, id: number): Promise<Report> {
  const r = await rowOf(trx, id);
  if (!r) throw notFound(MSG.repairNotFound);
  if (actor.role === 'personnel' && r.assigned_to !== actor.id) throw notAssignedHere(r);
  return r;
}

/** The reporter, the followers and the person assigned, each once, never the one who acted. */
async function tellAll(ctx: Ctx, trx: Db, actor: Account, r: Report, notice: { title: string; message: string }): Promise<SendMail> {
  const people = new Set([r.reporter_id, r.assigned_to, ...(await followersOf(trx, r.id))]);
  people.delete(actor.id);
  people.delete(null);
  const entity = { type: 'repair_report', id: r.id } as const;
  const mails: SendMail[] = [];
  for (const person of people) mails.push(await ctx.activity.notify(person!, entity, notice, trx));
  return () => mails.forEach((m) => m());
}

export async function holdReport(ctx: Ctx, actor: Account, id: number, body: unknown): Promise<void> {
  const problem = firstError(holdForm, body);
  if (problem) throw badRequest(problem);
  const { reason } = holdForm.parse(body);
  const send = await ctx.db.transaction().execute(async (trx) => {
    const r = await reportFor(trx, actor, id);
    if (r.status === 'completed') throw conflict(MSG.repairCompletedNoHold, 'wrong_state');
    if (r.held_at) throw conflict(MSG.repairAlreadyOnHold, 'on_hold');
    const at = new Date().toISOString();
    const res = await trx
      .updateTable('repair_reports')
      .set({ held_at: at, hold_reason: reason, updated_at: at })
      .where('id', '=', id)
      .where('held_at', 'is', null)
      .where('status', '!=', 'completed')
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) === 0) throw conflict(MSG.repairChangedMeanwhile, 'wrong_state');
    await ctx.activity.record(about(actor, r), say.repairPutOnHold(actor.full_name, r, reason), trx);
    return tellAll(ctx, trx, actor, r, say.onHoldNotice(r, reason));
  });
  send();
}

export async function resumeReport(ctx: Ctx, actor: Account, id: number): Promise<void> {
  const send = await ctx.db.transaction().execute(async (trx) => {
    const r = await reportFor(trx, actor, id);
    if (!r.held_at) throw conflict(MSG.repairNotOnHold, 'not_on_hold');
    const calendar = await ctx.settings.calendar(trx);
    const zone = ctx.config.campusTimeZone;
    const now = new Date();
    const waited = workingMinutesBetween(new Date(r.held_at), now, calendar, zone);
    const shift = (iso: string | null) => shiftedBy(iso, waited, calendar, zone);
    const res = await trx
      .updateTable('repair_reports')
      .set({
        held_at: null,
        hold_reason: null,
        updated_at: now.toISOString(),
        respond_by: shift(r.respond_by),
        respond_soon: shift(r.respond_soon),
        fix_by: shift(r.fix_by),
        fix_soon: shift(r.fix_soon),
      })
      .where('id', '=', id)
      .where('held_at', '=', r.held_at)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) === 0) throw conflict(MSG.repairChangedMeanwhile, 'wrong_state');
    await ctx.activity.record(about(actor, r), say.repairResumed(actor.full_name, r), trx);
    return tellAll(ctx, trx, actor, r, say.resumedNotice(r));
  });
  send();
}
