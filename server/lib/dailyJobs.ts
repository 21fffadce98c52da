import type { Db } from '../db/database';
import { instantAt, todayIn } from '../../core/time';
import { jobRuns } from './metrics';

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
 * Runs each job at most once per campus day (or hour), in whichever process gets there first: the day is claimed by
 * inserting its (job, day) row in the same transaction as the work, so a second process (or a second tick)
 * finds the row and does nothing, and a run that fails leaves no claim and is tried again on the next tick.
 * A server that was down at the hour runs the job when it comes back the same day.
 * Returns the names of the jobs this call ran.
 */
export async function runDueJobs(db: Db, timeZone: string, jobs: DailyJob[], now: Date = new Date()): Promise<string[]> {
  const today = todayIn(timeZone, now);
  const ran: string[] = [];
  for (const job of jobs) {
    if (now.getTime() < Date.parse(instantAt(today, job.at, timeZone))) continue;
    // The period claimed: the campus day, or the campus hour ("2026-11-26 14").
    const period = job.every === 'hour' ? `${today} ${hourIn(timeZone, now)}` : today;
    const done = await db.selectFrom('job_runs').select('job').where('job', '=', job.name).where('run_on', '=', period).executeTakeFirst();
    if (done) continue;
    const after = await db
      .transaction()
      .execute(async (trx) => {
        const claim = await trx
          .insertInto('job_runs')
          .values({ job: job.name, run_on: period, started_at: now.toISOString(), summary: '{}' })
          .onConflict((oc) => oc.columns(['job', 'run_on']).doNothing())
          .executeTakeFirst();
        if (Number(claim.numInsertedOrUpdatedRows ?? 0) === 0) return null;
        const outcome = await job.work(trx, today, now);
        await trx
          .updateTable('job_runs')
          .set({ summary: JSON.stringify(outcome.summary) })
          .where('job', '=', job.name)
          .where('run_on', '=', period)
          .execute();
        return outcome.afterCommit ?? (() => {});
      })
      .catch((err: unknown) => {
        jobRuns.inc({ job: job.name, outcome: 'failed' });
        throw err;
      });
    if (after) {
      jobRuns.inc({ job: job.name, outcome: 'done' });
      after();
      ran.push(job.name);
    }
  }
  return ran;
}

/** Checks every minute (and at once) for jobs that are due. Stops with the returned function. */
export function startDailyJobs(db: Db, timeZone: string, jobs: DailyJob[], onError: (err: unknown) => void): () => void {
  let running = false;
  const tick = () => {
    if (running) return;
    running = true;
    runDueJobs(db, timeZone, jobs)
      .catch(onError)
      .finally(() => (running = false));
  };
  tick();
  const timer = setInterval(tick, 60_000);
  timer.unref();
  return () => clearInterval(timer);
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
