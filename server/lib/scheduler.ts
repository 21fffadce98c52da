import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database';
import { jobRuns } from './metrics';

/**
 * A job the app runs on its own, once per period. The period is text that sorts in time order (a campus day, a
 * campus hour, the start of a slice of minutes), and the job runs at most once in each, in whichever process claims
 * it first.
 */
export interface ScheduledJob {
  name: string;
  /** The period `now` falls in, or null while the job is not due (a daily job before its time of day). */
  periodAt(now: Date): string | null;
  /** When the next period after `now`'s begins: the next run, once this period's has been made. */
  nextAt(now: Date): Date;
  run(now: Date, period: string): Promise<void>;
}

/** What administrators see of a job (GET /api/site/jobs). */
export interface JobStatus {
  name: string;
  lastRunAt: string | null;
  lastSuccessAt: string | null;
  lastFailureAt: string | null;
  lastError: string | null;
  failures: number;
  nextRunAt: string;
  /** Its period has come and no process has run it yet: the next minute's check runs it. */
  due: boolean;
}

export interface Scheduler {
  jobs(): ScheduledJob[];
  /** Runs the jobs due at `now` that no process has run in their period yet; returns the names it ran. */
  runDue(now?: Date): Promise<string[]>;
  status(now?: Date): Promise<JobStatus[]>;
  /** Checks every minute (and at once) for due jobs, until the returned function is called. */
  start(): () => void;
}

/** A job that runs in every slice of `minutes` (counted from midnight UTC), as soon as the slice begins. */
export function everyMinutes(name: string, minutes: number, run: (now: Date) => Promise<unknown>): ScheduledJob {
  const ms = minutes * 60_000;
  const start = (now: Date) => Math.floor(now.getTime() / ms) * ms;
  return {
    name,
    periodAt: (now) => new Date(start(now)).toISOString(),
    nextAt: (now) => new Date(start(now) + ms),
    run: async (now) => void (await run(now)),
  };
}

/** How long a failed run waits before its period is tried again: a lasting failure is not retried every minute. */
export const RETRY_AFTER_MS = 5 * 60_000;

/**
 * The one job runner. A job's period is claimed by a guarded UPDATE of its row (only a period later than the one
 * recorded is taken), committed before the job runs: of several processes, or several ticks, one runs it. A run that
 * fails is recorded (time, message, count) and gives its period back, to be tried again after RETRY_AFTER_MS (a
 * day's reminders are not lost to a passing fault); each job's work is one transaction, so nothing is done twice.
 */
export function createScheduler(db: Db, listJobs: () => ScheduledJob[], log: FastifyBaseLogger): Scheduler {
  let list: ScheduledJob[] | null = null;
  const jobs = () => (list ??= listJobs());

  /** Claims `period` for `job`; returns the period recorded before (to give back if the run fails), or false. */
  async function claim(job: ScheduledJob, period: string, now: Date): Promise<{ before: string | null } | false> {
    // Most checks find the period taken: a read, not a write, each minute.
    const seen = await db
      .selectFrom('scheduled_jobs')
      .select(['period', 'failed_at', 'error'])
      .where('job', '=', job.name)
      .executeTakeFirst();
    if (seen?.period && seen.period >= period) return false;
    if (seen?.error != null && seen.failed_at && now.getTime() - Date.parse(seen.failed_at) < RETRY_AFTER_MS) return false;
    if (!seen)
      await db
        .insertInto('scheduled_jobs')
        .values({ job: job.name })
        .onConflict((oc) => oc.column('job').doNothing())
        .execute();
    const { numUpdatedRows } = await db
      .updateTable('scheduled_jobs')
      .set({ period, started_at: now.toISOString() })
      .where('job', '=', job.name)
      .where((eb) => eb.or([eb('period', 'is', null), eb('period', '<', period)]))
      .executeTakeFirst();
    return Number(numUpdatedRows) === 1 && { before: seen?.period ?? null };
  }

  async function runOne(job: ScheduledJob, period: string, now: Date): Promise<boolean> {
    const claimed = await claim(job, period, now);
    if (!claimed) return false;
    try {
      await job.run(now, period);
      await db
        .updateTable('scheduled_jobs')
        .set({ succeeded_at: new Date().toISOString(), error: null })
        .where('job', '=', job.name)
        .execute();
      jobRuns.inc({ job: job.name, outcome: 'done' });
    } catch (err) {
      jobRuns.inc({ job: job.name, outcome: 'failed' });
      log.error({ err, job: job.name, period }, 'scheduled job failed');
      const message = (err instanceof Error ? err.message : String(err)).slice(0, 500);
      await db
        .updateTable('scheduled_jobs')
        .set((eb) => ({ period: claimed.before, failed_at: now.toISOString(), error: message, failures: eb('failures', '+', 1) }))
        .where('job', '=', job.name)
        .where('period', '=', period)
        .execute();
    }
    return true;
  }

  async function runDue(now: Date = new Date()): Promise<string[]> {
    const ran: string[] = [];
    for (const job of jobs()) {
      const period = job.periodAt(now);
      if (period !== null && (await runOne(job, period, now))) ran.push(job.name);
    }
    return ran;
  }

  async function status(now: Date = new Date()): Promise<JobStatus[]> {
    const rows = new Map((await db.selectFrom('scheduled_jobs').selectAll().execute()).map((r) => [r.job, r]));
    return jobs().map((job) => {
      const r = rows.get(job.name);
      const period = job.periodAt(now);
      // Due now when this period has not been claimed yet: the next minute's check runs it.
      const dueNow = period !== null && (!r?.period || r.period < period);
      return {
        name: job.name,
        lastRunAt: r?.started_at ?? null,
        lastSuccessAt: r?.succeeded_at ?? null,
        lastFailureAt: r?.failed_at ?? null,
        lastError: r?.error ?? null,
        failures: r?.failures ?? 0,
        nextRunAt: (dueNow ? now : job.nextAt(now)).toISOString(),
        due: dueNow,
      };
    });
  }

  function start(): () => void {
    let busy = false;
    const tick = () => {
      if (busy) return;
      busy = true;
      runDue()
        .catch((err) => log.error({ err }, 'scheduled jobs could not be checked'))
        .finally(() => (busy = false));
    };
    tick();
    const timer = setInterval(tick, 60_000);
    timer.unref();
    return () => clearInterval(timer);
  }

  return { jobs, runDue, status, start };
}
