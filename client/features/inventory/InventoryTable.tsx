import { useState } from 'react';
import { ActionIcon, Anchor, Badge, Group, Select, Stack, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconTags } from '@tabler/icons-react';
import { AppLink } from '../../lib/navigation';
import { TrackItemModal } from './UnitModals';
import { notifications } from '@mantine/notifications';
import { ITEM_STATUS_LABELS, ITEM_STATUSES } from '../../../core/inventory/rules';
import { MSG } from '../../../core/messages';
import type { StockFigures } from '../../../core/inventory/report';
import { ApiError } from '../../lib/api';
import { confirmAction } from '../../ui/confirm';
import { EditDeleteActions } from '../../ui/EditDeleteActions';
import { StackTable } from '../../ui/StackTable';
import { useDeleteItem, useSetItemStatus, useStockFigures, type ItemDto } from './api';
import { ItemPhoto } from './ItemPhoto';
import { StockLevelBadge } from './StockBadges';

const COLUMNS = ['Photo', 'Item Name', 'Description', 'Category', 'Quantity', 'Min Stock', 'Status', 'Item Status', 'Actions'];

const failureOf = (err: unknown) => (err instanceof ApiError && !err.isNetwork ? err.message : null);

/** On loan, in repair and lost of one item, under its Quantity (the available stock; docs/decisions/stock-figures.md). */
function FiguresCell({ figures: f }: { figures: StockFigures | undefined }) {
  if (!f)
    return (
      <Text size="xs" c="dark.5">
        …
      </Text>
    );
  return (
    <Stack gap={0} data-testid="stock-figures" style={{ whiteSpace: 'nowrap' }}>
      <Text size="xs" c={f.onLoan ? undefined : 'dark.5'}>
        On loan {f.onLoan}
      </Text>
      <Text size="xs" c={f.inRepair ? undefined : 'dark.5'}>
        In repair {f.inRepair}
      </Text>
      <Text size="xs" c={f.lost ? undefined : 'dark.5'}>
        Lost {f.lost}
      </Text>
    </Stack>
  );
}

/** The administrators' inventory table: each item's stock, its item status changed in place, Edit and Delete. */
export function InventoryTable({ items, onEdit }: { items: ItemDto[]; onEdit: (item: ItemDto) => void }) {
  const setStatus = useSetItemStatus();
  const remove = useDeleteItem();
  const [busyId, setBusyId] = useState<number | null>(null);
  const [tracking, setTracking] = useState<ItemDto | null>(null);
  const figures = useStockFigures(items.map((i) => i.id)).data;

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

  return (
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
          {items.map((item) => (
            <Table.Tr key={item.id}>
              <Table.Td>
                <ItemPhoto url={item.photoUrl} name={item.name} size={40} />
              </Table.Td>
              <Table.Th scope="row" miw={120}>
                {item.name}
              </Table.Th>
              <Table.Td maw={260}>
                <Text size="sm" c={item.description ? undefined : 'dark.5'} lineClamp={2} title={item.description ?? undefined}>
                  {item.description ?? 'No description'}
                </Text>
              </Table.Td>
              <Table.Td data-label="Category">{item.category}</Table.Td>
              <Table.Td data-label="Quantity">
                <Stack gap={2} align="flex-start">
                  <span>{item.quantity}</span>
                  {item.tracking === 'tracked' && (
                    <Anchor
                      component={AppLink}
                      to={`/admin/inventory/${item.id}/units`}
                      size="xs"
                      aria-label={`Units of ${item.name}: tracked, ${item.unitCount} units`}
                    >
                      <Badge size="xs" variant="light" color="gso" c="dark.7" style={{ cursor: 'pointer' }}>
                        Tracked · {item.unitCount} {item.unitCount === 1 ? 'unit' : 'units'}
                      </Badge>
                    </Anchor>
                  )}
                  <FiguresCell figures={figures?.get(item.id)} />
                </Stack>
              </Table.Td>
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
                  {item.tracking === 'counted' && (
                    <Tooltip label="Track units">
                      <ActionIcon variant="subtle" aria-label={`Track units of ${item.name}`} onClick={() => setTracking(item)}>
                        <IconTags size={18} />
                      </ActionIcon>
                    </Tooltip>
                  )}
                  <EditDeleteActions what={item.name} onEdit={() => onEdit(item)} onDelete={() => askDelete(item)} />
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {tracking && <TrackItemModal item={tracking} onClose={() => setTracking(null)} />}
    </StackTable>
  );
}
