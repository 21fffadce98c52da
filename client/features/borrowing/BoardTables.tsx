import type { ReactNode } from 'react';
import { Box, Button, Group, Table, Text } from '@mantine/core';
import { IconArrowBackUp } from '@tabler/icons-react';
import { Link } from 'react-router';
import { canDo } from '../../../core/borrowing/rules';
import type { BorrowRecordDto, BorrowRequestDto } from '../../../core/borrowing/schemas';
import { plural } from '../../../core/format';
import { formatCalendarDate } from '../../../core/time';
import { unitCount } from './BoardParts';
import { ExpectedReturnBadge, OverdueBadge, RecordStatusBadge, RequestStatusBadge } from './RequestBadges';
import { ProblemBadge } from './LoanProblems';
import { StaffRequestActions, type StaffRequestAction } from './StaffRequestCard';

/** One line of text that ends with … when it does not fit, the whole text on hover. */
const Clipped = ({ children, width = 180 }: { children: string; width?: number }) => (
  <Text size="sm" truncate="end" maw={width} title={children}>
    {children}
  </Text>
);

/** The frame both compact views share: a scrolling table with a header row of these columns. */
function CompactTable({ label, columns, children }: { label: string; columns: string[]; children: ReactNode }) {
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table className="gso-compact-table" bg="white" highlightOnHover verticalSpacing={4} fz="sm" aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => (
              <Table.Th key={c}>{c}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The compact view of the office's requests board: a row per request, with the same actions as the cards. */
export function RequestsTable({
  requests,
  canRemind,
  busyId,
  onAction,
}: {
  requests: BorrowRequestDto[];
  canRemind: boolean;
  busyId: number | undefined;
  onAction: (action: StaffRequestAction, request: BorrowRequestDto) => void;
}) {
  return (
    <CompactTable label="Borrow requests" columns={['Request', 'Requester', 'Purpose', 'Items', 'Return by', 'Status', 'Actions']}>
      {requests.map((r) => (
        <Table.Tr key={r.id}>
          <Table.Th scope="row">{r.code}</Table.Th>
          <Table.Td>
            <Clipped width={140}>{r.requesterName}</Clipped>
          </Table.Td>
          <Table.Td>
            <Clipped>{r.purpose}</Clipped>
          </Table.Td>
          <Table.Td>
            {unitCount(r.totalItems)}
            {r.totalIssued > 0 && <div style={{ fontSize: '0.85em' }}>{r.totalIssued} issued</div>}
            {r.status === 'approved' && r.itemsBack > 0 && (
              // docs/decisions/partial-returns.md: a loan back in part
              <div style={{ fontSize: '0.85em' }}>
                {r.itemsBack} of {r.itemsBack + r.itemsOut} back
              </div>
            )}
          </Table.Td>
          <Table.Td title={`Needed ${formatCalendarDate(r.dateNeeded)}`}>
            {r.status === 'approved' && r.daysLeft !== null ? (
              <Box w="max-content">
                <ExpectedReturnBadge daysLeft={r.daysLeft} />
              </Box>
            ) : r.suppliesOnly ? (
              // docs/decisions/supplies.md: supplies are issued, nothing is due back.
              'No return'
            ) : (
              formatCalendarDate(r.dateExpectedReturn)
            )}
          </Table.Td>
          <Table.Td>
            <Group gap={4} wrap="nowrap" w="max-content">
              <RequestStatusBadge status={r.status} />
              <ProblemBadge count={r.openProblems} />
            </Group>
          </Table.Td>
          <Table.Td>
            <Group gap={4} wrap="nowrap" style={{ width: 'max-content' }}>
              <StaffRequestActions request={r} canRemind={canRemind} busy={busyId === r.id} onAction={onAction} size="compact-sm" />
            </Group>
          </Table.Td>
        </Table.Tr>
      ))}
    </CompactTable>
  );
}

/** The compact view of borrow records: a row per loan, with Mark Returned or the way to verify a return. */
export function RecordsTable({
  records,
  busyId,
  requestsPath,
  onMarkReturned,
}: {
  records: BorrowRecordDto[];
  busyId: number | undefined;
  requestsPath: string;
  onMarkReturned: (r: BorrowRecordDto) => void;
}) {
  return (
    <CompactTable label="Borrow records" columns={['Loan', 'Borrower', 'Purpose', 'Items', 'Return by', 'Status', 'Action']}>
      {records.map((r) => (
        <Table.Tr key={r.id}>
          <Table.Th scope="row">{r.code}</Table.Th>
          <Table.Td>
            <Clipped width={140}>{r.borrower}</Clipped>
          </Table.Td>
          <Table.Td>
            <Clipped>{r.purpose}</Clipped>
          </Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>
            {unitCount(r.totalItems)}
            {r.requestStatus === 'approved' && r.itemsBack > 0 && (
              <div style={{ fontSize: '0.85em' }}>
                {r.itemsBack} of {r.itemsBack + r.itemsOut} back
              </div>
            )}
          </Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatCalendarDate(r.dateExpectedReturn)}</Table.Td>
          <Table.Td>
            <Group gap={4} wrap="nowrap" style={{ width: 'max-content' }}>
              <RecordStatusBadge status={r.status} />
              {r.status === 'overdue' && <OverdueBadge days={r.overdueDays}>{plural(r.overdueDays, 'day')}</OverdueBadge>}
              <ProblemBadge count={r.openProblems} />
            </Group>
          </Table.Td>
          <Table.Td>
            {canDo('markReturned', r.requestStatus) && (
              <Button
                size="compact-sm"
                leftSection={<IconArrowBackUp size={14} aria-hidden />}
                loading={busyId === r.id}
                onClick={() => onMarkReturned(r)}
              >
                Mark Returned
              </Button>
            )}
            {r.status === 'returned' && (
              <Button size="xs" variant="light" component={Link} to={`${requestsPath}?tab=returned&q=${encodeURIComponent(r.requestCode)}`}>
                Verify return
              </Button>
            )}
          </Table.Td>
        </Table.Tr>
      ))}
    </CompactTable>
  );
}
