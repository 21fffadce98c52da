import { Anchor, Group, Stack, Table } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { COUNT_SCREEN } from '../../../core/inventory/counts';
import { UNIT_STATUS_LABELS, type UnitStatus } from '../../../core/inventory/units';
import { AppLink } from '../../lib/navigation';
import { ListState, Pager, useListParams } from '../../ui/list';
import { PageHeader } from '../../ui/PageHeader';
import { ListTable } from '../../ui/ListTable';
import { useCampusTime } from '../site/useCampusTime';
import { UnitRowStart } from './UnitRowStart';
import { useNotSeen } from './api';

const PAGE_SIZE = 25;

/** Not seen for 12 months (docs/decisions/counts.md): units no count has found for a year or more, the longest unseen first. */
export default function NotSeenScreen() {
  const { page, setPage } = useListParams({ tabs: ['all'], defaultTab: 'all' });
  const list = useNotSeen(page, PAGE_SIZE);
  const time = useCampusTime();
  const data = list.data;
  return (
    <Stack>
      <Anchor component={AppLink} to="/admin/counts" size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={16} aria-hidden /> {COUNT_SCREEN.counts}
        </Group>
      </Anchor>
      <PageHeader title={COUNT_SCREEN.notSeen} subtitle={COUNT_SCREEN.notSeenSubtitle} />
      <ListState
        loading={list.isPending}
        error={list.isError ? list.error : null}
        onRetry={() => list.refetch()}
        empty={!!data && data.items.length === 0}
        emptyText="Every unit was seen"
        emptyHint="No unit has gone unseen by a count for 12 months."
        skeletonHeight={48}
      >
        <ListTable label={COUNT_SCREEN.notSeen} columns={['Tag', 'Item', 'Home room', 'Status', 'Last counted']} stackBelow={640}>
          {(data?.items ?? []).map((u) => (
            <Table.Tr key={u.unitId}>
              <UnitRowStart unit={u} />
              <Table.Td data-label="Status">{UNIT_STATUS_LABELS[u.status as UnitStatus] ?? u.status}</Table.Td>
              <Table.Td data-label="Last counted">{u.lastCountedAt ? time.day(u.lastCountedAt) : 'Never'}</Table.Td>
            </Table.Tr>
          ))}
        </ListTable>
        {data && <Pager page={page} total={data.total} pageSize={PAGE_SIZE} onChange={setPage} />}
      </ListState>
    </Stack>
  );
}
