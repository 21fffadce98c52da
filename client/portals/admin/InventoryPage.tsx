import { useState } from 'react';
import { ActionIcon, Button, Card, Group, Progress, Select, SimpleGrid, Skeleton, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconAlertTriangle,
  IconCircleCheck,
  IconFileDownload,
  IconFileUpload,
  IconPackage,
  IconPencil,
  IconPlus,
  IconReportAnalytics,
  IconTrash,
  IconTrendingDown,
} from '@tabler/icons-react';
import { CATEGORIES, ITEM_STATUS_LABELS, ITEM_STATUSES } from '../../../core/inventory/rules';
import type { CsvExportQuery } from '../../../core/inventory/csv';
import { MSG } from '../../../core/messages';
import { useDeleteItem, useItems, useSetItemStatus, type ItemDto, type ItemList } from '../../features/inventory/api';
import { CsvImportModal } from '../../features/inventory/CsvImportModal';
import { ItemFormModal } from '../../features/inventory/ItemFormModal';
import { ItemPhoto } from '../../features/inventory/ItemPhoto';
import { ReportModal } from '../../features/inventory/ReportModal';
import { StockLevelBadge } from '../../features/inventory/StockBadges';
import { ApiError, hrefOf } from '../../lib/api';
import { downloadFile } from '../../lib/download';
import { confirmAction } from '../../ui/confirm';
import { CategoryFilter } from '../../features/inventory/CategoryFilter';
import { ListState, Pager, SearchField, useListParams } from '../../ui/list';
import { PageHeader } from '../../ui/PageHeader';
import { StackTable } from '../../ui/StackTable';
import { StatCard } from '../../ui/StatCard';
import { TONE } from '../../ui/tones';

const PAGE_SIZE = 20;
const COLUMNS = ['Photo', 'Item Name', 'Description', 'Category', 'Quantity', 'Min Stock', 'Status', 'Item Status', 'Actions'];

/** The four stat cards (docs/product.md), each with a bar of its share of the whole inventory; no made-up trends (docs/decisions/real-figures.md). */
function StockCards({ summary }: { summary: ItemList['summary'] | undefined }) {
  if (!summary)
    return (
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }}>
        {[1, 2, 3, 4].map((i) => (
          <Skeleton key={i} h={118} />
        ))}
      </SimpleGrid>
    );
  const share = (n: number) => (summary.total ? Math.round((n / summary.total) * 100) : 0);
  const cards = [
    { label: 'Total Items', value: summary.total, color: 'gso', bar: TONE.blue, icon: <IconPackage />, note: 'Items on record' },
    {
      label: 'Low Stock',
      value: summary.lowStock,
      color: 'yellow',
      bar: TONE.yellow,
      icon: <IconTrendingDown />,
      note: `${share(summary.lowStock)}% at or below their min stock`,
    },
    {
      label: 'Critical',
      value: summary.outOfStock,
      color: 'red',
      bar: TONE.red,
      icon: <IconAlertTriangle />,
      note: `${share(summary.outOfStock)}% with none on hand`,
    },
    {
      label: 'In Stock',
      value: summary.inStock,
      color: 'green',
      bar: TONE.green,
      icon: <IconCircleCheck />,
      note: `${share(summary.inStock)}% above their min stock`,
    },
  ];
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }}>
      {cards.map((c) => (
        <Stack key={c.label} gap={0}>
          <StatCard label={c.label} value={c.value} icon={c.icon} color={c.color} note={c.note} />
          <Progress
            value={c.label === 'Total Items' ? (summary.total ? 100 : 0) : share(c.value)}
            color={c.bar}
            size="sm"
            radius={0}
            aria-label={`${c.label}: ${c.label === 'Total Items' ? 100 : share(c.value)}% of all items`}
          />
        </Stack>
      ))}
    </SimpleGrid>
  );
}

const failureOf = (err: unknown) => (err instanceof ApiError && !err.isNetwork ? err.message : null);

export default function InventoryPage() {
  const {
    tab: category,
    setTab: setCategory,
    page,
    setPage,
    input,
    setInput,
    search,
  } = useListParams<string>({ tabs: ['all', ...CATEGORIES], defaultTab: 'all', tabParam: 'category' });
  const items = useItems({ search, category, page, pageSize: PAGE_SIZE });
  const [editing, setEditing] = useState<ItemDto | 'new' | null>(null);
  const setStatus = useSetItemStatus();
  const remove = useDeleteItem();
  const [busyId, setBusyId] = useState<number | null>(null);
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

  const changeStatus = async (item: ItemDto, itemStatus: string) => {
    if (itemStatus === item.itemStatus) return;
    setBusyId(item.id);
    try {
      await setStatus.mutateAsync({ id: item.id, itemStatus });
      notifications.show({ color: 'green', title: 'Success', message: MSG.itemStatusUpdated });
    } catch (err) {
      if (err instanceof ApiError && err.isNetwork) notifications.show({ color: 'red', title: 'Error', message: MSG.statusNetworkError });
      else notifications.show({ color: 'red', title: 'Error', message: failureOf(err) ?? MSG.failedToUpdateItemStatus });
    } finally {
      setBusyId(null);
    }
  };

  const askDelete = async (item: ItemDto) => {
    const ok = await confirmAction({
      title: 'Confirm Delete Item',
      message: `Are you sure you want to delete ${item.name}? This cannot be undone. Past requests keep the name they borrowed.`,
      confirmLabel: 'Delete',
      danger: true,
    });
    if (!ok) return;
    try {
      await remove.mutateAsync(item.id);
      notifications.show({ color: 'green', title: MSG.itemDeletedTitle, message: MSG.itemDeleted });
    } catch (err) {
      notifications.show({
        color: 'red',
        title: 'Error',
        message: MSG.failedToDeleteItem(failureOf(err) ?? 'Unknown error'),
        autoClose: 8000,
      });
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
        title="Inventory"
        subtitle="Stock on hand, what is low, and what can be lent"
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
          <StackTable stackBelow={900}>
            <Table bg="white" highlightOnHover verticalSpacing="xs" fz="sm" aria-label="Inventory items">
              <Table.Thead>
                <Table.Tr>
                  {COLUMNS.map((c) => (
                    <Table.Th key={c}>{c === 'Photo' ? <VisuallyHidden>Photo</VisuallyHidden> : c}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data?.items.map((item) => (
                  <Table.Tr key={item.id}>
                    <Table.Td>
                      <ItemPhoto url={item.photoUrl} name={item.name} size={40} />
                    </Table.Td>
                    <Table.Th scope="row">{item.name}</Table.Th>
                    <Table.Td maw={260}>
                      <Text size="sm" c={item.description ? undefined : 'dark.5'} lineClamp={2} title={item.description ?? undefined}>
                        {item.description ?? 'No description'}
                      </Text>
                    </Table.Td>
                    <Table.Td data-label="Category">{item.category}</Table.Td>
                    <Table.Td data-label="Quantity">{item.quantity}</Table.Td>
                    <Table.Td data-label="Min Stock">{item.minStock}</Table.Td>
                    <Table.Td data-label="Status">
                      <StockLevelBadge level={item.stockLevel} />
                    </Table.Td>
                    <Table.Td data-label="Item Status">
                      <Select
                        aria-label={`Item status of ${item.name}`}
                        size="xs"
                        w={140}
                        value={item.itemStatus}
                        disabled={busyId === item.id}
                        allowDeselect={false}
                        data={ITEM_STATUSES.map((s) => ({ value: s, label: ITEM_STATUS_LABELS[s] }))}
                        onChange={(v) => v && changeStatus(item, v)}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        <ActionIcon variant="subtle" aria-label={`Edit ${item.name}`} onClick={() => setEditing(item)}>
                          <IconPencil size={18} />
                        </ActionIcon>
                        <ActionIcon variant="subtle" color={TONE.red} aria-label={`Delete ${item.name}`} onClick={() => askDelete(item)}>
                          <IconTrash size={18} />
                        </ActionIcon>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </StackTable>
        </ListState>
      )}
      {data && <Pager total={data.total} pageSize={PAGE_SIZE} page={page} onChange={setPage} />}
      <ReportModal opened={reportOpen} onClose={() => setReportOpen(false)} />
      {importing && <CsvImportModal onClose={() => setImporting(false)} />}
      {editing && <ItemFormModal item={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </Stack>
  );
}
