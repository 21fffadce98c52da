/**
 * Escalation by itself (docs/decisions/repair-deadlines.md): once a campus hour, in whichever process claims the
 * hour (server/lib/scheduler.ts), the person assigned hears of their jobs that became due soon, and the office
 * (administrators and staff) of the reports that became overdue: one digest per person per run, in the bell and
 * by mail. Each level is told once per deadline: a deadline moved on (resumed, priority changed) may be told again.
 */
import * as say from '../../../core/repairs/notices';
import { formatDateTimeIn } from '../../../core/time';
import type { Ctx } from '../../context';
import type { Db } from '../../db/database';
import type { DailyJob } from '../../lib/dailyJobs';
import type { SendMail } from '../../ports';
import { BY_THE_SYSTEM } from '../activity';
import { officeAccounts } from '../accounts';
import { RUNNING_DUE, RUNNING_SOON } from './listOrder';

export const ESCALATION_JOB = 'repair_escalation';

const dueRows = (trx: Db) =>
  trx
    .selectFrom('repair_reports')
    .select(['id', 'building', 'room', 'assigned_to', RUNNING_DUE.as('due')])
    .where('status', '!=', 'completed')
    .where('held_at', 'is', null)
    .orderBy(RUNNING_DUE)
    .orderBy('id');

export function repairEscalation(ctx: Ctx): DailyJob {
  return {
    name: ESCALATION_JOB,
    at: '00:00',
    every: 'hour',
    async work(trx, _today, now) {
      const at = now.toISOString();
      const soon = await dueRows(trx)
        .where('assigned_to', 'is not', null)
        .where(RUNNING_SOON, '<=', at)
        .where(RUNNING_DUE, '>', at)
        .where((eb) => eb.or([eb('soon_told', 'is', null), eb('soon_told', '!=', RUNNING_DUE)]))
        .execute();
      const overdue = await dueRows(trx)
        .where(RUNNING_DUE, '<=', at)
        .where((eb) => eb.or([eb('overdue_told', 'is', null), eb('overdue_told', '!=', RUNNING_DUE)]))
        .execute();
      const zone = ctx.config.campusTimeZone;
      const job = (r: (typeof soon)[number]): say.DueJob => ({
        ...r,
        due: formatDateTimeIn(r.due, zone),
        kind: r.assigned_to === null ? 'respond' : 'fix',
      });
      const mails: SendMail[] = [];
      const byAssignee = new Map<number, say.DueJob[]>();
      for (const r of soon) byAssignee.set(r.assigned_to!, [...(byAssignee.get(r.assigned_to!) ?? []), job(r)]);
      for (const [person, jobs] of byAssignee)
        mails.push(await ctx.activity.notify(person, { type: 'repair_report', id: jobs[0].id }, say.dueSoonDigest(jobs), trx));
      // The person assigned hears of their overdue jobs by Web Push only; the bell and mail tell the office.
      const overdueByAssignee = new Map<number, say.DueJob[]>();
      for (const r of overdue)
        if (r.assigned_to !== null) overdueByAssignee.set(r.assigned_to, [...(overdueByAssignee.get(r.assigned_to) ?? []), job(r)]);
      for (const [person, jobs] of overdueByAssignee)
        mails.push(() => ctx.push.send(person, say.overdueForYou(jobs), { type: 'repair_report', id: jobs[0].id }));
      if (overdue.length) {
        const digest = say.overdueDigest(overdue.map(job));
        for (const { id } of await officeAccounts(trx))
          mails.push(await ctx.activity.notify(id, { type: 'repair_report', id: overdue[0].id }, digest, trx));
      }
      const told = async (column: 'soon_told' | 'overdue_told', ids: number[]) => {
        if (ids.length)
          await trx
            .updateTable('repair_reports')
            .set({ [column]: RUNNING_DUE })
            .where('id', 'in', ids)
            .execute();
      };
      await told(
        'soon_told',
        soon.map((r) => r.id),
      );
      await told(
        'overdue_told',
        overdue.map((r) => r.id),
      );
      if (soon.length || overdue.length) await ctx.activity.record(BY_THE_SYSTEM, say.escalationsSent(soon.length, overdue.length), trx);
      return {
        summary: { dueSoon: soon.length, overdue: overdue.length, people: byAssignee.size },
        afterCommit: () => mails.forEach((m) => m()),
      };
    },
  };
}
