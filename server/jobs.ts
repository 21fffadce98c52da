import { sql } from 'kysely';
import type { Ctx } from './context';
import { sweep } from './lib/counters';
import { dailyJob } from './lib/dailyJobs';
import { pruneRowChanges } from './lib/rowChanges';
import { everyMinutes, type ScheduledJob } from './lib/scheduler';
import { endExpiredSessions } from './plugins/auth';
import { pruneIdempotencyKeys } from './plugins/idempotency';
import { overdueEvents, reservationRelease, returnReminders } from './modules/borrowing';
import { reorderDigestJob } from './modules/inventory';
import { repairEscalation } from './modules/repairs';
import { sendDueReports } from './modules/reports';
import { deliveryJob, pruneDeliveries } from './modules/webhooks';

/** The names of the app's scheduled jobs, as the admin screen and /metrics show them. */
export const HOUSEKEEPING_JOB = 'housekeeping';
export const SAVED_REPORTS_JOB = 'saved_reports';

/**
 * Everything the app does on its own, each job with its period: the campus-day jobs at their time of day, the
 * hourly escalation, the saved reports checked every minute (each report is claimed again by its own next run),
 * the webhooks' deliveries every few seconds while there are some (each claimed row by row), and the housekeeping
 * every ten minutes. One scheduler runs them all (server/lib/scheduler.ts).
 */
export function scheduledJobs(ctx: Ctx): ScheduledJob[] {
  const campus = [returnReminders(ctx), repairEscalation(ctx), reservationRelease(ctx), reorderDigestJob(ctx), overdueEvents()]
    .filter((job) => job !== null)
    .map((job) => dailyJob(ctx.db, ctx.config.campusTimeZone, job));
  return [
    ...campus,
    everyMinutes(SAVED_REPORTS_JOB, 1, (now) => sendDueReports(ctx, now)),
    deliveryJob(ctx),
    everyMinutes(HOUSEKEEPING_JOB, 10, async () => {
      // Expired rate-limit windows, sessions and idempotency keys, and the row changes no list needs any more.
      await sweep(ctx.db);
      await endExpiredSessions(ctx.db);
      await pruneIdempotencyKeys(ctx.db);
      await pruneRowChanges(ctx.db);
      await pruneDeliveries(ctx);
      if (ctx.dialect === 'sqlite') await sql`pragma optimize`.execute(ctx.db);
    }),
  ];
}
