import type { ReactNode } from 'react';
import { Anchor, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { plural } from '../../../core/format';
import type { RoomEventDto } from '../../../core/locations/history';
import { ROOM_EVENT_LABELS } from '../../../core/locations/roomEvents';
import { Fact } from '../../ui/Fact';
import { ListState, Pager } from '../../ui/list';
import { PageHeader } from '../../ui/PageHeader';
import { PageLoader } from '../../ui/PageLoader';
import { RoomLoadError } from './RoomLoadError';
import { lightTone } from '../../ui/tones';
import { useCampusTime } from '../site/useCampusTime';
import { useRoomByCode, useRoomHistory, type RoomDto } from './api';

const PAGE_SIZE = 10;

function HistoryEntry({ e, portal }: { e: RoomEventDto; portal: 'admin' | 'personnel' }) {
  const campus = useCampusTime();
  return (
    <Card withBorder padding="sm" component="li">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="xs" wrap="wrap">
          <Badge {...lightTone(e.kind === 'inspected' ? 'gray' : e.kind === 'completed' ? 'green' : 'blue')}>
            {ROOM_EVENT_LABELS[e.kind]}
          </Badge>
          <Text size="sm" fw={600}>
            {e.code}
          </Text>
        </Group>
        <Text size="sm" c="dark.6">
          <time dateTime={e.at}>{campus.dateTime(e.at)}</time>
        </Text>
      </Group>
      <Text size="sm" mt={4}>
        {e.summary}
      </Text>
      <Text size="sm" c="dark.6">
        {[e.who && (e.kind === 'reported' ? `By ${e.who}` : e.kind === 'inspected' ? `Saved by ${e.who}` : e.who), e.when]
          .filter(Boolean)
          .join(' · ')}
        {e.kind === 'inspected' && portal === 'admin' && (
          <>
            {' · '}
            <Anchor component={Link} to="/admin/preventive-maintenance" size="sm">
              Preventive Maintenance
            </Anchor>
          </>
        )}
      </Text>
    </Card>
  );
}

function RoomDetails({ room }: { room: RoomDto }) {
  return (
    <Card withBorder component="section" aria-labelledby="room-details">
      <Stack gap="xs">
        <Group gap="xs">
          <Title order={2} size="h4" id="room-details">
            Details
          </Title>
          {room.suggested && <Badge {...lightTone('orange')}>Suggested</Badge>}
        </Group>
        <Group gap="lg" wrap="wrap" style={{ rowGap: 4 }}>
          <Fact label="Code">{room.code}</Fact>
          <Fact label="Name">{room.name}</Fact>
          <Fact label="Building">
            {room.buildingName} ({room.buildingCode})
          </Fact>
          <Fact label="Floor">{room.floor ?? '—'}</Fact>
        </Group>
        <Fact label="Notes">{room.notes ?? '—'}</Fact>
        {room.suggested && (
          <Text size="sm" c="dark.6">
            A repair report named this room; the office has not confirmed it on Buildings &amp; Rooms yet.
          </Text>
        )}
      </Stack>
    </Card>
  );
}

/**
 * A room's page for the office (/admin/rooms/:code) and the personnel (/personnel/rooms/:code)
 * (docs/decisions/rooms-and-followers.md): its details, its open and past reports, and its history newest first.
 */
export function RoomPage({
  code,
  portal,
  reports,
}: {
  code: string;
  portal: 'admin' | 'personnel';
  /** The room's repair reports, from the repairs feature: the portal's screen composes the two. */
  reports: (roomId: number) => ReactNode;
}) {
  const room = useRoomByCode(code);
  const roomId = room.data?.id ?? null;
  const [params, setParams] = useSearchParams();
  const rawHistory = Number(params.get('history'));
  const historyPage = Number.isInteger(rawHistory) && rawHistory >= 1 && rawHistory <= 100_000 ? rawHistory : 1;
  const history = useRoomHistory(roomId, historyPage, PAGE_SIZE);
  const back =
    portal === 'admin' ? (
      <Button component={Link} to="/admin/locations" variant="default" leftSection={<IconArrowLeft size={16} />}>
        Buildings &amp; Rooms
      </Button>
    ) : undefined;

  if (room.isPending) return <PageLoader />;
  if (room.isError) return <RoomLoadError error={room.error} onRetry={() => room.refetch()} actions={back} />;
  const r = room.data;
  return (
    <Stack gap="lg">
      <PageHeader title={`${r.name} (${r.code})`} subtitle={r.buildingName} actions={back} />
      <RoomDetails room={r} />

      {reports(r.id)}

      <Stack component="section" aria-labelledby="room-history" gap="sm">
        <Group gap="xs">
          <Title order={2} size="h4" id="room-history">
            History
          </Title>
          {history.data && (
            <Text size="sm" c="dark.6">
              {plural(history.data.total, 'event')}, newest first
            </Text>
          )}
        </Group>
        <ListState
          loading={history.isPending}
          error={history.isError ? history.error : null}
          onRetry={() => history.refetch()}
          empty={!!history.data && history.data.items.length === 0}
          emptyText="No history yet"
          emptyHint="Reports and inspections about this room will be listed here."
          skeletonHeight={60}
        >
          <Stack component="ol" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Room history">
            {history.data?.items.map((e) => (
              <HistoryEntry key={e.key} e={e} portal={portal} />
            ))}
          </Stack>
        </ListState>
        {history.data && (
          <Pager
            total={history.data.total}
            pageSize={PAGE_SIZE}
            page={historyPage}
            onChange={(p) =>
              setParams((cur) => {
                const next = new URLSearchParams(cur);
                if (p > 1) next.set('history', String(p));
                else next.delete('history');
                return next;
              })
            }
          />
        )}
      </Stack>
    </Stack>
  );
}
