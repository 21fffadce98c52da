import { memo, useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { ActionIcon, Anchor, Badge, Group, NativeSelect, Stack, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconListDetails, IconTags } from '@tabler/icons-react';
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
import { REORDER_WORDS, SUPPLY_MSG } from '../../../core/inventory/supplies';
import { STOCK_MSG } from '../../../core/inventory/stock';

const COLUMNS = ['Photo', 'Item Name', 'Description', 'Category', 'Quantity', 'Min Stock', 'Status', 'Item Status', 'Actions'];

const STATUS_OPTIONS = ITEM_STATUSES.map((s) => ({ value: s, label: ITEM_STATUS_LABELS[s] }));

const failureOf = (err: unknown) => (err instanceof ApiError && !err.isNetwork ? err.message : null);

/**
 * On loan, issued, in repair and lost of one item, under its Quantity (the available stock; docs/decisions/stock-figures.md).
 * Each cell reads the page's figures itself, so their arrival redraws these cells, not the rows.
 */
function FiguresCell({ ids, id }: { ids: number[]; id: number }) {
  const f: StockFigures | undefined = useStockFigures(ids).data?.get(id);
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
      <Text size="xs" c={f.issued ? undefined : 'dark.5'}>
        Issued {f.issued}
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
  const { mutateAsync: saveStatus } = useSetItemStatus();
  const { mutateAsync: deleteItem } = useDeleteItem();
  const [busyId, setBusyId] = useState<number | null>(null);
  const [tracking, setTracking] = useState<ItemDto | null>(null);
  // The rows are drawn as a transition, in slices that leave the phone free to respond, not in one long task as the
  // page's data arrives; each row is redrawn only when its own item (or its busy state) changes.
  const rows = useDeferredValue(items);
  const ids = useMemo(() => rows.map((i) => i.id), [rows]);

  const changeStatus = useCallback(
    async (item: ItemDto, itemStatus: string): Promise<boolean> => {
      if (itemStatus === item.itemStatus) return true;
      setBusyId(item.id);
      try {
        await saveStatus({ id: item.id, itemStatus });
        notifications.show({ color: 'green', title: 'Success', message: MSG.itemStatusUpdated });
        return true;
      } catch (err) {
        if (err instanceof ApiError && err.isNetwork) notifications.show({ color: 'red', title: 'Error', message: MSG.statusNetworkError });
        else notifications.show({ color: 'red', title: 'Error', message: failureOf(err) ?? MSG.failedToUpdateItemStatus });
        return false;
      } finally {
        setBusyId(null);
      }
    },
    [saveStatus],
  );

  const askDelete = useCallback(
    async (item: ItemDto) => {
      const ok = await confirmAction({
        title: 'Confirm Delete Item',
        message: `Are you sure you want to delete ${item.name}? This cannot be undone. Past requests keep the name they borrowed.`,
        confirmLabel: 'Delete',
        danger: true,
      });
      if (!ok) return;
      try {
        await deleteItem(item.id);
        notifications.show({ color: 'green', title: MSG.itemDeletedTitle, message: MSG.itemDeleted });
      } catch (err) {
        notifications.show({
          color: 'red',
          title: 'Error',
          message: MSG.failedToDeleteItem(failureOf(err) ?? 'Unknown error'),
          autoClose: 8000,
        });
      }
    },
    [deleteItem],
  );

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
          {rows.map((item) => (
            <InventoryRow
              key={item.id}
              item={item}
              ids={ids}
              busy={busyId === item.id}
              onStatus={changeStatus}
              onEdit={onEdit}
              onDelete={askDelete}
              onTrack={setTracking}
            />
          ))}
        </Table.Tbody>
      </Table>
      {tracking && <TrackItemModal item={tracking} onClose={() => setTracking(null)} />}
    </StackTable>
  );
}

interface RowProps {
  item: ItemDto;
  ids: number[];
  busy: boolean;
  /** Resolves whether the office saved it. */
  onStatus: (item: ItemDto, itemStatus: string) => Promise<boolean>;
  onEdit: (item: ItemDto) => void;
  onDelete: (item: ItemDto) => void;
  onTrack: (item: ItemDto) => void;
}

const InventoryRow = memo(function InventoryRow({ item, ids, busy, onStatus, onEdit, onDelete, onTrack }: RowProps) {
  // The status chosen shows while it is saved and the list is read again, rather than the old one coming back
  // for a moment; a refusal puts the saved one back.
  const [chosen, setChosen] = useState<string | null>(null);
  useEffect(() => setChosen(null), [item.itemStatus]);
  const choose = (itemStatus: string) => {
    setChosen(itemStatus);
    void onStatus(item, itemStatus).then((saved) => saved || setChosen(null));
  };
  return (
    <Table.Tr>
      <Table.Td>
        <ItemPhoto url={item.photoUrl} name={item.name} size={40} />
      </Table.Td>
      <Table.Th scope="row" miw={120}>
        {item.name}
        {item.kind === 'supply' && (
          <Badge ml={6} size="xs" variant="light" color="grape" c="dark.7">
            {SUPPLY_MSG.supplyBadge}
          </Badge>
        )}
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
          {item.reorderLevel !== null && item.quantity <= item.reorderLevel && (
            <Anchor
              component={AppLink}
              to="/admin/reorder"
              size="xs"
              aria-label={`${item.name} is at or below its reorder level: To Reorder`}
            >
              <Badge size="xs" variant="light" color="orange" c="dark.7" style={{ cursor: 'pointer' }}>
                {REORDER_WORDS.badge}
              </Badge>
            </Anchor>
          )}
          <FiguresCell ids={ids} id={item.id} />
        </Stack>
      </Table.Td>
      <Table.Td data-label="Min Stock">{item.minStock}</Table.Td>
      <Table.Td data-label="Status">
        <StockLevelBadge level={item.stockLevel} />
      </Table.Td>
      <Table.Td data-label="Item Status">
        <NativeSelect
          aria-label={`Item status of ${item.name}`}
          size="xs"
          w={140}
          value={chosen ?? item.itemStatus}
          disabled={busy}
          data={STATUS_OPTIONS}
          onChange={(e) => choose(e.currentTarget.value)}
        />
      </Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          {item.tracking === 'counted' && (
            <Tooltip label="Track units">
              <ActionIcon variant="subtle" aria-label={`Track units of ${item.name}`} onClick={() => onTrack(item)}>
                <IconTags size={18} />
              </ActionIcon>
            </Tooltip>
          )}
          <Tooltip label={STOCK_MSG.stockCard}>
            <ActionIcon
              variant="subtle"
              component={AppLink}
              to={`/admin/inventory/${item.id}/stock-card`}
              aria-label={`${STOCK_MSG.stockCard} of ${item.name}`}
            >
              <IconListDetails size={18} />
            </ActionIcon>
          </Tooltip>
          <EditDeleteActions what={item.name} onEdit={() => onEdit(item)} onDelete={() => onDelete(item)} />
        </Group>
      </Table.Td>
    </Table.Tr>
  );
});
