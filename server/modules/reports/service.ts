/**
 * Saved and scheduled reports (docs/decisions/reports.md). A scheduled report is due at its `next_run_at`; each
 * tick, in every process, the due ones are claimed one by one with an update guarded by the due time read, so
 * exactly one process sends a period; the mail (the PDF attached) is written in the claim's transaction, so a
 * failed send leaves the report due and it is tried again. A process that was down sends what fell due on its
 * first tick: once, then the next send day after now.
 */
import { REPORT_TITLES, reportFileName, type ReportKind } from '../../../core/reports/rules';
import { type ReportFilters, type SavedReportBody, savedReportBody } from '../../../core/reports/schemas';
import { nextRunAfter, periodOfRun } from '../../../core/reports/schedule';
import type { Ctx } from '../../context';
import { badRequest, notFound } from '../../errors';
import { letterheadOf } from '../../lib/letterhead';
import type { Account } from '../../db/schema';
import { filtersLine, reportPdf, totalsLine } from './files';
import { recipientsOf, buildReport, toSavedReport, type SavedReportRow } from './queries';

type Body = ReturnType<typeof savedReportBody.parse>;

async function checkedRecipients(ctx: Ctx, body: Body) {
  const admins = await recipientsOf(ctx.db);
  const known = new Set(admins.map((a) => a.id));
  const ids = [...new Set(body.recipientIds)];
  if (ids.some((id) => !known.has(id))) throw badRequest('Recipients must be active administrators or staff.');
  return { ids, people: new Map(admins.map((a) => [a.id, a.name])) };
}

export async function saveReport(ctx: Ctx, me: Account, input: SavedReportBody, now = new Date()) {
  const body = savedReportBody.parse(input);
  const { ids, people } = await checkedRecipients(ctx, body);
  const at = now.toISOString();
  const row = await ctx.db.transaction().execute((trx) =>
    trx
      .insertInto('saved_reports')
      .values({
        name: body.name,
        kind: body.kind,
        filters: JSON.stringify(body.filters),
        schedule: body.schedule,
        recipients: JSON.stringify(ids),
        next_run_at: nextRunAfter(body.schedule, now, ctx.config.campusTimeZone),
        last_sent_at: null,
        created_by: me.id,
        created_at: at,
        updated_at: at,
      })
      .returningAll()
      .executeTakeFirstOrThrow(),
  );
  return toSavedReport(row, people);
}

export async function updateReport(ctx: Ctx, id: number, input: SavedReportBody, now = new Date()) {
  const body = savedReportBody.parse(input);
  const { ids, people } = await checkedRecipients(ctx, body);
  const row = await ctx.db.transaction().execute(async (trx) => {
    const old = await trx.selectFrom('saved_reports').selectAll().where('id', '=', id).executeTakeFirst();
    if (!old) throw notFound('That saved report does not exist.');
    // A schedule kept keeps its due time (a period not yet sent stays due); a new one starts from now.
    const next =
      body.schedule === old.schedule && old.next_run_at ? old.next_run_at : nextRunAfter(body.schedule, now, ctx.config.campusTimeZone);
    return trx
      .updateTable('saved_reports')
      .set({
        name: body.name,
        kind: body.kind,
        filters: JSON.stringify(body.filters),
        schedule: body.schedule,
        recipients: JSON.stringify(ids),
        next_run_at: next,
        updated_at: now.toISOString(),
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  return toSavedReport(row, people);
}

export async function removeReport(ctx: Ctx, id: number) {
  const res = await ctx.db.deleteFrom('saved_reports').where('id', '=', id).executeTakeFirst();
  if (Number(res.numDeletedRows) === 0) throw notFound('That saved report does not exist.');
}

/** Sends each scheduled report due at `now`, once per period whatever the number of processes. Answers the ids sent. */
export async function sendDueReports(ctx: Ctx, now = new Date()): Promise<number[]> {
  const zone = ctx.config.campusTimeZone;
  const due = await ctx.db
    .selectFrom('saved_reports')
    .selectAll()
    .where('next_run_at', '<=', now.toISOString())
    .where('schedule', '!=', 'none')
    .orderBy('next_run_at')
    .orderBy('id')
    .limit(100)
    .execute();
  if (!due.length) return [];
  const head = await letterheadOf(ctx);
  const sent: number[] = [];
  for (const r of due) {
    try {
      if (await sendOne(ctx, r, now, head, zone)) sent.push(r.id);
    } catch (err) {
      ctx.log.error({ err, savedReport: r.id }, 'scheduled report failed');
    }
  }
  return sent;
}

async function sendOne(ctx: Ctx, r: SavedReportRow, now: Date, head: Awaited<ReturnType<typeof letterheadOf>>, zone: string) {
  const schedule = r.schedule as 'weekly' | 'monthly';
  const runAt = r.next_run_at!;
  return ctx.db.transaction().execute(async (trx) => {
    const claim = await trx
      .updateTable('saved_reports')
      .set({ next_run_at: nextRunAfter(schedule, now, zone), last_sent_at: now.toISOString() })
      .where('id', '=', r.id)
      .where('next_run_at', '=', runAt)
      .executeTakeFirst();
    if (Number(claim.numUpdatedRows) !== 1) return false;
    const filters = JSON.parse(r.filters) as ReportFilters;
    const period = periodOfRun(schedule, runAt, zone);
    const report = await buildReport({ ...ctx, db: trx }, r.kind as ReportKind, { ...filters, ...period }, now);
    const pdf = await reportPdf(report, head);
    const ids = new Set(JSON.parse(r.recipients) as number[]);
    const to = (await recipientsOf(trx)).filter((a) => ids.has(a.id));
    const link = new URL(`/admin/reports?saved=${r.id}`, ctx.config.appUrl).toString();
    for (const person of to)
      await ctx.mailer.send(
        {
          to: person.email,
          subject: `Scheduled report: ${r.name}`,
          text:
            `${REPORT_TITLES[report.kind]}, ${filtersLine(report)}.\n${totalsLine(report)}\n\n` +
            `The report is attached as a PDF. Open it in Campus GSO: ${link}\n\n` +
            `You receive this ${schedule === 'weekly' ? 'every Monday' : 'on the 1st of every month'} because an administrator scheduled "${r.name}" for you.`,
          attachments: [
            { filename: reportFileName(report.kind, report.from, report.to, 'pdf'), contentType: 'application/pdf', content: pdf },
          ],
        },
        trx,
      );
    return true;
  });
}
