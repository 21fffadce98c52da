import { Anchor, Badge, Button, Card, Group, Pagination, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDeferredValue } from 'react';
import { Link } from 'react-router';
import { actionLabel } from '../../../core/activity/labels';
import { relativeTimeCoarse, relativeTimeFine } from '../../../core/time';
import { useListParams } from '../../ui/list';
import { lightTone, type Tone } from '../../ui/tones';
import { useCampusTime } from '../site/useCampusTime';
import { useActivity } from './api';

/** The badge's tone per action type; the words are core's one map (core/activity/labels.ts). */
const ACTION_TONES: Record<string, Tone> = {
  request_created: 'blue',
  request_approved: 'green',
  request_rejected: 'red',
  request_cancelled: 'gray',
  items_returned: 'teal',
  problem_reported: 'red',
  borrow_hold_placed: 'orange',
  borrow_hold_lifted: 'green',
  return_submitted: 'cyan',
  return_not_accepted: 'orange',
  reminder_sent: 'yellow',
  registration_accepted: 'green',
  registration_rejected: 'red',
  maintenance_mode: 'gray',
};
const labelOf = (type: string) => ({ label: actionLabel(type), color: ACTION_TONES[type] ?? 'gray' });

/**
 * The activity feed, 5 per page. The user feed (docs/product.md) and the admin dashboard (docs/product.md) page with
 * Previous/Next and "Page x of y"; the personnel feed shows page numbers and "showing x to y of n" (docs/product.md).
 * Times are relative: coarse for users, to the minute for the office.
 */
export function ActivityFeed({ title, variant }: { title: string; variant: 'user' | 'admin' | 'personnel' }) {
  // The feed's page lives in the address like every list's (back and refresh keep it).
  const { page, setPage } = useListParams({ tabs: ['all'], defaultTab: 'all' });
  // The answer arrives as an urgent update (the query cache is an external store); the feed it brings is drawn as a
  // deferred one, in slices that leave a phone free to respond, as lists are (ListState).
  const feed = useDeferredValue(useActivity(page));
  const campus = useCampusTime();
  const total = feed.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / 5));
  const relative = variant === 'user' ? relativeTimeCoarse : relativeTimeFine;
  const numbered = variant === 'personnel';
  return (
    <Card withBorder>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {feed.isPending ? (
        <Stack>
          {[1, 2, 3].map((i) => (
            <Skeleton key={i} h={44} />
          ))}
        </Stack>
      ) : feed.isError ? (
        <Text c="red.8" role="alert">
          {feed.error.message}
        </Text>
      ) : total === 0 ? (
        <Text c="dimmed">No activity yet</Text>
      ) : (
        <Stack gap="xs">
          {feed.data.items.map((a) => (
            <Group
              key={a.id}
              justify="space-between"
              wrap="nowrap"
              align="flex-start"
              pb="xs"
              style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
            >
              <Stack gap={2}>
                <Group gap="xs">
                  <Badge size="sm" {...lightTone(labelOf(a.actionType).color)}>
                    {labelOf(a.actionType).label}
                  </Badge>
                </Group>
                {a.link ? (
                  <Anchor component={Link} to={a.link} size="sm">
                    {a.description}
                  </Anchor>
                ) : (
                  <Text size="sm">{a.description}</Text>
                )}
              </Stack>
              <Text size="xs" c="dimmed" title={campus.dateTime(a.createdAt)} style={{ whiteSpace: 'nowrap' }}>
                {relative(a.createdAt)}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
      {total > 0 && (
        <Group justify="space-between" mt="sm" wrap="wrap">
          {numbered ? (
            <Text size="sm" c="dimmed">
              Showing {(page - 1) * 5 + 1} to {Math.min(page * 5, total)} of {total}
            </Text>
          ) : (
            <Text size="sm" c="dimmed">
              Page {page} of {pages}
            </Text>
          )}
          {numbered ? (
            <Pagination
              total={pages}
              value={page}
              onChange={setPage}
              size="sm"
              withEdges={false}
              getControlProps={(c) => ({ 'aria-label': c === 'previous' ? 'Previous' : c === 'next' ? 'Next' : c })}
            />
          ) : (
            <Group gap="xs">
              <Button size="xs" variant="default" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                Previous
              </Button>
              <Button size="xs" variant="default" disabled={page >= pages} onClick={() => setPage(page + 1)}>
                Next
              </Button>
            </Group>
          )}
        </Group>
      )}
    </Card>
  );
}
