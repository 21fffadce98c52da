import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database';
import { addDays, instantAt, todayIn } from '../../core/time';
import { createScheduler, type ScheduledJob } from './scheduler';

/** What a run did (kept as its summary) and what to do once its transaction has committed (mail). */
export interface JobOutcome {
  summary: Record<string, unknown>;
  afterCommit?: () => void;
}

export interface DailyJob {
  name: string;
  /** Campus time of day (HH:MM) from which the day's run is due. */
  at: string;
  /** Once a campus day (the default), or once in each campus hour from `at` on. */
  every?: 'day' | 'hour';
  work: (trx: Db, today: string, now: Date) => Promise<JobOutcome>;
}

/** The campus hour of an instant, "00" to "23". */
const hourIn = (timeZone: string, now: Date) =>
  new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', hourCycle: 'h23' }).format(now).padStart(2, '0');

/**
 * A job of the campus day for the scheduler (server/lib/scheduler.ts): its period is the campus day, or the campus
 * hour ("2026-11-26 14"), from its time of day on, so a server that was down at that time runs it when it comes back
 * the same day. Its work is one transaction, which also keeps the run's summary (job_runs, read by the screens
 * that say what the last run did); mail goes once that has committed.
 */
export function dailyJob(db: Db, timeZone: string, job: DailyJob): ScheduledJob {
  const startOf = (day: string) => new Date(instantAt(day, job.at, timeZone));
  return {
    name: job.name,
    periodAt(now) {
      const today = todayIn(timeZone, now);
      if (now < startOf(today)) return null;
      return job.every === 'hour' ? `${today} ${hourIn(timeZone, now)}` : today;
    },
    nextAt(now) {
      const today = todayIn(timeZone, now);
      if (now < startOf(today)) return startOf(today);
      const tomorrow = startOf(addDays(today, 1));
      if (job.every !== 'hour') return tomorrow;
      const next = Number(hourIn(timeZone, now)) + 1;
      return next > 23 ? tomorrow : new Date(instantAt(today, `${String(next).padStart(2, '0')}:${job.at.slice(3)}`, timeZone));
    },
    async run(now, period) {
      const after = await db.transaction().execute(async (trx) => {
        const outcome = await job.work(trx, todayIn(timeZone, now), now);
        await trx
          .insertInto('job_runs')
          .values({ job: job.name, run_on: period, started_at: now.toISOString(), summary: JSON.stringify(outcome.summary) })
          .onConflict((oc) =>
            oc.columns(['job', 'run_on']).doUpdateSet({ started_at: now.toISOString(), summary: JSON.stringify(outcome.summary) }),
          )
          .execute();
        return outcome.afterCommit;
      });
      after?.();
    },
  };
}

/** Runs the given daily jobs that are due at `now` through the scheduler, as the app's scheduler would (for tests). */
export async function runDueJobs(db: Db, timeZone: string, jobs: DailyJob[], now: Date = new Date(), log?: FastifyBaseLogger) {
  const quiet = { error: () => {} } as unknown as FastifyBaseLogger;
  return createScheduler(db, () => jobs.map((j) => dailyJob(db, timeZone, j)), log ?? quiet).runDue(now);
}

/** The last run of a job: its day, when it started and its summary. */
export async function lastRun(db: Db, job: string) {
  const row = await db
    .selectFrom('job_runs')
    .select(['run_on', 'started_at', 'summary'])
    .where('job', '=', job)
    .orderBy('run_on', 'desc')
    .executeTakeFirst();
  return row ? { runOn: row.run_on, startedAt: row.started_at, summary: JSON.parse(row.summary) as Record<string, unknown> } : null;
}
