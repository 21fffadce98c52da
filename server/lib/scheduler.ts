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
  /**
   * A job whose work is claimed row by row, not by period (the webhooks' sender): every process runs it every
   * `everyMs` while `due` finds work, and when woken; its runs are recorded, never claimed.
   */
  shared?: { everyMs: number; due(now: Date): Promise<boolean> };
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
  /**
   * Checks every minute (and at once) for due jobs, and every few seconds for the shared jobs' work, until the
   * returned function is called. `sharedOnly` starts the shared jobs alone (the journeys' server: its other jobs run
   * when a journey asks).
   */
  start(opts?: { sharedOnly?: boolean }): () => void;
  /**
   * Settles once the runs the started checks have begun are over: the app waits for it before it closes the database
   * (a job stopped halfway would leave its period claimed and its work undone).
   */
  finished(): Promise<void>;
  /** Runs a shared job now, in a process whose scheduler is started (a request just wrote its work); else nothing. */
  wake(name: string): void;
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

/**
 * A job every process runs every few seconds while `due` says there is work (server/lib/scheduler.ts `shared`):
 * what it works on is claimed row by row, so several processes may run it at once.
 */
export function everySeconds(
  name: string,
  seconds: number,
  due: (now: Date) => Promise<boolean>,
  run: (now: Date) => Promise<unknown>,
): ScheduledJob {
  const ms = seconds * 1000;
  return {
    name,
    periodAt: (now) => new Date(Math.floor(now.getTime() / ms) * ms).toISOString(),
    nextAt: (now) => new Date(Math.floor(now.getTime() / ms) * ms + ms),
    run: async (now) => void (await run(now)),
    shared: { everyMs: ms, due },
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

  /** A shared job's run, when it has work: recorded as its last run (and failure), never claimed. */
  async function runShared(job: ScheduledJob, now: Date): Promise<boolean> {
    if (!(await job.shared!.due(now))) return false;
    const at = now.toISOString();
    await db
      .insertInto('scheduled_jobs')
      .values({ job: job.name })
      .onConflict((oc) => oc.column('job').doNothing())
      .execute();
    try {
      await job.run(now, job.periodAt(now)!);
      await db
        .updateTable('scheduled_jobs')
        .set({ started_at: at, succeeded_at: new Date().toISOString(), error: null })
        .where('job', '=', job.name)
        .execute();
      jobRuns.inc({ job: job.name, outcome: 'done' });
    } catch (err) {
      jobRuns.inc({ job: job.name, outcome: 'failed' });
      log.error({ err, job: job.name }, 'scheduled job failed');
      const message = (err instanceof Error ? err.message : String(err)).slice(0, 500);
      await db
        .updateTable('scheduled_jobs')
        .set((eb) => ({ started_at: at, failed_at: at, error: message, failures: eb('failures', '+', 1) }))
        .where('job', '=', job.name)
        .execute();
    }
    return true;
  }

  async function runDue(now: Date = new Date()): Promise<string[]> {
    const ran: string[] = [];
    for (const job of jobs()) {
      if (job.shared) {
        if (await runShared(job, now)) ran.push(job.name);
        continue;
      }
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
      // Due now when this period has not been claimed yet: the next minute's check runs it. A shared job is never
      // claimed: it runs within seconds whenever it has work.
      const dueNow = !job.shared && period !== null && (!r?.period || r.period < period);
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

  /** Each shared job's runs in this process, one at a time: a wake during a run makes one more run after it. */
  const sharedRuns = new Map<string, { busy: boolean; again: boolean }>();
  let started = false;
  /** The started checks' runs in flight. */
  const running = new Set<Promise<unknown>>();
  const track = (run: Promise<unknown>) => {
    running.add(run);
    void run.finally(() => running.delete(run));
    return run;
  };
  function runSharedNow(job: ScheduledJob) {
    const state = sharedRuns.get(job.name) ?? { busy: false, again: false };
    sharedRuns.set(job.name, state);
    if (state.busy) {
      state.again = true;
      return;
    }
    state.busy = true;
    track(
      runShared(job, new Date())
        .catch((err) => log.error({ err, job: job.name }, 'scheduled job could not be checked'))
        .finally(() => {
          state.busy = false;
          if (state.again && started) {
            state.again = false;
            runSharedNow(job);
          }
        }),
    );
  }

  function start({ sharedOnly = false }: { sharedOnly?: boolean } = {}): () => void {
    started = true;
    let busy = false;
    const periodic = sharedOnly ? [] : jobs().filter((j) => !j.shared);
    const tick = () => {
      if (busy) return;
      busy = true;
      track(
        (async () => {
          for (const job of periodic) {
            if (!started) return;
            const now = new Date();
            const period = job.periodAt(now);
            if (period !== null) await runOne(job, period, now);
          }
        })()
          .catch((err) => log.error({ err }, 'scheduled jobs could not be checked'))
          .finally(() => (busy = false)),
      );
    };
    tick();
    const timers = [
      setInterval(tick, 60_000),
      ...jobs().flatMap((j) => (j.shared ? [setInterval(() => runSharedNow(j), j.shared.everyMs)] : [])),
    ];
    for (const t of timers) t.unref();
    return () => {
      started = false;
      for (const t of timers) clearInterval(t);
    };
  }

  function wake(name: string) {
    const job = started ? jobs().find((j) => j.name === name && j.shared) : undefined;
    if (job) runSharedNow(job);
  }

  async function finished() {
    while (running.size) await Promise.allSettled([...running]);
  }

  return { jobs, runDue, status, start, finished, wake };
}
