import { Table, Text } from '@mantine/core';
import { COUNT_SCREEN } from '../../../core/inventory/counts';
import { ListState, Pager } from '../../ui/list';
import { ListTable } from '../../ui/ListTable';
import { useCampusTime } from '../site/useCampusTime';
import { useCountItems, useUnknownTags } from './api';

const PAGE_SIZE = 25;

type Paged = { countId: number; page: number; setPage: (p: number) => void };

/** Tags scanned that are no unit of the office, with the room they were scanned in: to be labelled or added. */
export function UnknownTagList({ countId, page, setPage }: Paged) {
  const list = useUnknownTags(countId, page, PAGE_SIZE);
  const time = useCampusTime();
  const data = list.data;
  return (
    <ListState
      loading={list.isPending}
      error={list.isError ? list.error : null}
      onRetry={() => list.refetch()}
      empty={!!data && data.items.length === 0}
      emptyText="No unknown tags"
      emptyHint="A scanned tag that is no unit of the office is listed here, to be labelled again or added as a unit."
      skeletonHeight={40}
    >
      <Text size="sm" c="dark.6">
        Label each again with its unit&apos;s tag, or add it in Inventory as a unit of its item.
      </Text>
      <ListTable label={COUNT_SCREEN.unknownTags} columns={['Tag', 'Room', 'Scanned by', 'Scanned']} stackBelow={600}>
        {(data?.items ?? []).map((t) => (
          <Table.Tr key={`${t.tag}:${t.roomCode}`}>
            <Table.Th scope="row" data-label="Tag" style={{ overflowWrap: 'anywhere' }}>
              {t.tag}
            </Table.Th>
            <Table.Td data-label="Room">{t.roomCode ?? ''}</Table.Td>
            <Table.Td data-label="Scanned by">{t.scannedBy ?? ''}</Table.Td>
            <Table.Td data-label="Scanned">{time.dateTime(t.scannedAt)}</Table.Td>
          </Table.Tr>
        ))}
      </ListTable>
      {data && <Pager page={page} total={data.total} pageSize={PAGE_SIZE} onChange={setPage} />}
    </ListState>
  );
}

/** Items counted by quantity: the stock at the start against the sum counted over the rooms. */
export function CountItemList({ countId, page, setPage }: Paged) {
  const list = useCountItems(countId, page, PAGE_SIZE);
  const data = list.data;
  return (
    <ListState
      loading={list.isPending}
      error={list.isError ? list.error : null}
      onRetry={() => list.refetch()}
      empty={!!data && data.items.length === 0}
      emptyText="No items counted by quantity"
      skeletonHeight={40}
    >
      <ListTable
        label={COUNT_SCREEN.itemsByQuantity}
        columns={['Item', 'Category', COUNT_SCREEN.expected, 'Counted', 'Difference', 'Rooms']}
        stackBelow={600}
      >
        {(data?.items ?? []).map((i) => (
          <Table.Tr key={i.itemId}>
            <Table.Th scope="row" data-label="Item">
              {i.itemName}
            </Table.Th>
            <Table.Td data-label="Category">{i.category}</Table.Td>
            <Table.Td data-label={COUNT_SCREEN.expected}>{i.expected}</Table.Td>
            <Table.Td data-label="Counted">{i.counted ?? 'Not counted'}</Table.Td>
            <Table.Td data-label="Difference">{i.difference === null ? '' : i.difference > 0 ? `+${i.difference}` : i.difference}</Table.Td>
            <Table.Td data-label="Rooms">{i.rooms}</Table.Td>
          </Table.Tr>
        ))}
      </ListTable>
      {data && <Pager page={page} total={data.total} pageSize={PAGE_SIZE} onChange={setPage} />}
    </ListState>
  );
}
