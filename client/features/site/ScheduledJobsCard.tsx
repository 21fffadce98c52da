import { Badge, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import type { ScheduledJobs } from '../../../core/site/schemas';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { lightTone, type Tone } from '../../ui/tones';
import { useScheduledJobs } from './api';
import { useCampusTime } from './useCampusTime';

type Job = ScheduledJobs['jobs'][number];

/** Whether the job's last run failed (a failure since its last success), succeeded, or it has not run yet. */
function outcomeOf(job: Job): { label: string; color: Tone } {
  if (job.lastError) return { label: 'Last run failed', color: 'red' };
  if (job.lastSuccessAt) return { label: 'Last run succeeded', color: 'green' };
  return { label: 'Not run yet', color: 'gray' };
}

/**
 * What the app does on its own (server/jobs.ts), for administrators: when each job last ran, when it runs next,
 * and its last failure, so a job that stopped working is seen here rather than missed by the people it serves.
 */
export function ScheduledJobsCard() {
  const jobs = useScheduledJobs();
  const time = useCampusTime();
  return (
    <Card withBorder padding="lg" maw={640} component="section" aria-labelledby="scheduled-jobs-title">
      <Title order={2} size="h4" id="scheduled-jobs-title">
        Scheduled jobs
      </Title>
      <Text size="sm" c="dark.6" mt={4} mb="md">
        What the system does on its own. A job that fails is tried again in its next period.
      </Text>
      {jobs.isError && <ErrorAlert message={jobs.error.message} />}
      {jobs.isPending && <Text size="sm">Loading...</Text>}
      {jobs.data && (
        <List listStyleType="none" spacing="md" aria-label="Scheduled jobs">
          {jobs.data.jobs.map((job) => {
            const outcome = outcomeOf(job);
            return (
              <List.Item key={job.name}>
                <Stack gap={2}>
                  <Group gap="xs" wrap="wrap">
                    <Text fw={600} size="sm">
                      {job.label}
                    </Text>
                    <Badge {...lightTone(outcome.color)}>{outcome.label}</Badge>
                  </Group>
                  {job.every && (
                    <Text size="sm" c="dark.6">
                      {job.every}
                    </Text>
                  )}
                  <Text size="sm">
                    Last run: {job.lastRunAt ? time.dateTime(job.lastRunAt) : 'never'}. Next run:{' '}
                    {job.due ? 'within a minute' : time.dateTime(job.nextRunAt)}.
                  </Text>
                  {job.lastFailureAt && (
                    <Text size="sm" c={job.lastError ? 'red.9' : 'dark.6'}>
                      Last failure: {time.dateTime(job.lastFailureAt)}
                      {job.lastError ? ` (${job.lastError})` : ''}. Failed runs: {job.failures}.
                    </Text>
                  )}
                </Stack>
              </List.Item>
            );
          })}
        </List>
      )}
    </Card>
  );
}
