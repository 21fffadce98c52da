import { Box, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { MSG } from '../../../core/messages';
import { PRIORITY_LABELS, REPAIR_STATUS_LABELS } from '../../../core/repairs/rules';
import { formatCalendarDate } from '../../../core/time';
import { useCampusTime } from '../site/useCampusTime';
import { printPageStatus, usePrintWhenReady } from '../../ui/PrintPage';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { useRepair } from './api';
import { pesos, scheduleText } from './RepairParts';

/**
 * The printed Maintenance Report (docs/product.md): the office header, report information, location,
 * issue, work performed, admin notes and the actual cost, and when it was generated. It prints by itself.
 */
export default function PrintRepair() {
  const { id } = useParams();
  useDocumentTitle(`Maintenance Report RPR-${id}`);
  const query = useRepair(id ?? '');
  const r = query.data?.report;
  const campus = useCampusTime();
  usePrintWhenReady(!!r && campus.ready);
  const status = printPageStatus(query, 'Loading report', !!r);
  if (status || !r) return status;
  const row = (label: string, value: string) => (
    <Table.Tr>
      <Table.Th w={200}>{label}</Table.Th>
      <Table.Td>{value}</Table.Td>
    </Table.Tr>
  );
  return (
    <Box component="main" p="xl" maw={800} mx="auto">
      <Stack gap="sm">
        <Stack gap={0} align="center">
          <Text fw={700} c="gso.7">
            Campus General Services Office
          </Text>
          <Text size="sm">University Campus · Maintenance and Repairs</Text>
          <Title order={1} size="h2" mt="xs">
            Maintenance Report
          </Title>
        </Stack>
        <Title order={2} size="h4">
          Report Information
        </Title>
        <Table withTableBorder withColumnBorders>
          <Table.Tbody>
            {row('Report ID', r.code)}
            {row('Status', REPAIR_STATUS_LABELS[r.status])}
            {row('Priority', PRIORITY_LABELS[r.priority])}
            {row('Reported by', r.reporterName)}
            {row('Date reported', campus.dateTime(r.dateReported))}
            {row('Assigned personnel', r.assignedName ?? 'Not yet assigned')}
            {row('Schedule', scheduleText(r))}
            {row('Date completed', r.dateCompleted ? formatCalendarDate(r.dateCompleted) : 'Not completed')}
          </Table.Tbody>
        </Table>
        <Title order={2} size="h4">
          Location
        </Title>
        <Text>
          {r.building} - {r.room}
        </Text>
        <Title order={2} size="h4">
          Issue Description
        </Title>
        <Text style={{ whiteSpace: 'pre-wrap' }}>{r.issueDescription}</Text>
        <Title order={2} size="h4">
          Work Performed
        </Title>
        <Text style={{ whiteSpace: 'pre-wrap' }}>{r.workDescription || MSG.noWorkDescription}</Text>
        {r.adminNotes && (
          <>
            <Title order={2} size="h4">
              Admin Notes
            </Title>
            <Text style={{ whiteSpace: 'pre-wrap' }}>{r.adminNotes}</Text>
          </>
        )}
        {r.actualCost !== null && (
          <Text>
            <strong>Actual cost:</strong> {pesos(r.actualCost)}
          </Text>
        )}
        <Text size="sm" c="dark.6" mt="md">
          Generated {campus.dateTime(new Date().toISOString())}
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

/** Opens the printable report in a new window. */
export const openRepairPrint = (id: number) => window.open(`/print/repairs/${id}`, '_blank', 'noopener');
