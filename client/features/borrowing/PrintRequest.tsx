import { Box, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { REQUEST_STATUS_LABELS } from '../../../core/borrowing/rules';
import { issuedText, SUPPLY_MSG } from '../../../core/inventory/supplies';
import { borrowingKeys } from '../../lib/queryKeys';
import { stillOutOf } from './ReturnsPanel';
import { api } from '../../lib/api';
import { formatCalendarDate } from '../../../core/time';
import { useCampusTime } from '../site/useCampusTime';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { printPageStatus, usePrintWhenReady } from '../../ui/PrintPage';

/**
 * A printable request: the receipt after submitting, and Print on every request card. It opens in
 * its own window and prints itself once loaded (docs/product.md).
 */
export default function PrintRequest() {
  const { id } = useParams();
  useDocumentTitle(`Request REQ-${id}`);
  const query = useQuery({
    queryKey: borrowingKeys.one(id ?? ''),
    queryFn: () => api.get('/api/borrow-requests/:id', { params: { id: id ?? '' } }),
  });
  const r = query.data?.request;
  const campus = useCampusTime();
  usePrintWhenReady(!!r && campus.ready);
  const status = printPageStatus(query, 'Loading request', !!r);
  if (status || !r) return status;
  const approved = r.items.reduce((n, l) => n + l.quantityApproved, 0);
  return (
    <Box component="main" p="xl" maw={800} mx="auto">
      <Stack gap="xs">
        <Text fw={700} c="gso.7">
          Campus General Services Office
        </Text>
        <Title order={1} size="h2">
          Borrow Request {r.code}
        </Title>
        <Group gap="xl" wrap="wrap">
          <Text>
            <strong>Status:</strong> {REQUEST_STATUS_LABELS[r.status]}
          </Text>
          <Text>
            <strong>Borrower:</strong> {r.requesterName}
          </Text>
        </Group>
        <Text>
          <strong>Purpose:</strong> {r.purpose}
        </Text>
        <Group gap="xl" wrap="wrap">
          <Text>
            <strong>Requested:</strong> {campus.day(r.dateRequested)}
          </Text>
          <Text>
            <strong>Needed:</strong> {formatCalendarDate(r.dateNeeded)}
          </Text>
          {/* docs/decisions/supplies.md: a request of supplies only has nothing to bring back. */}
          <Text>
            <strong>Expected return:</strong>{' '}
            {r.suppliesOnly ? 'None (supplies are issued, not returned)' : formatCalendarDate(r.dateExpectedReturn)}
          </Text>
        </Group>
        <Table withTableBorder withColumnBorders mt="md">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Item</Table.Th>
              <Table.Th>Category</Table.Th>
              <Table.Th>Requested</Table.Th>
              <Table.Th>Approved</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {r.items.map((l) => (
              <Table.Tr key={l.id}>
                <Table.Td>
                  {l.name}
                  {l.supply && <strong> ({SUPPLY_MSG.supplyBadge})</strong>}
                  {l.units.length > 0 && <div style={{ fontSize: '0.85em' }}>Units: {l.units.join(', ')}</div>}
                </Table.Td>
                <Table.Td>{l.category}</Table.Td>
                <Table.Td>{l.quantityRequested}</Table.Td>
                <Table.Td>
                  {l.supply && l.quantityApproved > 0 ? issuedText(l.quantityApproved, l.quantityRequested) : l.quantityApproved}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th colSpan={2}>Total</Table.Th>
              <Table.Th>{r.totalItems}</Table.Th>
              <Table.Th>{approved}</Table.Th>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
        {r.status === 'approved' && r.itemsBack > 0 && (
          // A partial return (docs/decisions/partial-returns.md): what is back, and only what is still out.
          <Text>
            <strong>
              Back: {r.itemsBack} of {r.itemsBack + r.itemsOut}.
            </strong>{' '}
            {r.itemsOut > 0 && <>Still out: {stillOutOf(r)}</>}
          </Text>
        )}
        <Text size="sm" c="dimmed" mt="md">
          Printed {campus.dateTime(new Date().toISOString())}
        </Text>
        <Group className="gso-no-print" mt="md">
          <Button onClick={() => window.print()}>Print</Button>
          <Button variant="default" onClick={() => window.close()}>
            Close
          </Button>
        </Group>
      </Stack>
    </Box>
  );
}

/** Opens the printable request in a new window. */
export const openPrint = (id: number) => window.open(`/print/requests/${id}`, '_blank', 'noopener');
