import { useId } from 'react';
import { Alert, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { MSG } from '../../../core/messages';
import { failureOf } from '../../lib/api';
import { lightTone } from '../../ui/tones';
import { useCampusTime } from '../site/useCampusTime';
import { useFollowRepair, useRoomOpenReports, type RoomOpenReportDto } from './api';
import { RepairStatusBadge } from './RepairParts';

/** Follow, or Following with Unfollow; one's own report says so instead. */
function FollowControl({ r }: { r: RoomOpenReportDto }) {
  const follow = useFollowRepair();
  if (r.mine) return <Badge {...lightTone('gray')}>Your report</Badge>;
  const toggle = (on: boolean) =>
    follow.mutate(
      { id: r.id, follow: on },
      {
        onSuccess: (res) => notifications.show({ color: 'green', message: res.message }),
        onError: (err) => notifications.show({ color: 'red', ...failureOf(err) }),
      },
    );
  if (!r.following)
    return (
      <Button size="xs" onClick={() => toggle(true)} loading={follow.isPending} aria-label={`Follow ${r.code}`}>
        Follow
      </Button>
    );
  return (
    <Group gap="xs">
      <Badge {...lightTone('green')}>Following</Badge>
      <Button size="xs" variant="default" onClick={() => toggle(false)} loading={follow.isPending} aria-label={`Unfollow ${r.code}`}>
        Unfollow
      </Button>
    </Group>
  );
}

/**
 * A room's open reports shown before a faculty member files another (docs/decisions/rooms-and-followers.md):
 * "Already reported:", each with its issue, status and date, and Follow so they can be told of its updates
 * instead of filing a second report. Nothing when the room has no open report.
 */
export function AlreadyReported({ roomId, roomName }: { roomId: number; roomName: string }) {
  const open = useRoomOpenReports(roomId);
  const campus = useCampusTime();
  const titleId = useId();
  if (open.isError) return null;
  const items = open.data?.items ?? [];
  if (!items.length) return null;
  const more = open.data!.total - items.length;
  return (
    <Alert color="yellow" variant="light" role="region" aria-labelledby={titleId}>
      <Stack gap="xs">
        <Text fw={700} id={titleId}>
          {MSG.alreadyReported}
        </Text>
        <Text size="sm">
          {roomName} has {open.data!.total === 1 ? 'an open report' : `${open.data!.total} open reports`}. If yours is the same problem,
          follow it to be told of its updates; you can still file a new report.
        </Text>
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
          {items.map((r) => (
            <li key={r.id}>
              <Group justify="space-between" wrap="wrap" gap="xs" align="flex-start">
                <Stack gap={2} style={{ flex: '1 1 220px', minWidth: 0 }}>
                  <Group gap="xs" wrap="wrap">
                    <Text size="sm" fw={600}>
                      {r.code}
                    </Text>
                    <RepairStatusBadge status={r.status} />
                    <Text size="sm" c="dark.6">
                      Reported {campus.day(r.dateReported)}
                    </Text>
                    {r.followers > 0 && (
                      <Text size="sm" c="dark.6">
                        · {r.followers} following
                      </Text>
                    )}
                  </Group>
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {r.issueDescription}
                  </Text>
                </Stack>
                <FollowControl r={r} />
              </Group>
            </li>
          ))}
        </Stack>
        {more > 0 && (
          <Text size="sm" c="dark.6">
            And {more} older open {more === 1 ? 'report' : 'reports'}.
          </Text>
        )}
      </Stack>
    </Alert>
  );
}
