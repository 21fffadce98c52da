import { useState } from 'react';
import { Anchor, Box, Button, Card, Group, Modal, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconPackage, IconPackageExport, IconTrendingDown } from '@tabler/icons-react';
import { plural } from '../../../core/format';
import { MSG } from '../../../core/messages';
import { formatCalendarDate } from '../../../core/time';
import { OverdueBadge } from '../../features/borrowing/RequestBadges';
import { useUnreturnedItems, type ItemDto } from '../../features/inventory/api';
import { useItemList } from '../../features/inventory/useItemList';
import { ItemPhoto } from '../../features/inventory/ItemPhoto';
import { ItemStatusBadge, StockStatusBadge } from '../../features/inventory/StockBadges';
import { ApiError } from '../../lib/api';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { CategoryFilter } from '../../features/inventory/CategoryFilter';
import { ListState, Pager, SearchField } from '../../ui/list';
import { PageHeader } from '../../ui/PageHeader';
import { StackTable } from '../../ui/StackTable';
import { StatCard } from '../../ui/StatCard';
import { AppLink } from '../../lib/navigation';

const PAGE_SIZE = 24;

function ItemCard({ item }: { item: ItemDto }) {
  return (
    <Card withBorder padding="md">
      <Group align="flex-start" wrap="nowrap" gap="sm">
        <ItemPhoto url={item.photoUrl} name={item.name} size={64} />
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Title order={3} size="h5">
            {item.name}
          </Title>
          <Text size="sm" c="dark.6">
            {item.category}
          </Text>
          <Group gap={6}>
            <StockStatusBadge status={item.stockStatus} />
            <ItemStatusBadge status={item.itemStatus} />
          </Group>
          <Group gap="md">
            <Text size="sm">
              Quantity: <b>{item.quantity}</b>
            </Text>
            <Text size="sm">
              Minimum stock: <b>{item.minStock}</b>
            </Text>
          </Group>
          {item.tracking === 'tracked' && (
            <Anchor component={AppLink} to={`/personnel/inventory/${item.id}/units`} size="sm">
              Tracked: {item.unitCount} {item.unitCount === 1 ? 'unit' : 'units'}, see them
            </Anchor>
          )}
          {item.description && (
            <Text size="sm" c="dark.6" lineClamp={2}>
              {item.description}
            </Text>
          )}
        </Stack>
      </Group>
    </Card>
  );
}

const COLUMNS = ['Request ID', 'User ID', 'Full Name', 'Purpose', 'Item Name', 'Quantity Approved', 'Date Needed', 'Expected Return'];

/** docs/product.md: the items lent and not yet back in stock, eight columns and the total. */
function UnreturnedModal({ onClose }: { onClose: () => void }) {
  const list = useUnreturnedItems(true);
  const data = list.data;
  return (
    <Modal opened onClose={onClose} title="Unreturned Items" size={1100} centered>
      {list.isPending ? (
        <Skeleton h={160} />
      ) : (
        <>
          {list.isError && <ErrorAlert message={list.error.message} />}
          <StackTable stackBelow={760}>
            <Table striped fz="sm" aria-label="Unreturned items">
              <Table.Thead>
                <Table.Tr>
                  {COLUMNS.map((c) => (
                    <Table.Th key={c}>{c}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data?.items.length ? (
                  data.items.map((u) => (
                    <Table.Tr key={`${u.requestId}-${u.itemId ?? u.itemName}`}>
                      <Table.Td data-label={COLUMNS[0]}>{u.requestCode}</Table.Td>
                      <Table.Td data-label={COLUMNS[1]}>{u.userId ?? '—'}</Table.Td>
                      <Table.Td data-label={COLUMNS[2]}>{u.fullName}</Table.Td>
                      <Table.Td data-label={COLUMNS[3]} maw={200}>
                        <Text size="sm" lineClamp={2} title={u.purpose}>
                          {u.purpose}
                        </Text>
                      </Table.Td>
                      <Table.Td data-label={COLUMNS[4]}>{u.itemName}</Table.Td>
                      <Table.Td data-label={COLUMNS[5]}>{u.quantityApproved}</Table.Td>
                      <Table.Td data-label={COLUMNS[6]}>{formatCalendarDate(u.dateNeeded)}</Table.Td>
                      <Table.Td data-label={COLUMNS[7]}>
                        {formatCalendarDate(u.dateExpectedReturn)}
                        {u.overdueDays > 0 && (
                          <Box ml={4} component="span">
                            <OverdueBadge days={u.overdueDays} />
                          </Box>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))
                ) : (
                  <Table.Tr>
                    <Table.Td colSpan={8}>
                      <Text ta="center" c="dark.6" py="md">
                        No unreturned items
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                )}
              </Table.Tbody>
            </Table>
          </StackTable>
          <Text fw={600} mt="sm">
            Total: {plural(data?.totalQuantity ?? 0, 'unit')} in {plural(data?.total ?? 0, 'line')}
          </Text>
        </>
      )}
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose}>
          Close
        </Button>
      </Group>
    </Modal>
  );
}

export default function PersonnelInventoryPage() {
  const { category, setCategory, page, setPage, input, setInput, search, items } = useItemList(PAGE_SIZE);
  const [showUnreturned, setShowUnreturned] = useState(false);
  const data = items.data;
  const s = data?.summary;
  const loadError = items.isError
    ? new Error(
        items.error instanceof ApiError && items.error.isNetwork
          ? MSG.inventoryNetworkError
          : items.error.message || MSG.failedToFetchItems,
      )
    : null;
  return (
    <Stack>
      <PageHeader
        title="Inventory"
        subtitle="What is on the shelf, what is running low, and what is out on loan"
        actions={
          <Button variant="light" leftSection={<IconPackageExport size={18} />} onClick={() => setShowUnreturned(true)}>
            Unreturned Items
          </Button>
        }
      />
      <SimpleGrid cols={{ base: 1, xs: 3 }}>
        {!s ? (
          [1, 2, 3].map((i) => <Skeleton key={i} h={100} />)
        ) : (
          <>
            <StatCard label="Total Items" value={s.total} icon={<IconPackage />} />
            <StatCard
              label="Low Stock"
              value={s.lowStock}
              icon={<IconTrendingDown />}
              color="yellow"
              note="At or below the minimum stock"
            />
            <StatCard label="Out of Stock" value={s.outOfStock} icon={<IconAlertTriangle />} color="red" note="None on hand" />
          </>
        )}
      </SimpleGrid>
      <Group wrap="wrap">
        <SearchField label="Search inventory" placeholder="Search by name, category or description" value={input} onChange={setInput} />
        <CategoryFilter value={category} onChange={setCategory} counts={data?.counts} />
      </Group>
      <ListState
        loading={items.isPending}
        error={loadError}
        onRetry={() => items.refetch()}
        retryLabel="Retry"
        empty={!!data && data.items.length === 0}
        emptyText={MSG.noItemsFound}
        emptyHint={search ? `No items match "${search}".` : undefined}
        skeletonHeight={110}
      >
        <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }}>
          {data?.items.map((item) => (
            <ItemCard key={item.id} item={item} />
          ))}
        </SimpleGrid>
      </ListState>
      {data && <Pager total={data.total} pageSize={PAGE_SIZE} page={page} onChange={setPage} />}
      {showUnreturned && <UnreturnedModal onClose={() => setShowUnreturned(false)} />}
    </Stack>
  );
}
