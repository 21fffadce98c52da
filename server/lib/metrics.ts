import client from 'prom-client';

/**
 * Prometheus metrics of this process (request durations by route, server errors, scheduled job runs), served at
 * /metrics when METRICS allows. With several workers each process keeps its own figures, but for the scheduled jobs'
 * gauges, which read the database.
 */
export const registry = new client.Registry();
client.collectDefaultMetrics({ register: registry });

export const requestDuration = new client.Histogram({
  name: 'gso_http_request_duration_seconds',
  help: 'Time to answer a request, by route pattern and status',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers: [registry],
});

export const serverErrors = new client.Counter({
  name: 'gso_http_server_errors_total',
  help: 'Requests answered with a 5xx status, by route pattern',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [registry],
});

export const jobRuns = new client.Counter({
  name: 'gso_job_runs_total',
  help: 'Scheduled job runs by this process, by job and outcome',
  labelNames: ['job', 'outcome'] as const,
  registers: [registry],
});

/** Web Push (docs/decisions/push.md): notices accepted by the push services, refused or not delivered, and gone devices. */
export const pushSent = new client.Counter({
  name: 'gso_push_sent_total',
  help: 'Web Push notices the push services accepted',
  registers: [registry],
});

export const pushFailures = new client.Counter({
  name: 'gso_push_failures_total',
  help: 'Web Push notices not delivered, by reason (the push service status, or network)',
  labelNames: ['reason'] as const,
  registers: [registry],
});

export const pushRemoved = new client.Counter({
  name: 'gso_push_subscriptions_removed_total',
  help: 'Push subscriptions deleted because the push service said they are gone (404 or 410)',
  registers: [registry],
});

/** A scheduled job's figures, read from the database when /metrics is asked, so every process tells the same. */
export interface JobFigures {
  name: string;
  lastSuccessAt: string | null;
  failures: number;
}
let jobFigures: () => Promise<JobFigures[]> = async () => [];
/** Where the job gauges read their figures (the scheduler of this process). */
export const setJobFigures = (read: () => Promise<JobFigures[]>) => void (jobFigures = read);

new client.Gauge({
  name: 'gso_job_last_success_seconds',
  help: 'When each scheduled job last succeeded (Unix time; 0 when it never has)',
  labelNames: ['job'] as const,
  registers: [registry],
  async collect() {
    for (const j of await jobFigures().catch(() => [])) this.set({ job: j.name }, j.lastSuccessAt ? Date.parse(j.lastSuccessAt) / 1000 : 0);
  },
});

new client.Gauge({
  name: 'gso_job_failures',
  help: 'Failed runs of each scheduled job, across all processes',
  labelNames: ['job'] as const,
  registers: [registry],
  async collect() {
    for (const j of await jobFigures().catch(() => [])) this.set({ job: j.name }, j.failures);
  },
});
