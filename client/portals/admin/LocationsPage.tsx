import { useState } from 'react';
import { ActionIcon, Anchor, Badge, Button, Card, Group, Select, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { Link } from 'react-router';
import { notifications } from '@mantine/notifications';
import { IconBuildingPlus, IconCheck, IconFileDownload, IconFileUpload, IconPlus, IconQrcode } from '@tabler/icons-react';
import { MSG } from '../../../core/messages';
import { PrintLabelsModal } from '../../features/labels/PrintLabelsModal';
import { BuildingFormModal } from '../../features/locations/BuildingFormModal';
import { LocationsCsvImportModal } from '../../features/locations/LocationsCsvImportModal';
import { RoomFormModal } from '../../features/locations/RoomFormModal';
import {
  useBuildings,
  useConfirmRoom,
  useDeleteBuilding,
  useDeleteRoom,
  useRooms,
  type BuildingDto,
  type RoomDto,
} from '../../features/locations/api';
import { ApiError, hrefOf } from '../../lib/api';
import { downloadFile } from '../../lib/download';
import { confirmAction } from '../../ui/confirm';
import { ListState, Pager, SearchField, useListParams } from '../../ui/list';
import { EditDeleteActions } from '../../ui/EditDeleteActions';
import { PageHeader } from '../../ui/PageHeader';
import { StackTable } from '../../ui/StackTable';
import { lightTone, TONE } from '../../ui/tones';

const PAGE_SIZE = 20;
const failure = (err: unknown) => (err instanceof ApiError ? err.message : MSG.serverError);
const fail = (err: unknown) => notifications.show({ color: 'red', title: 'Error', message: failure(err), autoClose: 10000 });

/** The rooms Print labels prints, in words: the ones the list shows, on every page of it. */
function roomsShown(total: number, f: { search: string; building?: string; suggested: boolean }): string {
  const rooms = `${total === 1 ? 'the 1' : `the ${total}`} ${f.suggested ? 'suggested ' : ''}room${total === 1 ? '' : 's'}`;
  const where = [f.building && `in ${f.building}`, f.search && `matching "${f.search}"`].filter(Boolean).join(' ');
  return `${rooms}${where ? ` ${where}` : ''} on every page of the list`;
}

/**
 * Locations (docs/decisions/locations.md): the campus's buildings and their rooms, kept by the office; the rooms
 * repair reports suggested are marked, can be listed alone (?show=suggested) and confirmed.
 */
export default function LocationsPage() {
  const { page, setPage, input, setInput, search, filters, setFilter } = useListParams<'all', 'building' | 'show'>({
    tabs: ['all'],
    defaultTab: 'all',
    filters: ['building', 'show'],
  });
  const buildingId = /^\d+$/.test(filters.building) ? Number(filters.building) : undefined;
  const show = filters.show === 'suggested' ? 'suggested' : undefined;
  const buildings = useBuildings();
  const rooms = useRooms({ search, building: buildingId, show, page, pageSize: PAGE_SIZE });
  const confirmRoom = useConfirmRoom();
  const removeBuilding = useDeleteBuilding();
  const removeRoom = useDeleteRoom();
  const [editingBuilding, setEditingBuilding] = useState<BuildingDto | 'new' | null>(null);
  const [editingRoom, setEditingRoom] = useState<RoomDto | 'new' | null>(null);
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);
  /** Print labels: of the rooms the list shows ('list'), or of one room. */
  const [printing, setPrinting] = useState<'list' | RoomDto | null>(null);
  const allBuildings = buildings.data?.items ?? [];

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadFile(hrefOf('/api/locations/export.csv', { query: { search, building: buildingId } }), {
        fallbackName: 'locations.csv',
      });
    } catch (err) {
      fail(err);
    } finally {
      setExporting(false);
    }
  };

  const askDeleteBuilding = async (b: BuildingDto) => {
    if (
      !(await confirmAction({ title: 'Delete Building', message: `Delete ${b.name} (${b.code})?`, confirmLabel: 'Delete', danger: true }))
    )
      return;
    try {
      const res = await removeBuilding.mutateAsync(b.id);
      notifications.show({ color: 'green', title: 'Success', message: res.message });
      if (buildingId === b.id) setFilter('building', null);
    } catch (err) {
      fail(err);
    }
  };

  const askDeleteRoom = async (r: RoomDto) => {
    const message = `Delete ${r.name} (${r.code}) of ${r.buildingName}?`;
    if (!(await confirmAction({ title: 'Delete Room', message, confirmLabel: 'Delete', danger: true }))) return;
    try {
      const res = await removeRoom.mutateAsync(r.id);
      notifications.show({ color: 'green', title: 'Success', message: res.message });
    } catch (err) {
      fail(err);
    }
  };

  const confirm = async (r: RoomDto) => {
    try {
      const res = await confirmRoom.mutateAsync(r.id);
      notifications.show({ color: 'green', title: 'Success', message: res.message });
    } catch (err) {
      fail(err);
    }
  };

  const data = rooms.data;
  return (
    <Stack>
      <PageHeader
        title="Buildings & Rooms"
        subtitle="The campus's buildings and their rooms"
        actions={
          <Group gap="xs">
            <Button leftSection={<IconBuildingPlus size={18} />} onClick={() => setEditingBuilding('new')}>
              Add Building
            </Button>
            <Button leftSection={<IconPlus size={18} />} onClick={() => setEditingRoom('new')} disabled={!allBuildings.length}>
              Add Room
            </Button>
            <Button variant="default" leftSection={<IconFileDownload size={18} />} loading={exporting} onClick={exportCsv}>
              {MSG.exportCsv}
            </Button>
            <Button variant="default" leftSection={<IconFileUpload size={18} />} onClick={() => setImporting(true)}>
              {MSG.importCsv}
            </Button>
            <Button variant="default" leftSection={<IconQrcode size={18} />} onClick={() => setPrinting('list')} disabled={!data?.total}>
              Print labels
            </Button>
          </Group>
        }
      />

      <Card withBorder component="section" aria-labelledby="buildings-title">
        <Title order={2} size="h4" id="buildings-title" mb="xs">
          Buildings
        </Title>
        <ListState
          loading={buildings.isPending}
          error={buildings.isError ? buildings.error : null}
          onRetry={() => buildings.refetch()}
          empty={!!buildings.data && allBuildings.length === 0}
          emptyText={MSG.noBuildings}
          emptyHint="Add the campus's buildings, then their rooms."
          skeletonHeight={40}
        >
          <StackTable stackBelow={560}>
            <Table verticalSpacing={4} fz="sm" aria-label="Buildings">
              <Table.Thead>
                <Table.Tr>
                  {['Code', 'Building', 'Rooms', 'Actions'].map((c) => (
                    <Table.Th key={c}>{c}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {allBuildings.map((b) => (
                  <Table.Tr key={b.id}>
                    <Table.Td data-label="Code">{b.code}</Table.Td>
                    <Table.Th scope="row">{b.name}</Table.Th>
                    <Table.Td data-label="Rooms">{b.roomCount}</Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        <EditDeleteActions
                          what={`building ${b.name}`}
                          onEdit={() => setEditingBuilding(b)}
                          onDelete={() => askDeleteBuilding(b)}
                        />
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </StackTable>
        </ListState>
      </Card>

      <Stack component="section" aria-labelledby="rooms-title" gap="sm">
        <Title order={2} size="h4" id="rooms-title">
          Rooms
        </Title>
        <Group wrap="wrap" align="flex-end">
          <SearchField label="Search rooms" placeholder="Search by room, code or building" value={input} onChange={setInput} />
          <Select
            label="Building"
            w={240}
            maw="100%"
            allowDeselect={false}
            data={[{ value: '', label: 'All buildings' }, ...allBuildings.map((b) => ({ value: String(b.id), label: b.name }))]}
            value={buildingId ? String(buildingId) : ''}
            onChange={(v) => setFilter('building', v || null)}
          />
          <Select
            label="Show"
            w={200}
            maw="100%"
            allowDeselect={false}
            data={[
              { value: '', label: 'All rooms' },
              { value: 'suggested', label: `Suggested rooms (${data?.counts.suggested ?? 0})` },
            ]}
            value={show ?? ''}
            onChange={(v) => setFilter('show', v || null)}
          />
        </Group>
        <ListState
          loading={rooms.isPending}
          error={rooms.isError ? rooms.error : null}
          onRetry={() => rooms.refetch()}
          empty={!!data && data.items.length === 0}
          emptyText={MSG.noRoomsFound}
          emptyHint={
            search
              ? `No rooms match "${search}".`
              : show
                ? 'No suggested rooms: every room is confirmed.'
                : 'No rooms in this building yet.'
          }
          skeletonHeight={48}
        >
          <StackTable stackBelow={760}>
            <Table bg="white" highlightOnHover verticalSpacing="xs" fz="sm" aria-label="Rooms">
              <Table.Thead>
                <Table.Tr>
                  {['Room', 'Code', 'Building', 'Floor', 'Notes', 'Actions'].map((c) => (
                    <Table.Th key={c}>{c}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {(data?.items ?? []).map((r) => (
                  <Table.Tr key={r.id}>
                    <Table.Th scope="row">
                      <Anchor component={Link} to={`/admin/rooms/${encodeURIComponent(r.code)}`} fw={600} size="sm">
                        {r.name}
                      </Anchor>
                      {r.suggested && (
                        <Badge ml="xs" size="sm" {...lightTone('orange')}>
                          Suggested
                        </Badge>
                      )}
                    </Table.Th>
                    <Table.Td data-label="Code">
                      <Anchor
                        component={Link}
                        to={`/admin/rooms/${encodeURIComponent(r.code)}`}
                        size="sm"
                        aria-label={`Room ${r.code}: open its page`}
                      >
                        {r.code}
                      </Anchor>
                    </Table.Td>
                    <Table.Td data-label="Building">{r.buildingName}</Table.Td>
                    <Table.Td data-label="Floor">{r.floor ?? '—'}</Table.Td>
                    <Table.Td data-label="Notes" maw={260}>
                      <Text size="sm" lineClamp={2}>
                        {r.notes ?? '—'}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        {r.suggested && (
                          <ActionIcon
                            variant="subtle"
                            color={TONE.green}
                            aria-label={`Confirm room ${r.name} (${r.code})`}
                            loading={confirmRoom.isPending && confirmRoom.variables === r.id}
                            onClick={() => void confirm(r)}
                          >
                            <IconCheck size={18} />
                          </ActionIcon>
                        )}
                        <Tooltip label="Print label">
                          <ActionIcon
                            variant="subtle"
                            color="dark"
                            aria-label={`Print label of room ${r.name} (${r.code})`}
                            onClick={() => setPrinting(r)}
                          >
                            <IconQrcode size={18} />
                          </ActionIcon>
                        </Tooltip>
                        <EditDeleteActions
                          what={`room ${r.name} (${r.code})`}
                          onEdit={() => setEditingRoom(r)}
                          onDelete={() => askDeleteRoom(r)}
                        />
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </StackTable>
        </ListState>
        {data && <Pager total={data.total} pageSize={PAGE_SIZE} page={page} onChange={setPage} />}
      </Stack>

      {editingBuilding && (
        <BuildingFormModal building={editingBuilding === 'new' ? null : editingBuilding} onClose={() => setEditingBuilding(null)} />
      )}
      {editingRoom && (
        <RoomFormModal
          room={editingRoom === 'new' ? null : editingRoom}
          buildings={allBuildings}
          defaultBuilding={buildingId}
          onClose={() => setEditingRoom(null)}
        />
      )}
      {importing && <LocationsCsvImportModal onClose={() => setImporting(false)} />}
      {printing === 'list' && data && (
        <PrintLabelsModal
          count={data.total}
          which={roomsShown(data.total, { search, building: allBuildings.find((b) => b.id === buildingId)?.name, suggested: !!show })}
          hrefFor={(layout) => hrefOf('/api/rooms/labels.pdf', { query: { search, building: buildingId, show, layout } })}
          fallbackName="room_labels.pdf"
          onClose={() => setPrinting(null)}
        />
      )}
      {printing && printing !== 'list' && (
        <PrintLabelsModal
          count={1}
          which={`room ${printing.name} (${printing.code}) of ${printing.buildingName}`}
          hrefFor={(layout) => hrefOf('/api/rooms/labels.pdf', { query: { ids: String(printing.id), layout } })}
          fallbackName="room_labels.pdf"
          onClose={() => setPrinting(null)}
        />
      )}
    </Stack>
  );
}
