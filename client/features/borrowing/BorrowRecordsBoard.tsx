import { useId, useState } from 'react';
import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link } from 'react-router';
import {
  IconAlertTriangle,
  IconArrowBackUp,
  IconCalendarCheck,
  IconChecklist,
  IconClipboardList,
  IconPackage,
  IconPackageImport,
} from '@tabler/icons-react';
import { canDo, type RecordTab } from '../../../core/borrowing/rules';
import type { BorrowRecordDto, BorrowRecordList } from '../../../core/borrowing/schemas';
import { MSG } from '../../../core/messages';
import { lightTone } from '../../ui/tones';
import { StatCard } from '../../ui/StatCard';
import { useBorrowRecords, useMarkReturned } from './api';
import { MarkReturnedDialog } from './MarkReturnedDialog';
import { CountTabs, ListState, Pager, SearchField, useListParams, type TabDef } from '../../ui/list';
import { LoanDates, unitCount } from './BoardParts';
import { RecordsTable } from './BoardTables';
import { useBoardView, ViewToggle } from './boardView';
import { ExpectedReturnBadge, OverdueBadge, overdueColor, RecordStatusBadge } from './RequestBadges';
import { ProblemBadge, RequestProblems } from './LoanProblems';

interface Counter {
  label: string;
  value: (d: BorrowRecordList) => number;
  icon: React.ReactNode;
  color: string;
}

/**
 * What differs between the two portals' borrow screens (docs/product.md). Each record's badge has its tab in both
 * (the personnel's Approved tab is beyond docs/product.md: without it, loans to be collected were in All only). The
 * cards count every loan, whatever the search; the tabs count the search's matches.
 */
const PORTALS: Record<'admin' | 'personnel', { tabs: readonly TabDef<RecordTab>[]; defaultTab: RecordTab; counters: Counter[] }> = {
  admin: {
    tabs: [
      { value: 'all', label: 'All' },
      { value: 'active', label: 'Active' },
      { value: 'approved', label: 'Approved' },
      { value: 'completed', label: 'Completed' },
      { value: 'returned', label: 'Returned' },
    ],
    defaultTab: 'active',
    counters: [
      { label: 'Active Borrows', value: (d) => d.stats.active, icon: <IconPackage />, color: 'blue' },
      { label: 'Approved Requests', value: (d) => d.stats.approved, icon: <IconClipboardList />, color: 'gso' },
      { label: 'Completed Items', value: (d) => d.counters.completedItems, icon: <IconChecklist />, color: 'green' },
      { label: 'Returned Today', value: (d) => d.counters.returnedToday, icon: <IconCalendarCheck />, color: 'teal' },
    ],
  },
  personnel: {
    tabs: [
      { value: 'all', label: 'All' },
      { value: 'active', label: 'Active' },
      { value: 'approved', label: 'Approved' },
      { value: 'returned', label: 'Returned' },
      { value: 'overdue', label: 'Overdue' },
    ],
    defaultTab: 'all',
    counters: [
      { label: 'Total', value: (d) => d.stats.all, icon: <IconClipboardList />, color: 'gso' },
      { label: 'Active', value: (d) => d.stats.active, icon: <IconPackage />, color: 'blue' },
      { label: 'Returned', value: (d) => d.stats.returned, icon: <IconPackageImport />, color: 'teal' },
      { label: 'Overdue', value: (d) => d.stats.overdue, icon: <IconAlertTriangle />, color: 'red' },
    ],
  },
};
const PAGE_SIZE = 20;

function RecordCard({
  record: r,
  busy,
  requestsPath,
  onMarkReturned,
}: {
  record: BorrowRecordDto;
  busy: boolean;
  /** Where this portal verifies returns (its requests board). */
  requestsPath: string;
  onMarkReturned: (r: BorrowRecordDto) => void;
}) {
  const titleId = useId();
  const overdue = r.status === 'overdue';
  return (
    <Card
      withBorder
      component="article"
      aria-labelledby={titleId}
      padding="md"
      style={overdue ? { borderLeft: `6px solid ${overdueColor(r.overdueDays)}` } : undefined}
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs" wrap="wrap">
            <Title order={2} size="h4" id={titleId}>
              {r.code}
            </Title>
            <RecordStatusBadge status={r.status} />
            {overdue ? (
              <OverdueBadge days={r.overdueDays} />
            ) : (
              r.status === 'active' && r.daysLeft !== null && <ExpectedReturnBadge daysLeft={r.daysLeft} />
            )}
            <ProblemBadge count={r.openProblems} />
          </Group>
          <Text size="sm" fw={500}>
            {unitCount(r.totalItems)}
          </Text>
        </Group>
        <Text fw={600}>{r.borrower}</Text>
        <Text size="sm">{r.purpose}</Text>
        <LoanDates
          requested={r.dateRequested}
          needed={r.dateNeeded}
          expectedReturn={r.dateExpectedReturn}
          returned={r.returnedAt}
          completed={r.completedAt}
        />
        <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={`Items of ${r.code}`}>
          {r.items.map((line, i) => (
            <Group key={`${line.itemId}-${i}`} component="li" gap="xs" wrap="wrap">
              <Text size="sm" fw={500}>
                {line.name}
              </Text>
              <Text size="sm" c="dark.6">
                x{line.quantity}
              </Text>
              <Badge size="xs" variant="outline" color="gray" c="dark.6">
                {line.category}
              </Badge>
              {r.requestStatus === 'approved' && line.back > 0 && (
                <Badge size="xs" {...lightTone('green')}>
                  Back: {line.back} of {line.quantity}
                </Badge>
              )}
              {line.units.length > 0 && (
                <Text size="xs" c="dark.6" w="100%">
                  Units: {line.units.join(', ')}
                  {r.requestStatus === 'approved' && line.back > 0 && line.unitsOut.length > 0
                    ? `; still out: ${line.unitsOut.join(', ')}`
                    : ''}
                </Text>
              )}
            </Group>
          ))}
        </Stack>
        {r.openProblems > 0 && <RequestProblems requestId={r.id} title={`Problems reported by ${r.borrower}`} />}
        {r.requestStatus === 'approved' && r.itemsBack > 0 && (
          <Text size="sm" fw={600}>
            {r.itemsBack} of {r.itemsBack + r.itemsOut} back
            {r.returnsAwaiting > 0 ? `; ${r.returnsAwaiting} ${r.returnsAwaiting === 1 ? 'return' : 'returns'} awaiting verification` : ''}
          </Text>
        )}
        <Group justify="space-between" wrap="wrap" gap="xs" mt={4}>
          <Text size="xs" c="dark.6">
            Request {r.requestCode}
          </Text>
          {canDo('markReturned', r.requestStatus) && (
            <Button size="sm" leftSection={<IconArrowBackUp size={16} aria-hidden />} loading={busy} onClick={() => onMarkReturned(r)}>
              Mark Returned
            </Button>
          )}
          {r.status === 'returned' && (
            // A returned loan is verified on the requests board, where its proof is viewed and it is completed.
            <Button size="sm" variant="light" component={Link} to={`${requestsPath}?tab=returned&q=${encodeURIComponent(r.requestCode)}`}>
              Verify return
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}

/**
 * Loans (borrow records, docs/decisions/borrow-lifecycle.md) as the office sees them: counters, search, tabs with counts,
 * and Mark Returned on loans still out. Shared by /admin/borrow and /personnel/borrow.
 */
export function BorrowRecordsBoard({ portal }: { portal: keyof typeof PORTALS }) {
  const options = PORTALS[portal];
  const { tab, setTab, page, setPage, input, setInput, search } = useListParams<RecordTab>({
    tabs: options.tabs.map((t) => t.value),
    defaultTab: options.defaultTab,
  });
  const list = useBorrowRecords({ search: search || undefined, status: tab, page, pageSize: PAGE_SIZE });
  const markReturned = useMarkReturned();
  const [view, setView] = useBoardView('records');
  const data = list.data;

  const [marking, setMarking] = useState<BorrowRecordDto | null>(null);
  const [markError, setMarkError] = useState<string | null>(null);
  const onMarkReturned = (r: BorrowRecordDto) => {
    setMarkError(null);
    setMarking(r);
  };
  const doMarkReturned = async (r: BorrowRecordDto, found: Parameters<typeof markReturned.mutateAsync>[0]['found']) => {
    try {
      await markReturned.mutateAsync({ id: r.id, found });
      notifications.show({ color: 'green', message: MSG.itemsMarkedReturned });
      setMarking(null);
    } catch (err) {
      notifications.show({ color: 'red', message: `Error marking items as returned: ${(err as Error).message}` });
      setMarkError((err as Error).message);
    }
  };

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
        {options.counters.map((c) => (
          <StatCard key={c.label} label={c.label} value={data ? c.value(data) : '–'} icon={c.icon} color={c.color} />
        ))}
      </SimpleGrid>
      <Group gap="sm" wrap="nowrap" align="center">
        <SearchField
          label="Search borrow records"
          placeholder="Search by BRW id, borrower, purpose or item"
          value={input}
          onChange={setInput}
        />
        <ViewToggle value={view} onChange={setView} />
      </Group>
      <CountTabs label="Record status" tabs={options.tabs} counts={data?.counts} value={tab} onChange={setTab}>
        <ListState
          loading={list.isPending}
          error={list.isError ? list.error : null}
          onRetry={() => list.refetch()}
          empty={!!data && data.items.length === 0}
          emptyText={MSG.noRecordsFound}
          emptyHint={search ? `No records match "${search}".` : undefined}
        >
          {data && view === 'table' && (
            <RecordsTable
              records={data.items}
              busyId={markReturned.isPending ? markReturned.variables?.id : undefined}
              requestsPath={`/${portal}/requests`}
              onMarkReturned={onMarkReturned}
            />
          )}
          {view === 'cards' &&
            data?.items.map((r) => (
              <RecordCard
                key={r.id}
                record={r}
                busy={markReturned.isPending && markReturned.variables?.id === r.id}
                requestsPath={`/${portal}/requests`}
                onMarkReturned={onMarkReturned}
              />
            ))}
        </ListState>
        {data && <Pager total={data.total} pageSize={PAGE_SIZE} page={page} onChange={setPage} />}
      </CountTabs>
      {marking && (
        <MarkReturnedDialog
          record={marking}
          busy={markReturned.isPending}
          error={markError}
          onMark={(found) => void doMarkReturned(marking, found)}
          onClose={() => setMarking(null)}
        />
      )}
    </Stack>
  );
}
