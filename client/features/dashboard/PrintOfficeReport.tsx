import { Anchor, Box, Button, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { officeReportSections } from '../../../core/dashboard/report';
import { hrefOf } from '../../lib/api';
import { printPageStatus } from '../../ui/PrintPage';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { useSiteStatus } from '../site/api';
import { useCampusTime } from '../site/useCampusTime';
import { useOfficeReport } from './api';

/**
 * Generate Report on the admin dashboard (docs/product.md: a report page in a new tab): the office's figures as a page
 * that prints well, with the same figures as a PDF to download.
 */
export default function PrintOfficeReport() {
  useDocumentTitle('Office Report');
  const report = useOfficeReport();
  const site = useSiteStatus().data;
  const campus = useCampusTime();
  const r = report.data;
  const status = printPageStatus(report, 'Loading report', !!r);
  if (status || !r) return status;
  return (
    <Box component="main" p={{ base: 'md', sm: 'xl' }} maw={860} mx="auto">
      <Stack gap="md">
        <Stack gap={0} align="center" ta="center">
          <Text fw={700} c="gso.7">
            {site?.office.name ?? 'General Services Office'}
          </Text>
          {site && <Text size="sm">{site.office.address}</Text>}
          <Title order={1} size="h2" mt="xs">
            Office Report
          </Title>
          <Text size="sm" c="dark.6">
            Generated: {campus.dateTime(r.generatedAt)}
          </Text>
        </Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          {officeReportSections(r).map((section) => (
            <Box key={section.title} style={{ breakInside: 'avoid' }}>
              <Title order={2} size="h4" mb="xs">
                {section.title}
              </Title>
              <Table withTableBorder withColumnBorders>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Figure</Table.Th>
                    <Table.Th ta="right">Count</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {section.rows.map(([label, value]) => (
                    <Table.Tr key={label} fw={label === 'Total' ? 700 : undefined}>
                      <Table.Td>{label}</Table.Td>
                      <Table.Td ta="right">{value.toLocaleString()}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Box>
          ))}
        </SimpleGrid>
        <Group className="gso-no-print" mt="md">
          <Button onClick={() => window.print()}>Print</Button>
          <Button component="a" href={hrefOf('/api/dashboard/report.pdf')} variant="default">
            Download PDF
          </Button>
          <Anchor href="/admin" size="sm">
            Back to the dashboard
          </Anchor>
        </Group>
      </Stack>
    </Box>
  );
}
