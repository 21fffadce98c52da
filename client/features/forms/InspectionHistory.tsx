import { ActionIcon, Card, Group, Stack, Table, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconDownload } from '@tabler/icons-react';
import { plural } from '../../../core/format';
import { CHECKLIST_TITLE } from '../../../core/forms/checklist';
import { MSG } from '../../../core/messages';
import { PRIORITY_LABELS } from '../../../core/repairs/rules';
import { useCampusTime } from '../site/useCampusTime';
import { ListState, Pager, useListParams } from '../../ui/list';
import { downloadInspection, useInspections } from './api';

const PAGE_SIZE = 10;

/**
 * The inspection history's place and page, kept in the address (?building=&room=&page=) like every list's, so Back,
 * a refresh and a shared link show the same inspections; `showPlace` points it at a place (the checklist just saved).
 */
export function useInspectionHistoryParams() {
  const params = useListParams({ tabs: ['all'], defaultTab: 'all', filters: ['building', 'room'] });
  const place = { building: params.filters.building, room: params.filters.room };
  return {
    page: params.page,
    setPage: params.setPage,
    place,
    /** Typing a place: the address is replaced, not added to, per key. */
    typePlace: (name: 'building' | 'room', value: string) => params.setFilter(name, value, true),
    showPlace: (p: { building: string; room: string }) => {
      params.setFilter('building', p.building);
      params.setFilter('room', p.room);
    },
  };
}
export type InspectionHistoryParams = ReturnType<typeof useInspectionHistoryParams>;

/** Saved inspections, newest first, of one building and room (or all), paged by the server. */
export function InspectionHistory({ params }: { params: InspectionHistoryParams }) {
  const { page, setPage, place, typePlace } = params;
  const [debounced] = useDebouncedValue(place, 300);
  const list = useInspections({
    building: debounced.building.trim() || undefined,
    room: debounced.room.trim() || undefined,
    page,
    pageSize: PAGE_SIZE,
  });
  const download = async (id: number) => {
    try {
      await downloadInspection(id);
      notifications.show({ color: 'green', title: MSG.downloadStartedTitle, message: MSG.downloadStarted(CHECKLIST_TITLE) });
    } catch {
      notifications.show({ color: 'red', title: MSG.downloadFailedTitle, message: MSG.downloadFailed });
    }
  };
  const data = list.data;
  const campus = useCampusTime();
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="history-title">
      <Stack>
        <Title order={2} size="h3" id="history-title">
          Inspection History
        </Title>
        <Group wrap="wrap" align="flex-end">
          <TextInput label="Building" value={place.building} onChange={(e) => typePlace('building', e.currentTarget.value)} w={220} />
          <TextInput label="Room/Office" value={place.room} onChange={(e) => typePlace('room', e.currentTarget.value)} w={180} />
        </Group>
        <ListState
          loading={list.isPending}
          error={list.isError ? list.error : null}
          onRetry={() => list.refetch()}
          empty={!!data && data.items.length === 0}
          emptyText={MSG.noInspections}
          emptyHint="Saved checklists appear here, newest first."
          skeletonHeight={40}
        >
          <Table.ScrollContainer minWidth={760} type="native" tabIndex={0} role="region" aria-label="Inspection history, scrolls sideways">
            <Table fz="sm" verticalSpacing="xs" aria-label="Inspection history">
              <Table.Thead>
                <Table.Tr>
                  {['Inspection', 'Month & Year', 'Building', 'Room/Office', 'Priority', 'With problem', 'Saved by', 'Saved', 'PDF'].map(
                    (c) => (
                      <Table.Th key={c}>{c}</Table.Th>
                    ),
                  )}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data?.items.map((i) => (
                  <Table.Tr key={i.id}>
                    <Table.Th scope="row">{i.code}</Table.Th>
                    <Table.Td>{i.monthYear}</Table.Td>
                    <Table.Td>{i.building}</Table.Td>
                    <Table.Td>{i.roomOffice}</Table.Td>
                    <Table.Td>{PRIORITY_LABELS[i.priority]}</Table.Td>
                    <Table.Td>
                      {i.problems > 0 ? (
                        <Text size="sm" c="red.8" fw={600}>
                          {i.problems} · {plural(i.repairReportIds.length, 'repair report')}
                        </Text>
                      ) : (
                        <Text size="sm">None</Text>
                      )}
                    </Table.Td>
                    <Table.Td>{i.savedBy}</Table.Td>
                    <Table.Td>
                      <Text size="sm">{campus.dateTime(i.createdAt)}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Tooltip label="Download PDF">
                        <ActionIcon variant="subtle" aria-label={`Download ${i.code} as PDF`} onClick={() => download(i.id)}>
                          <IconDownload size={18} />
                        </ActionIcon>
                      </Tooltip>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </ListState>
        {data && <Pager total={data.total} pageSize={PAGE_SIZE} page={page} onChange={setPage} />}
      </Stack>
    </Card>
  );
}
