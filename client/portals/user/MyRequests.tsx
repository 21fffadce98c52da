import { formatCalendarDate } from '../../../core/time';
import { useState } from 'react';
import { Alert, Badge, Button, Card, Group, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconPlus, IconPrinter } from '@tabler/icons-react';
import { Link } from 'react-router';
import { isUncollectedBooking } from '../../../core/borrowing/rules';
import { REQUEST_TABS, type RequestTab } from '../../features/borrowing/requestTabs';
import type { BorrowRequestDto } from '../../../core/borrowing/schemas';
import { plural } from '../../../core/format';
import { MSG } from '../../../core/messages';
import { useMyRequests, useRequestAction } from '../../features/borrowing/api';
import { LoanDates } from '../../features/borrowing/BoardParts';
import { ItemLines } from '../../features/borrowing/ItemLines';
import { IssueSlipButton } from '../../features/borrowing/IssueSlipButton';
import { SUPPLY_MSG } from '../../../core/inventory/supplies';
import { openPrint } from '../../features/borrowing/PrintRequest';
import { ProofViewer } from '../../features/borrowing/ProofViewer';
import { ReturnFindings } from '../../features/borrowing/ReturnFindings';
import { OverdueBadge, RequestStatusBadge } from '../../features/borrowing/RequestBadges';
import { confirmAction } from '../../ui/confirm';
import { CountTabs, ListState, Pager, SearchField, useListParams } from '../../ui/list';
import { KeptCopyNote } from '../../features/site/KeptCopyNote';
import { errorBesidesKeptCopy } from '../../lib/keptCopy';
import { PageHeader } from '../../ui/PageHeader';
import { TONE } from '../../ui/tones';
import { StatCard } from '../../ui/StatCard';
import { ReturnDialog } from './ReturnDialog';
import { ReportProblemDialog } from './ReportProblemDialog';
import { RequestProblems } from '../../features/borrowing/LoanProblems';
import { FoundAtReturn, returnChecked } from '../../features/borrowing/FoundAtReturn';
import { ReturnsPanel } from '../../features/borrowing/ReturnsPanel';

const PAGE_SIZE = 10;

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
  onFindings,
  onProblem,
}: {
  r: BorrowRequestDto;
  onReturn: () => void;
  onProblem: () => void;
  onProof: () => void;
  onCancel: () => void;
  onFindings: () => void;
}) {
  const booked = isUncollectedBooking(r);
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
            {r.status === 'approved' && !booked && (
              <Button size="xs" onClick={onReturn}>
                Return Item
              </Button>
            )}
            {r.status === 'approved' && !booked && (
              <Button size="xs" color={TONE.red} variant="light" onClick={onProblem}>
                Report a problem
              </Button>
            )}
            {r.status === 'returned' && r.hasProof && (
              <Button size="xs" variant="light" onClick={onProof}>
                View Proof
              </Button>
            )}
            {returnChecked(r) && (
              <Button size="xs" variant="light" onClick={onFindings}>
                What Came Back
              </Button>
            )}
            <IssueSlipButton request={r} />
            <Button size="xs" variant="default" leftSection={<IconPrinter size={14} />} onClick={() => openPrint(r.id)}>
              Print
            </Button>
            {(r.status === 'pending' || booked) && (
              <Button size="xs" color="red" variant="light" onClick={onCancel}>
                {booked ? 'Cancel Booking' : 'Cancel'}
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
          expectedReturn={r.suppliesOnly ? null : r.dateExpectedReturn}
          timeFrom={r.timeFrom}
          timeTo={r.timeTo}
          returned={r.returnedAt}
          completed={r.completedAt}
        />
        <ItemLines items={r.items} decided={['approved', 'returned', 'completed'].includes(r.status)} />
        {r.openProblems > 0 && <RequestProblems requestId={r.id} title="Problems you reported" />}
        <ReturnsPanel request={r} />
        {returnChecked(r) && <FoundAtReturn request={r} />}
        {(r.status === 'rejected' || r.status === 'cancelled') && r.rejectReason && (
          <Text size="sm" c="red.9">
            Reason: {r.rejectReason}
          </Text>
        )}
        {booked && (
          <Text size="sm">
            Booked: collect it at the office on {formatCalendarDate(r.dateNeeded)}
            {r.timeFrom && ` at ${r.timeFrom}`}; not collected that day, it is released.
          </Text>
        )}
        {r.status === 'approved' && r.overdueDays > 0 && (
          <Group>
            <OverdueBadge days={r.overdueDays}>Overdue by {plural(r.overdueDays, 'day')}</OverdueBadge>
          </Group>
        )}
        {r.status === 'completed' && (
          <Text size="sm" c={TONE.green}>
            {r.suppliesOnly ? SUPPLY_MSG.suppliesIssued : MSG.itemHasBeenReturned}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

export default function MyRequests() {
  const {
    tab: status,
    setTab,
    page,
    setPage,
    input,
    setInput,
    search,
  } = useListParams<RequestTab>({
    tabs: REQUEST_TABS.map((t) => t.value),
    defaultTab: 'all',
  });
  const [returning, setReturning] = useState<BorrowRequestDto | null>(null);
  const [viewing, setViewing] = useState<BorrowRequestDto | null>(null);
  const [findings, setFindings] = useState<BorrowRequestDto | null>(null);
  const [reporting, setReporting] = useState<BorrowRequestDto | null>(null);
  const list = useMyRequests({ search, status, page, pageSize: PAGE_SIZE });
  const action = useRequestAction();
  const choose = (v: string | null) => setTab((v ?? 'all') as RequestTab);

  const cancel = async (r: BorrowRequestDto) => {
    const booked = isUncollectedBooking(r);
    const ok = await confirmAction({
      title: booked ? 'Cancel booking' : 'Cancel request',
      message: booked
        ? `Cancel your booking for ${formatCalendarDate(r.dateNeeded)}? What the office set aside for you is freed for others.`
        : MSG.cancelConfirm,
      confirmLabel: booked ? 'Cancel booking' : 'Cancel request',
      cancelLabel: booked ? 'Keep booking' : 'Keep request',
      danger: true,
    });
    if (!ok) return;
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
      {data && data.unreturnedItems + data.returnsAwaitingCheck > 0 && (
        <Alert
          color="yellow"
          variant="light"
          icon={<IconAlertTriangle aria-hidden />}
          title={data.unreturnedItems ? 'Items to return' : 'Returns being checked'}
          styles={{
            root: { border: '1px solid var(--mantine-color-yellow-5)' },
            title: { color: TONE.yellow },
            icon: { color: TONE.yellow },
            message: { color: 'var(--mantine-color-dark-8)' },
          }}
        >
          {[
            data.unreturnedItems ? MSG.unreturnedBanner(data.unreturnedItems) : '',
            data.returnsAwaitingCheck ? MSG.returnsAwaitingCheck(data.returnsAwaitingCheck) : '',
          ]
            .filter(Boolean)
            .join(' ')}
        </Alert>
      )}
      <Group wrap="wrap">
        <SearchField label="Search requests" placeholder="Search by request ID or purpose" value={input} onChange={setInput} />
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
      <KeptCopyNote query={list} />
      <CountTabs label="Request status" tabs={REQUEST_TABS} counts={data?.counts} value={status} onChange={setTab}>
        <ListState
          loading={list.isPending}
          error={errorBesidesKeptCopy(list)}
          onRetry={() => list.refetch()}
          empty={!!data && data.items.length === 0}
          emptyText={MSG.noRequestsFound}
          emptyHint={search ? `No requests match "${search}".` : undefined}
        >
          {data?.items.map((r) => (
            <RequestCard
              key={r.id}
              r={r}
              onReturn={() => setReturning(r)}
              onProof={() => setViewing(r)}
              onCancel={() => cancel(r)}
              onFindings={() => setFindings(r)}
              onProblem={() => setReporting(r)}
            />
          ))}
        </ListState>
        {data && <Pager total={data.total} pageSize={PAGE_SIZE} page={page} onChange={setPage} />}
      </CountTabs>
      {returning && <ReturnDialog request={returning} onClose={() => setReturning(null)} />}
      {viewing && <ProofViewer code={viewing.code} proofUrl={viewing.proofUrl} onClose={() => setViewing(null)} />}
      {reporting && <ReportProblemDialog request={reporting} onClose={() => setReporting(null)} />}
      {findings && <ReturnFindings request={findings} onClose={() => setFindings(null)} />}
    </Stack>
  );
}
