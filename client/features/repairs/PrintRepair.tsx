import { Box, Button, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { MSG } from '../../../core/messages';
import { PRIORITY_LABELS, REPAIR_STATUS_LABELS } from '../../../core/repairs/rules';
import { formatCalendarDate } from '../../../core/time';
import { hrefOf } from '../../lib/api';
import { useSiteStatus } from '../site/api';
import { useCampusTime } from '../site/useCampusTime';
import { printPageStatus, usePrintWhenReady } from '../../ui/PrintPage';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { useRepair } from './api';
import { pesos, scheduleText } from './RepairParts';

/** The signature blocks, the same three as the PDF's (server/modules/repairs/reportPdf.ts). */
const signatures = (assigned: string | null, reporter: string) => [
  { caption: 'Work performed by:', name: assigned ?? '', title: 'GSO Personnel' },
  { caption: 'Received by:', name: reporter, title: 'Reporter' },
  { caption: 'Noted by:', name: '', title: 'Head, General Services Office' },
];

/**
 * The printed Maintenance Report (docs/product.md): in its own window, the office's letterhead from the site
 * settings, report information, location, issue, work performed, admin notes and the actual cost, the photos
 * before and after side by side, signature lines and when it was generated. It prints by itself once loaded; the
 * same report is a PDF to download (docs/decisions/printed-documents.md).
 */
export default function PrintRepair() {
  const { id } = useParams();
  useDocumentTitle(`Maintenance Report RPR-${id}`);
  const query = useRepair(id ?? '');
  const site = useSiteStatus();
  const r = query.data?.report;
  const campus = useCampusTime();
  usePrintWhenReady(!!r && campus.ready && !site.isPending);
  const status = printPageStatus(query, 'Loading report', !!r);
  if (status || !r) return status;
  const office = site.data?.office;
  const row = (label: string, value: string) => (
    <Table.Tr>
      <Table.Th w={200}>{label}</Table.Th>
      <Table.Td>{value}</Table.Td>
    </Table.Tr>
  );
  const photos = [
    { caption: 'Before', url: r.startProofUrl },
    { caption: 'After', url: r.completionProofUrl },
  ].filter((p): p is { caption: string; url: string } => !!p.url);
  return (
    <Box component="main" p={{ base: 'md', sm: 'xl' }} maw={800} mx="auto">
      <Stack gap="sm">
        <Stack gap={0} align="center" ta="center">
          <Text fw={700} c="gso.7">
            {office?.name ?? 'General Services Office'}
          </Text>
          {office && <Text size="sm">{[office.address, office.phone, office.email].filter(Boolean).join(' · ')}</Text>}
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
            {row('Schedule', scheduleText(r.scheduled ?? r))}
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
        {r.damage && (
          <>
            <Title order={2} size="h4">
              Equipment Damage
            </Title>
            <Text>
              {r.damage.unitTag ? `${r.damage.itemName} (${r.damage.unitTag})` : `${r.damage.itemName} x ${r.damage.quantity}`} · Loan{' '}
              {r.damage.requestCode ?? 'deleted'} · Borrower {r.damage.borrowerName}
            </Text>
            {r.damage.photoUrl && (
              <Stack component="figure" gap={4} m={0} align="center" style={{ breakInside: 'avoid' }}>
                <img src={r.damage.photoUrl} alt={`Damage found at the return, ${r.code}`} style={{ maxWidth: '100%', maxHeight: 260 }} />
                <Text component="figcaption" size="sm" fw={600}>
                  Damage found at the return
                </Text>
              </Stack>
            )}
          </>
        )}
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
        {photos.length > 0 && (
          <>
            <Title order={2} size="h4">
              Proof of Work
            </Title>
            <SimpleGrid cols={2} spacing="md" style={{ breakInside: 'avoid' }}>
              {photos.map((p) => (
                <Stack component="figure" key={p.caption} gap={4} m={0} align="center">
                  <img src={p.url} alt={`${p.caption}: proof of work for ${r.code}`} style={{ maxWidth: '100%', maxHeight: 260 }} />
                  <Text component="figcaption" size="sm" fw={600}>
                    {p.caption}
                  </Text>
                </Stack>
              ))}
            </SimpleGrid>
          </>
        )}
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="lg" mt="xl" style={{ breakInside: 'avoid' }} role="group" aria-label="Signatures">
          {signatures(r.assignedName, r.reporterName).map((s) => (
            <Stack key={s.caption} gap={2}>
              <Text size="sm">{s.caption}</Text>
              <Box mt={36} style={{ borderTop: '1px solid currentColor' }} />
              <Text size="sm" ta="center" fw={600}>
                {s.name || '\u00a0'}
              </Text>
              <Text size="xs" ta="center">
                {s.title}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
        <Text size="sm" c="dark.6" mt="md">
          Generated {campus.dateTime(new Date().toISOString())}
        </Text>
        <Group className="gso-no-print" mt="md">
          <Button onClick={() => window.print()}>Print</Button>
          <Button component="a" href={hrefOf('/api/repairs/:id/report.pdf', { params: { id: r.id } })} download variant="default">
            Download PDF
          </Button>
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
