// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ScheduledJobs } from '../../core/site/schemas';
import { siteKeys, siteStatusKey } from '../../client/lib/queryKeys';
import { ScheduledJobsCard } from '../../client/features/site/ScheduledJobsCard';

const job = (over: Partial<ScheduledJobs['jobs'][number]>): ScheduledJobs['jobs'][number] => ({
  name: 'housekeeping',
  label: 'Housekeeping',
  every: 'Every 10 minutes',
  lastRunAt: null,
  lastSuccessAt: null,
  lastFailureAt: null,
  lastError: null,
  failures: 0,
  nextRunAt: '2026-11-28T02:10:00.000Z',
  due: false,
  ...over,
});

function show(jobs: ScheduledJobs['jobs']) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  qc.setQueryData(siteKeys.jobs(), { jobs });
  qc.setQueryData(siteStatusKey, { timeZone: 'Asia/Manila' });
  render(
    <MantineProvider>
      <QueryClientProvider client={qc}>
        <ScheduledJobsCard />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return within(screen.getByRole('list', { name: 'Scheduled jobs' }));
}

afterEach(cleanup);

describe('the scheduled jobs card', () => {
  it('shows each job with its last and next run in campus time, and a failure with its message and count', () => {
    const list = show([
      job({
        name: 'return_reminders',
        label: 'Return reminders',
        lastRunAt: '2026-11-28T00:00:00.000Z',
        lastSuccessAt: '2026-11-28T00:00:02.000Z',
      }),
      job({ lastRunAt: '2026-11-28T02:00:00.000Z', lastFailureAt: '2026-11-28T02:00:01.000Z', lastError: 'disk full', failures: 3 }),
      job({ name: 'saved_reports', label: 'Scheduled reports', every: 'Every minute', due: true }),
    ]);
    const [reminders, housekeeping, reports] = list.getAllByRole('listitem');
    expect(reminders.textContent).toContain('Last run succeeded');
    expect(reminders.textContent).toContain('Last run: Nov 28, 2026, 8:00 AM.');
    expect(housekeeping.textContent).toContain('Last run failed');
    expect(housekeeping.textContent).toContain('Last failure: Nov 28, 2026, 10:00 AM (disk full). Failed runs: 3.');
    expect(housekeeping.textContent).toContain('Next run: Nov 28, 2026, 10:10 AM.');
    expect(reports.textContent).toContain('Not run yet');
    expect(reports.textContent).toContain('Last run: never. Next run: within a minute.');
  });

  it('keeps an old failure visible but no longer calls the job failed once a run has succeeded', () => {
    const [item] = show([
      job({ lastSuccessAt: '2026-11-28T02:10:01.000Z', lastFailureAt: '2026-11-28T02:00:01.000Z', failures: 1 }),
    ]).getAllByRole('listitem');
    expect(item.textContent).toContain('Last run succeeded');
    expect(item.textContent).toContain('Last failure: Nov 28, 2026, 10:00 AM. Failed runs: 1.');
  });
});
