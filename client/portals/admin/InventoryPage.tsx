import { useState } from 'react';
import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileDownload, IconFileUpload, IconPlus, IconReportAnalytics } from '@tabler/icons-react';
import type { CsvExportQuery } from '../../../core/inventory/csv';
import { MSG } from '../../../core/messages';
import { type ItemDto } from '../../features/inventory/api';
import { useItemList } from '../../features/inventory/useItemList';
import { CategoryFilter } from '../../features/inventory/CategoryFilter';
import { CsvImportModal } from '../../features/inventory/CsvImportModal';
import { InventoryTable } from '../../features/inventory/InventoryTable';
import { ItemFormModal } from '../../features/inventory/ItemFormModal';
import { ReportModal } from '../../features/inventory/ReportModal';
import { StockCards } from '../../features/inventory/StockCards';
import { ApiError, hrefOf } from '../../lib/api';
import { downloadFile } from '../../lib/download';
import { ListState, Pager, SearchField } from '../../ui/list';
import { PageHeader } from '../../ui/PageHeader';
import { PAGE_HEADS } from '../../../core/site/pageHeads';

const PAGE_SIZE = 20;

export default function InventoryPage() {
  const { category, setCategory, page, setPage, input, setInput, search, items } = useItemList(PAGE_SIZE);
  const [editing, setEditing] = useState<ItemDto | 'new' | null>(null);
  const [reportOpen, setReportOpen] = useState(false);
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);

  /** Export CSV: the items the search and category show now. */
  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadFile(hrefOf('/api/inventory/export.csv', { query: { search, category: category as CsvExportQuery['category'] } }), {
        fallbackName: 'inventory.csv',
      });
    } catch (err) {
      notifications.show({ color: 'red', title: 'Error', message: err instanceof ApiError ? err.message : MSG.serverError });
    } finally {
      setExporting(false);
    }
  };

  const data = items.data;
  const loadError = items.isError
    ? new Error(
        items.error instanceof ApiError && items.error.isNetwork
          ? MSG.inventoryNetworkError
          : items.error.message || MSG.failedToFetchItems,
      )
    : null;
  const inventoryEmpty = !!data && data.summary.total === 0;
  return (
    <Stack>
      <PageHeader
        {...PAGE_HEADS['/admin/inventory']}
        actions={
          <Group gap="xs">
            <Button leftSection={<IconPlus size={18} />} onClick={() => setEditing('new')}>
              Add Item
            </Button>
            <Button variant="light" leftSection={<IconReportAnalytics size={18} />} onClick={() => setReportOpen(true)}>
              Generate Report
            </Button>
            <Button variant="default" leftSection={<IconFileDownload size={18} />} loading={exporting} onClick={exportCsv}>
              {MSG.exportCsv}
            </Button>
            <Button variant="default" leftSection={<IconFileUpload size={18} />} onClick={() => setImporting(true)}>
              {MSG.importCsv}
            </Button>
          </Group>
        }
      />
      <StockCards summary={data?.summary} />
      <Group wrap="wrap">
        <SearchField label="Search inventory" placeholder="Search by name, category or description" value={input} onChange={setInput} />
        <CategoryFilter value={category} onChange={setCategory} counts={data?.counts} />
      </Group>
      {inventoryEmpty && !loadError ? (
        <Card withBorder py="xl">
          <Stack align="center" gap="xs">
            <Text fw={600}>{MSG.inventoryEmpty}</Text>
            <Text size="sm" c="dark.6">
              Add the office&apos;s equipment and supplies so people can borrow them.
            </Text>
            <Button leftSection={<IconPlus size={18} />} onClick={() => setEditing('new')}>
              Add First Item
            </Button>
          </Stack>
        </Card>
      ) : (
        <ListState
          loading={items.isPending}
          error={loadError}
          onRetry={() => items.refetch()}
          empty={!!data && data.items.length === 0}
          emptyText={MSG.noItemsFound}
          emptyHint={search ? `No items match "${search}".` : 'No items in this category.'}
          skeletonHeight={56}
        >
          <InventoryTable items={data?.items ?? []} onEdit={setEditing} />
        </ListState>
      )}
      {data && <Pager total={data.total} pageSize={PAGE_SIZE} page={page} onChange={setPage} />}
      <ReportModal opened={reportOpen} onClose={() => setReportOpen(false)} />
      {importing && <CsvImportModal onClose={() => setImporting(false)} />}
      {editing && <ItemFormModal item={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </Stack>
  );
}
