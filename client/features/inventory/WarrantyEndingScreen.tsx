import { Anchor, Group, NumberInput, Stack, Table } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { DELIVERY_WORDS, WARRANTY_DAYS_DEFAULT } from '../../../core/inventory/deliveries';
import { formatCalendarDate } from '../../../core/time';
import { AppLink } from '../../lib/navigation';
import { ListState, Pager, useListParams } from '../../ui/list';
import { PageHeader } from '../../ui/PageHeader';
import { ListTable } from '../../ui/ListTable';
import { useWarrantyEnding } from './deliveryApi';

const PAGE_SIZE = 25;
const DAYS_MAX = 3650;

/** Warranty ending (the asset register): units whose warranty ends within the days chosen, soonest first. */
export default function WarrantyEndingScreen() {
  const { page, setPage } = useListParams({ tabs: ['all'], defaultTab: 'all' });
  const [daysInput, setDaysInput] = useState<number | string>(WARRANTY_DAYS_DEFAULT);
  const [debounced] = useDebouncedValue(daysInput, 300);
  const days =
    typeof debounced === 'number' && Number.isInteger(debounced) && debounced >= 0 && debounced <= DAYS_MAX
      ? debounced
      : WARRANTY_DAYS_DEFAULT;
  const list = useWarrantyEnding(days, page, PAGE_SIZE);
  const data = list.data;
  return (
    <Stack>
      <PageHeader title={DELIVERY_WORDS.warrantyEnding} subtitle="Units whose warranty ends soon, soonest first" />
      <Group>
        <NumberInput
          label="Ending within (days)"
          min={0}
          max={DAYS_MAX}
          allowDecimal={false}
          w={200}
          value={daysInput}
          onChange={(v) => {
            setDaysInput(v);
            setPage(1);
          }}
        />
      </Group>
      <ListState
        loading={list.isPending}
        error={list.isError ? list.error : null}
        onRetry={() => list.refetch()}
        empty={!!data && data.items.length === 0}
        emptyText="No warranties ending"
        emptyHint={`No unit's warranty ends within ${days} days.`}
        skeletonHeight={48}
      >
        <ListTable
          label={DELIVERY_WORDS.warrantyEnding}
          columns={['Unit', 'Item', 'Property number', 'Supplier', 'Warranty ends', 'Status']}
          stackBelow={760}
        >
          {(data?.items ?? []).map((u) => (
            <Table.Tr key={u.unitId}>
              <Table.Th scope="row" data-label="Unit">
                <Anchor component={AppLink} to={`/admin/units/${encodeURIComponent(u.tag)}`} size="sm">
                  {u.tag}
                </Anchor>
              </Table.Th>
              <Table.Td data-label="Item">{u.itemName}</Table.Td>
              <Table.Td data-label="Property number">{u.propertyNumber ?? ''}</Table.Td>
              <Table.Td data-label="Supplier">{u.supplierName ?? ''}</Table.Td>
              <Table.Td data-label="Warranty ends">{formatCalendarDate(u.warrantyEnd)}</Table.Td>
              <Table.Td data-label="Status">{u.status}</Table.Td>
            </Table.Tr>
          ))}
        </ListTable>
      </ListState>
      {data && <Pager page={page} total={data.total} pageSize={PAGE_SIZE} onChange={setPage} />}
    </Stack>
  );
}
