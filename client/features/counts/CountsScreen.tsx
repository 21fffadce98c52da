import { useState } from 'react';
import { Anchor, Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconEyeOff, IconPlus, IconScan } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { COUNT_SCREEN, COUNT_WORDS } from '../../../core/inventory/counts';
import { AppLink } from '../../lib/navigation';
import { CountTabs, ListState, Pager, SearchField, useListParams } from '../../ui/list';
import { PageHeader } from '../../ui/PageHeader';
import { ListTable } from '../../ui/ListTable';
import { lightTone } from '../../ui/tones';
import { useCampusTime } from '../site/useCampusTime';
import { useCounts, type CountRowDto } from './api';
import { StartCountDialog } from './StartCountDialog';

const PAGE_SIZE = 20;
const TABS = [
  { value: 'all', label: 'All' },
  { value: 'open', label: COUNT_WORDS.open },
  { value: 'closed', label: COUNT_WORDS.closed },
] as const;
type Tab = (typeof TABS)[number]['value'];

/** What a count covers, in words: the whole campus or its buildings, and its categories if chosen. */
export function scopeOf(c: Pick<CountRowDto, 'wholeCampus' | 'categories'> & { buildings: (string | { name: string })[] }) {
  const where = c.wholeCampus ? COUNT_WORDS.wholeCampus : c.buildings.map((b) => (typeof b === 'string' ? b : b.name)).join(', ');
  return c.categories.length ? `${where} · ${c.categories.join(', ')}` : where;
}

export function CountStatusBadge({ status }: { status: 'open' | 'closed' }) {
  return <Badge {...lightTone(status === 'open' ? 'blue' : 'gray')}>{status === 'open' ? COUNT_WORDS.open : COUNT_WORDS.closed}</Badge>;
}

/** Counts (docs/decisions/counts.md): newest first, by status, each with its scope and figures; Start count. */
export default function CountsScreen() {
  const { tab, setTab, page, setPage, input, setInput, search } = useListParams<Tab>({ tabs: TABS.map((t) => t.value), defaultTab: 'all' });
  const list = useCounts({ search, status: tab, page, pageSize: PAGE_SIZE });
  const [starting, setStarting] = useState(false);
  const navigate = useNavigate();
  const time = useCampusTime();
  const data = list.data;
  return (
    <Stack>
      <PageHeader
        title={COUNT_SCREEN.counts}
        subtitle={COUNT_SCREEN.countsSubtitle}
        actions={
          <Group gap="xs">
            <Button leftSection={<IconPlus size={18} />} onClick={() => setStarting(true)}>
              {COUNT_SCREEN.startCount}
            </Button>
            <Button variant="default" component={AppLink} to="/admin/count" leftSection={<IconScan size={18} />}>
              {COUNT_SCREEN.countRooms}
            </Button>
            <Button variant="default" component={AppLink} to="/admin/not-seen" leftSection={<IconEyeOff size={18} />}>
              {COUNT_SCREEN.notSeen}
            </Button>
          </Group>
        }
      />
      <SearchField label="Search counts" placeholder="Reference or name" value={input} onChange={setInput} />
      <CountTabs label="Counts by status" tabs={TABS} counts={data?.counts} value={tab} onChange={setTab}>
        <ListState
          loading={list.isPending}
          error={list.isError ? list.error : null}
          onRetry={() => list.refetch()}
          empty={!!data && data.items.length === 0}
          emptyText="No counts"
          emptyHint={search ? `No counts match "${search}".` : 'Start a count for the whole campus or chosen buildings.'}
          skeletonHeight={48}
        >
          <ListTable
            label={COUNT_SCREEN.counts}
            columns={[
              'Reference',
              'Scope',
              'Status',
              'Started',
              COUNT_SCREEN.expected,
              COUNT_SCREEN.found,
              COUNT_SCREEN.foundElsewhere,
              COUNT_SCREEN.notFound,
              COUNT_SCREEN.unknownTags,
            ]}
            stackBelow={860}
          >
            {(data?.items ?? []).map((c) => (
              <Table.Tr key={c.id}>
                <Table.Th scope="row" data-label="Reference">
                  <Anchor component={AppLink} to={`/admin/counts/${c.id}`} size="sm">
                    {c.reference}
                  </Anchor>
                  <Text size="xs" c="dark.6">
                    {c.name}
                  </Text>
                </Table.Th>
                <Table.Td data-label="Scope">{scopeOf(c)}</Table.Td>
                <Table.Td data-label="Status">
                  <CountStatusBadge status={c.status} />
                </Table.Td>
                <Table.Td data-label="Started">{time.day(c.startedAt)}</Table.Td>
                <Table.Td data-label={COUNT_SCREEN.expected}>{c.figures.expected}</Table.Td>
                <Table.Td data-label={COUNT_SCREEN.found}>{c.figures.found}</Table.Td>
                <Table.Td data-label={COUNT_SCREEN.foundElsewhere}>{c.figures.foundElsewhere}</Table.Td>
                <Table.Td data-label={COUNT_SCREEN.notFound}>{c.figures.notFound}</Table.Td>
                <Table.Td data-label={COUNT_SCREEN.unknownTags}>{c.figures.unknownTags}</Table.Td>
              </Table.Tr>
            ))}
          </ListTable>
        </ListState>
        {data && <Pager page={page} total={data.total} pageSize={PAGE_SIZE} onChange={setPage} />}
      </CountTabs>
      {starting && <StartCountDialog onClose={() => setStarting(false)} onStarted={(id) => navigate(`/admin/counts/${id}`)} />}
    </Stack>
  );
}
