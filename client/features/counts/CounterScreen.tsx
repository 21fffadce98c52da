import { useMemo } from 'react';
import { useNetwork } from '@mantine/hooks';
import { Alert, Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconCloudOff, IconDoorExit } from '@tabler/icons-react';
import { COUNT_MSG, COUNT_SCREEN } from '../../../core/inventory/counts';
import { STAFF_ROLES } from '../../../core/roles';
import { ApiError, failureOf } from '../../lib/api';
import { AppLink } from '../../lib/navigation';
import { useAddressParams } from '../../lib/useAddressParams';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { ListState } from '../../ui/list';
import { PageHeader } from '../../ui/PageHeader';
import { useMe } from '../auth/api';
import { useCount, useCountRoom, useCounts, useOpenRoomByCode, useRefreshFigures } from './api';
import { CountFigures } from './CountFigures';
import { scopeOf } from './CountsScreen';
import { keptCountOf, useKept, type KeptCount, type KeptRoom } from './keptCounting';
import { QuantityPanel } from './QuantityPanel';
import { RoomOpener } from './RoomOpener';
import { ScanField } from './ScanField';
import { RefusedScans, ScanLog } from './ScanLog';
import { useScanLog } from './useScanLog';

const idOf = (v: string | null) => (v && /^\d+$/.test(v) ? Number(v) : null);

/** The open counts to choose from. */
function OpenCounts({ onChoose }: { onChoose: (id: number) => void }) {
  const list = useCounts({ status: 'open', page: 1, pageSize: 50 });
  return (
    <ListState
      loading={list.isPending}
      error={list.isError ? list.error : null}
      onRetry={() => list.refetch()}
      empty={!!list.data && list.data.items.length === 0}
      emptyText="No count is open"
      emptyHint="The office starts a count; it shows here for counting."
      skeletonHeight={72}
    >
      {(list.data?.items ?? []).map((c) => (
        <Card key={c.id} withBorder>
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Text fw={600}>{c.reference}</Text>
              <Text size="sm">{c.name}</Text>
              <Text size="sm" c="dark.6">
                {scopeOf(c)} · {c.figures.found + c.figures.foundElsewhere} of {c.figures.expected} found
              </Text>
            </Stack>
            <Button style={{ flexShrink: 0 }} onClick={() => onChoose(c.id)} aria-label={`Count ${c.reference}`}>
              Count
            </Button>
          </Group>
        </Card>
      ))}
    </ListState>
  );
}

/** The scans waiting on this phone, why they wait, and a way to send them now. */
function Waiting({ n, stalled, onSend }: { n: number; stalled: 'offline' | 'signed-out' | null; onSend: () => void }) {
  const network = useNetwork();
  const offline = stalled === 'offline' || !network.online;
  if (n === 0 && !offline) return null;
  return (
    <Alert color={offline ? 'orange' : 'blue'} icon={offline ? <IconCloudOff size={18} aria-hidden /> : undefined} role="status">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Stack gap={2}>
          {n > 0 && <Text fw={700}>{COUNT_SCREEN.scansWaiting(n)}</Text>}
          {stalled === 'signed-out' ? (
            <Text size="sm">{COUNT_SCREEN.signedOut}</Text>
          ) : (
            offline && <Text size="sm">{COUNT_SCREEN.offline}</Text>
          )}
        </Stack>
        {n > 0 && stalled !== 'signed-out' && (
          <Button size="compact-sm" variant="default" onClick={onSend}>
            Send now
          </Button>
        )}
      </Group>
    </Alert>
  );
}

/** Counting one room: its figures, the scan field and camera, quantities, the running list. */
function RoomCounting({
  count,
  room,
  personId,
  onRoom,
  onLeave,
}: {
  count: KeptCount;
  room: KeptRoom;
  personId: number | null;
  onRoom: (r: KeptRoom) => void;
  onLeave: () => void;
}) {
  const figures = useCountRoom(count.id, room.id);
  const refresh = useRefreshFigures(count.id);
  const log = useScanLog(count.id, personId, () => void refresh());
  const byCode = useOpenRoomByCode(count.id);
  const last = log.lines.find((l) => l.state !== 'waiting');
  // The room refused (not in the count, gone): no scans here. Without a connection the counting goes on.
  const refusedAway = figures.error instanceof ApiError && !figures.error.isNetwork;
  return (
    <Stack>
      <Waiting n={log.queue.waiting.length} stalled={log.queue.stalled} onSend={log.queue.sendNow} />
      <Card withBorder>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Title order={2} size="h3">
              Room {room.code}
            </Title>
            <Text size="sm" c="dark.6">
              {room.name} · {room.buildingName}
            </Text>
          </Stack>
          <Button
            style={{ flexShrink: 0 }}
            variant="default"
            size="compact-sm"
            leftSection={<IconDoorExit size={16} aria-hidden />}
            onClick={onLeave}
          >
            Change room
          </Button>
        </Group>
      </Card>
      {refusedAway && <ErrorAlert {...failureOf(figures.error)} />}
      {figures.data ? (
        <CountFigures figures={figures.data.figures} label={`Figures of room ${room.code}`} />
      ) : (
        figures.isError &&
        !refusedAway && (
          <Text size="sm" c="dark.6">
            The room’s figures show again when the connection returns.
          </Text>
        )
      )}
      {!refusedAway && (
        <ScanField
          roomCode={room.code}
          lastAnswer={last ? `${last.text}: ${last.state === 'refused' ? 'not accepted' : (last.answer?.message ?? '')}` : null}
          onTag={(text) => void log.add({ roomId: room.id, tag: text }, { roomId: room.id, roomCode: room.code, text })}
          onRoom={async (text) => {
            try {
              const res = await byCode.mutateAsync(text);
              onRoom(res.room);
            } catch (err) {
              return failureOf(err).message;
            }
          }}
        />
      )}
      <RefusedScans
        refused={log.queue.refused}
        onDismiss={(id) => void log.queue.discard(id)}
        title={COUNT_SCREEN.notSent(log.queue.refused.length)}
      />
      {count.items.expected > 0 && !refusedAway && (
        <QuantityPanel
          countId={count.id}
          roomCode={room.code}
          onCount={(item, quantity) =>
            void log.add(
              { roomId: room.id, itemId: item.itemId, quantity },
              { roomId: room.id, roomCode: room.code, text: `${item.itemName}: ${quantity}`, quantity },
            )
          }
        />
      )}
      <ScanLog lines={log.lines} />
    </Stack>
  );
}

/**
 * Count rooms (docs/decisions/counts.md), made for a phone: choose an open count, open a room by its label or by
 * choosing it, then scan, type or paste tags; each answer shows at once. Scans made without a signal wait on the
 * phone ("N scans waiting") and are sent in order when the connection returns (docs/decisions/offline-queue.md).
 */
export default function CounterScreen() {
  const [params, update] = useAddressParams();
  const countId = idOf(params.get('count'));
  const roomId = idOf(params.get('room'));
  const me = useMe();
  const personId = me.data?.id ?? null;
  const office = !!me.data && STAFF_ROLES.includes(me.data.role);
  const count = useCount(countId ?? 0, countId !== null);
  const answer = useMemo(() => (count.data ? keptCountOf(count.data) : undefined), [count.data]);
  const kept = useKept<KeptCount>(countId === null ? null : `count:${countId}`, answer);
  const roomAnswer = useCountRoom(countId ?? 0, roomId).data?.room;
  const room = useKept<KeptRoom>(countId === null || roomId === null ? null : `room:${roomId}`, roomAnswer);
  const go = (changes: Record<string, string | null>) =>
    update((next) => {
      for (const [k, v] of Object.entries(changes)) {
        if (v === null) next.delete(k);
        else next.set(k, v);
      }
      return next;
    });
  const openRoom = (r: KeptRoom) => {
    try {
      localStorage.setItem(`gso:counting:room:${r.id}`, JSON.stringify(r));
    } catch {
      // kept only while connected
    }
    go({ room: String(r.id) });
  };

  return (
    <Stack maw={720}>
      <PageHeader
        title={COUNT_SCREEN.countRooms}
        subtitle={kept ? `${kept.reference} · ${kept.name}` : 'Choose the count, open a room, then scan its labels'}
      />
      {countId === null ? (
        <OpenCounts onChoose={(id) => go({ count: String(id), room: null })} />
      ) : !kept ? (
        <ListState
          loading={count.isPending}
          error={count.isError ? count.error : null}
          onRetry={() => count.refetch()}
          empty={false}
          emptyText=""
          skeletonHeight={72}
        >
          {null}
        </ListState>
      ) : kept.status === 'closed' ? (
        <Alert color="gray" role="status">
          {COUNT_MSG.closed(kept.reference)}{' '}
          <Anchor component={AppLink} to={office ? '/admin/count' : '/personnel/count'}>
            Choose another count
          </Anchor>
        </Alert>
      ) : roomId === null || !room ? (
        <>
          <Group gap="xs">
            <Button variant="subtle" size="compact-sm" onClick={() => go({ count: null, room: null })}>
              Choose another count
            </Button>
          </Group>
          <RoomOpener count={kept} onOpen={openRoom} />
        </>
      ) : (
        <RoomCounting count={kept} room={room} personId={personId} onRoom={openRoom} onLeave={() => go({ room: null })} />
      )}
    </Stack>
  );
}
