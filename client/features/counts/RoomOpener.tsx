import { useState } from 'react';
import { Alert, Button, Card, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDoorEnter, IconScan } from '@tabler/icons-react';
import { failureOf } from '../../lib/api';
import { ListState } from '../../ui/list';
import { TONE } from '../../ui/tones';
import { useBuildings, useRooms } from '../locations/api';
import { ScanDialog } from '../scan/ScanDialog';
import { useOpenRoomByCode } from './api';
import type { KeptCount, KeptRoom } from './keptCounting';

const ROOMS_SHOWN = 20;

/**
 * Open a room to count it: by its label (the camera, or the label's code or address typed or pasted), or chosen
 * by building and a search of its code or name. The server says whether the room is in the count.
 */
export function RoomOpener({ count, onOpen }: { count: KeptCount; onOpen: (room: KeptRoom) => void }) {
  const byCode = useOpenRoomByCode(count.id);
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [scanning, setScanning] = useState(false);
  const allBuildings = useBuildings();
  const buildings = count.wholeCampus ? (allBuildings.data?.items ?? []) : count.buildings;
  const [building, setBuilding] = useState<string | null>(count.buildings.length === 1 ? String(count.buildings[0]!.id) : null);
  const [search, setSearch] = useState('');
  const [settled] = useDebouncedValue(search.trim(), 300);
  const rooms = useRooms({ building: building ? Number(building) : undefined, search: settled, pageSize: ROOMS_SHOWN });
  const inCount = (b: number) => count.wholeCampus || count.buildings.some((x) => x.id === b);
  const choices = (rooms.data?.items ?? []).filter((r) => inCount(r.buildingId));

  const open = async (text: string): Promise<string | undefined> => {
    try {
      const res = await byCode.mutateAsync(text);
      setProblem(null);
      onOpen(res.room);
      return undefined;
    } catch (err) {
      const { message } = failureOf(err);
      return message;
    }
  };
  const submitCode = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!code.trim()) return setProblem('Type or paste the room’s code.');
    setProblem((await open(code.trim())) ?? null);
  };

  return (
    <Stack>
      <Card withBorder component="section" aria-labelledby="open-by-label">
        <Title order={2} size="h4" id="open-by-label" mb="xs">
          Open a room by its label
        </Title>
        <form onSubmit={submitCode} noValidate>
          <Stack gap="xs">
            {problem && (
              <Alert color="red" role="alert" styles={{ message: { color: TONE.red } }}>
                {problem}
              </Alert>
            )}
            <TextInput
              label="Room code"
              description="Printed on the room’s label; its address works too"
              value={code}
              autoCapitalize="characters"
              autoComplete="off"
              spellCheck={false}
              onChange={(e) => setCode(e.currentTarget.value)}
            />
            <Group gap="xs">
              <Button type="submit" leftSection={<IconDoorEnter size={18} />} loading={byCode.isPending && !scanning}>
                Open room
              </Button>
              <Button variant="default" leftSection={<IconScan size={18} />} onClick={() => setScanning(true)}>
                Scan room label
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
      <Card withBorder component="section" aria-labelledby="open-by-choice">
        <Title order={2} size="h4" id="open-by-choice" mb="xs">
          Or choose the room
        </Title>
        <Stack gap="xs">
          <Select
            label="Building"
            placeholder="All buildings of the count"
            clearable
            searchable
            comboboxProps={{ keepMounted: false }}
            value={building}
            data={buildings.map((b) => ({ value: String(b.id), label: b.name }))}
            onChange={setBuilding}
          />
          <TextInput
            label="Search rooms"
            placeholder="Room code or name"
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
          />
          <ListState
            loading={rooms.isPending}
            error={rooms.isError ? rooms.error : null}
            onRetry={() => rooms.refetch()}
            empty={!!rooms.data && choices.length === 0}
            emptyText="No rooms found"
            emptyHint={settled ? `No room of the count matches "${settled}".` : 'Choose a building or search.'}
            skeletonHeight={36}
          >
            <Stack gap={6} role="list" aria-label="Rooms">
              {choices.map((r) => (
                <Group key={r.id} role="listitem" justify="space-between" wrap="nowrap" gap="xs">
                  <Text size="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                    <Text span fw={600}>
                      {r.code}
                    </Text>{' '}
                    · {r.name}
                    <Text span c="dark.6">
                      {' '}
                      ({r.buildingName})
                    </Text>
                  </Text>
                  <Button
                    size="compact-sm"
                    style={{ flexShrink: 0 }}
                    variant="light"
                    onClick={() => onOpen({ id: r.id, code: r.code, name: r.name, buildingName: r.buildingName })}
                    aria-label={`Open room ${r.code}`}
                  >
                    Open
                  </Button>
                </Group>
              ))}
            </Stack>
          </ListState>
        </Stack>
      </Card>
      {scanning && (
        <ScanDialog
          title="Scan the room’s label"
          typedLabel="Room code"
          onClose={() => setScanning(false)}
          onRead={async (text) => {
            const said = await open(text);
            if (said === undefined) setScanning(false);
            return said;
          }}
        />
      )}
    </Stack>
  );
}
