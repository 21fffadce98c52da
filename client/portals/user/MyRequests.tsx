import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Card,
  Center,
  Group,
  Loader,
  Pagination,
  Select,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconPlus, IconPrinter, IconSearch } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { RequestStatus } from '../../../core/borrowing/rules';
import type { BorrowRequestDto } from '../../../core/borrowing/schemas';
import { plural } from '../../../core/format';
import { MSG } from '../../../core/messages';
import { useMyRequests, useRequestAction } from '../../features/borrowing/api';
import { LoanDates } from '../../features/borrowing/BoardParts';
import { ItemLines } from '../../features/borrowing/ItemLines';
import { openPrint } from '../../features/borrowing/PrintRequest';
import { ProofViewer } from '../../features/borrowing/ProofViewer';
import { RequestStatusBadge } from '../../features/borrowing/RequestBadges';
import { confirmAction } from '../../ui/confirm';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { PageHeader } from '../../ui/PageHeader';
import { TONE } from '../../ui/tones';
import { StatCard } from '../../ui/StatCard';
import { ReturnDialog } from './ReturnDialog';

const PAGE_SIZE = 10;
type Tab = 'all' | RequestStatus;
const TABS: { value: Tab; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'returned', label: 'Returned' },
  { value: 'completed', label: 'Completed' },
  { value: 'rejected', label: 'Rejected' },
];
const FILTERS = [
  { value: 'all', label: 'All' },
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'completed', label: 'Completed' },
  { value: 'rejected', label: 'Rejected' },
];

function RequestCard({
  r,
  onReturn,
  onProof,
  onCancel,
}: {
  r: BorrowRequestDto;
  onReturn: () => void;
  onProof: () => void;
  onCancel: () => void;
}) {
  return (
    <Card withBorder>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs">
            <Text fw={700}>{r.code}</Text>
            <RequestStatusBadge status={r.status} />
            <Badge variant="outline" color="gray.7">
              {plural(r.totalItems, 'item')}
            </Badge>
          </Group>
          <Group gap="xs">
            {r.status === 'approved' && (
              <Button size="xs" onClick={onReturn}>
                Return Item
              </Button>
            )}
            {r.status === 'returned' && r.hasProof && (
              <Button size="xs" variant="light" onClick={onProof}>
                View Proof
              </Button>
            )}
            <Button size="xs" variant="default" leftSection={<IconPrinter size={14} />} onClick={() => openPrint(r.id)}>
              Print
            </Button>
            {r.status === 'pending' && (
              <Button size="xs" color="red" variant="light" onClick={onCancel}>
                Cancel
              </Button>
            )}
          </Group>
        </Group>
        <Text size="sm">
          <strong>Purpose:</strong> {r.purpose}
        </Text>
        <LoanDates
          requested={r.dateRequested}
          needed={r.dateNeeded}
          expectedReturn={r.dateExpectedReturn}
          returned={r.returnedAt}
          completed={r.completedAt}
        />
        <ItemLines items={r.items} />
        {r.status === 'rejected' && r.rejectReason && (
          <Text size="sm" c="red.9">
            Reason: {r.rejectReason}
          </Text>
        )}
        {r.status === 'approved' && r.overdueDays > 0 && (
          <Text size="sm" fw={600} c="red.9">
            Overdue by {plural(r.overdueDays, 'day')}
          </Text>
        )}
        {r.status === 'completed' && (
          <Text size="sm" c={TONE.green}>
            {MSG.itemHasBeenReturned}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

export default function MyRequests() {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const [status, setStatus] = useState<Tab>('all');
  const [page, setPage] = useState(1);
  const [returning, setReturning] = useState<BorrowRequestDto | null>(null);
  const [viewing, setViewing] = useState<BorrowRequestDto | null>(null);
  const list = useMyRequests({ search: debounced, status, page, pageSize: PAGE_SIZE });
  const action = useRequestAction();
  const choose = (v: string | null) => {
    setStatus((v ?? 'all') as Tab);
    setPage(1);
  };

  const cancel = async (r: BorrowRequestDto) => {
    if (!(await confirmAction({ title: 'Cancel request', message: MSG.cancelConfirm, confirmLabel: 'Cancel request', danger: true })))
      return;
    try {
      await action.mutateAsync({ id: r.id, action: 'cancel' });
      notifications.show({ color: 'green', title: 'Cancelled', message: MSG.requestCancelled });
    } catch (err) {
      notifications.show({ color: 'red', title: 'Error', message: `Error cancelling request: ${(err as Error).message}` });
    }
  };

  const data = list.data;
  const stats = data?.stats;
  return (
    <Stack>
      <PageHeader
        title="My Requests"
        subtitle="Follow your borrow requests and return what you borrowed."
        actions={
          <Button component={Link} to="/users/borrow-item" leftSection={<IconPlus size={18} />}>
            New Request
          </Button>
        }
      />
      {stats && (
        <SimpleGrid cols={{ base: 2, md: 4 }}>
          <StatCard label="Total Requests" value={stats.all} />
          <StatCard label="Pending" value={stats.pending} color="yellow" />
          <StatCard label="Approved" value={stats.approved} color="blue" />
          <StatCard label="Completed" value={stats.completed} color="green" />
        </SimpleGrid>
      )}
      {stats && stats.approved > 0 && data.unreturnedItems > 0 && (
        <Alert
          color="yellow"
          variant="light"
          icon={<IconAlertTriangle aria-hidden />}
          title="Items to return"
          styles={{
            root: { border: '1px solid var(--mantine-color-yellow-5)' },
            title: { color: TONE.yellow },
            icon: { color: TONE.yellow },
            message: { color: 'var(--mantine-color-dark-8)' },
          }}
        >
          {MSG.unreturnedBanner(data.unreturnedItems)}
        </Alert>
      )}
      <Group wrap="wrap">
        <TextInput
          leftSection={<IconSearch size={16} />}
          placeholder="Search by request ID or purpose"
          aria-label="Search requests"
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
          style={{ flex: 1, minWidth: 200 }}
        />
        <Select
          aria-label="Status filter"
          data={FILTERS}
          value={FILTERS.some((f) => f.value === status) ? status : null}
          placeholder="Returned"
          onChange={choose}
          allowDeselect={false}
          w={160}
        />
      </Group>
      <Tabs value={status} onChange={choose} keepMounted={false}>
        <Tabs.List style={{ flexWrap: 'wrap' }}>
          {TABS.map((t) => (
            <Tabs.Tab
              key={t.value}
              value={t.value}
              rightSection={
                data ? (
                  <Badge size="sm" variant="light" color="gray" c="dark.7">
                    {data.counts[t.value]}
                  </Badge>
                ) : null
              }
            >
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {list.isPending && (
        <Center h={200}>
          <Loader aria-label="Loading requests" />
        </Center>
      )}
      {list.isError && <ErrorAlert message={list.error.message} />}
      {data && data.items.length === 0 && (
        <Card withBorder>
          <Text ta="center" c="dark.6">
            {MSG.noRequestsFound}
          </Text>
        </Card>
      )}
      {data?.items.map((r) => (
        <RequestCard key={r.id} r={r} onReturn={() => setReturning(r)} onProof={() => setViewing(r)} onCancel={() => cancel(r)} />
      ))}
      {data && data.total > PAGE_SIZE && (
        <Pagination
          total={Math.ceil(data.total / PAGE_SIZE)}
          value={page}
          onChange={setPage}
          getControlProps={(c) => ({ 'aria-label': `${c} page` })}
        />
      )}
      {returning && <ReturnDialog request={returning} onClose={() => setReturning(null)} />}
      {viewing && <ProofViewer code={viewing.code} proofUrl={viewing.proofUrl} onClose={() => setViewing(null)} />}
    </Stack>
  );
}
