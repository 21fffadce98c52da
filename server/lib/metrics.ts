import client from 'prom-client';

/**
 * Prometheus metrics of this process (request durations by route, server errors, daily job runs), served at
 * /metrics when METRICS allows. With several workers each process keeps its own figures.
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
  help: 'Daily job runs by this process, by job and outcome',
  labelNames: ['job', 'outcome'] as const,
  registers: [registry],
});
