import { useState } from 'react';
import { Alert, Button, Card, Group, Modal, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload } from '@tabler/icons-react';
import {
  REPORT_COUNT_LABELS,
  REPORT_GROUPS,
  REPORT_ITEM_COLUMNS,
  TOTAL_VALUE_LABEL,
  UNRETURNED_COLUMNS,
  unreturnedTitle,
} from '../../../core/inventory/reportLayout';
import { formatPeso } from '../../../core/format';
import { MSG } from '../../../core/messages';
import { formatCalendarDate } from '../../../core/time';
import { ApiError, hrefOf } from '../../lib/api';
import { downloadFile } from '../../lib/download';
import { StackTable } from '../../ui/StackTable';
import { useInventoryReport, type InventoryReport } from './api';
import { StockLevelBadge } from './StockBadges';

function ReportTable({
  caption,
  columns,
  rows,
  empty,
}: {
  caption: string;
  columns: readonly string[];
  rows: React.ReactNode[][];
  empty: string;
}) {
  return (
    <Stack gap={4}>
      <Title order={3} size="h5">
        {caption}
      </Title>
      <StackTable stackBelow={480}>
        <Table withTableBorder fz="sm" verticalSpacing={4} aria-label={caption}>
          <Table.Thead>
            <Table.Tr>
              {columns.map((c) => (
                <Table.Th key={c}>{c}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={columns.length}>
                  <Text size="sm" c="dark.5">
                    {empty}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : (
              rows.map((cells, i) => (
                <Table.Tr key={i}>
                  {cells.map((c, j) => (
                    <Table.Td key={j} data-label={columns[j]}>
                      {c}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </StackTable>
    </Stack>
  );
}

function ReportBody({ report }: { report: InventoryReport }) {
  return (
    <Stack>
      <SimpleGrid cols={{ base: 2, sm: 5 }}>
        {REPORT_COUNT_LABELS.map(([key, label]) => (
          <Card key={key} withBorder padding="sm">
            <Text size="sm" c="dark.6" fw={500}>
              {label}
            </Text>
            <Text fz={24} fw={800} data-testid={`report-count-${key}`}>
              {report.counts[key]}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
      <Text fw={600} data-testid="report-total-value">
        {TOTAL_VALUE_LABEL}: {formatPeso(report.totalValue)}
      </Text>
      {REPORT_GROUPS.map((g) => (
        <ReportTable
          key={g.key}
          caption={`${g.title} (${report[g.key].length})`}
          columns={REPORT_ITEM_COLUMNS}
          empty="No items."
          rows={report[g.key].map((it) => [
            it.name,
            it.category,
            it.quantity,
            it.minStock,
            <StockLevelBadge key="s" level={it.stockLevel} />,
            it.figures.onLoan,
            it.figures.issued,
            it.figures.inRepair,
            it.figures.lost,
            it.valueOnHand === null ? '' : formatPeso(it.valueOnHand),
          ])}
        />
      ))}
      <ReportTable
        caption={unreturnedTitle(report)}
        columns={UNRETURNED_COLUMNS}
        empty="No unreturned items."
        rows={report.unreturned.map((u) => [
          u.requestCode,
          u.userId,
          u.itemName,
          u.quantityApproved,
          formatCalendarDate(u.dateNeeded),
          formatCalendarDate(u.dateExpectedReturn),
        ])}
      />
    </Stack>
  );
}

/** Generate Inventory Report (docs/product.md): the counts and a table per group; Download Report saves the office's PDF. */
export function ReportModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const report = useInventoryReport(opened);
  const [downloading, setDownloading] = useState(false);

  const download = async () => {
    setDownloading(true);
    try {
      await downloadFile(hrefOf('/api/inventory/report.pdf'), { fallbackName: 'inventory_report.pdf' });
      notifications.show({ color: 'green', title: MSG.downloadStartedTitle, message: MSG.reportDownloadStarted });
    } catch (err) {
      notifications.show({
        color: 'red',
        title: 'Error',
        message: err instanceof ApiError && !err.isNetwork ? err.message : MSG.failedToGenerateReport,
      });
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={MSG.generateInventoryReport} size={1100} centered>
      <Stack>
        {report.isPending ? (
          <Skeleton h={240} />
        ) : report.isError ? (
          <Alert color="red" title="Error">
            {MSG.failedToGenerateReport}
          </Alert>
        ) : (
          <ReportBody report={report.data} />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          <Button leftSection={<IconDownload size={18} />} loading={downloading} onClick={download}>
            {MSG.downloadReport}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
