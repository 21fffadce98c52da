import { useState } from 'react';
import { Anchor, Badge, Button, Group, Stack, Table } from '@mantine/core';
import { IconCalendarDue, IconFileTypePdf, IconPlus } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { formatPeso } from '../../../core/format';
import { DELIVERY_WORDS } from '../../../core/inventory/deliveries';
import { hrefOf } from '../../lib/api';
import { AppLink } from '../../lib/navigation';
import { CountTabs, ListState, Pager, SearchField, useListParams } from '../../ui/list';
import { PageHeader } from '../../ui/PageHeader';
import { ListTable } from '../../ui/ListTable';
import { lightTone } from '../../ui/tones';
import { formatCalendarDate } from '../../../core/time';
import { useDeliveries } from './deliveryApi';
import { RecordDeliveryDialog } from './RecordDeliveryDialog';

const PAGE_SIZE = 20;
const TABS = [
  { value: 'all', label: 'All' },
  { value: 'received', label: DELIVERY_WORDS.received },
  { value: 'reversed', label: DELIVERY_WORDS.reversed },
] as const;
type Tab = (typeof TABS)[number]['value'];

/** The receipt PDF of a delivery, as the server writes it. */
export const receiptHref = (id: number) => hrefOf('/api/deliveries/:id/receipt.pdf', { params: { id } });

/** Deliveries (docs/decisions/stock-card.md): newest received first, searchable, each with its receipt; Record delivery. */
export default function DeliveriesScreen() {
  const { tab, setTab, page, setPage, input, setInput, search } = useListParams<Tab>({ tabs: TABS.map((t) => t.value), defaultTab: 'all' });
  const list = useDeliveries({ search, status: tab, page, pageSize: PAGE_SIZE });
  const [recording, setRecording] = useState(false);
  const navigate = useNavigate();
  const data = list.data;
  return (
    <Stack>
      <PageHeader
        title={DELIVERY_WORDS.deliveries}
        subtitle="What suppliers delivered, on each item's stock card"
        actions={
          <Group gap="xs">
            <Button leftSection={<IconPlus size={18} />} onClick={() => setRecording(true)}>
              {DELIVERY_WORDS.recordDelivery}
            </Button>
            <Button variant="default" component={AppLink} to="/admin/warranty-ending" leftSection={<IconCalendarDue size={18} />}>
              {DELIVERY_WORDS.warrantyEnding}
            </Button>
          </Group>
        }
      />
      <SearchField label="Search deliveries" placeholder="Reference, supplier or item" value={input} onChange={setInput} />
      <CountTabs label="Deliveries by status" tabs={TABS} counts={data?.counts} value={tab} onChange={setTab}>
        <ListState
          loading={list.isPending}
          error={list.isError ? list.error : null}
          onRetry={() => list.refetch()}
          empty={!!data && data.items.length === 0}
          emptyText="No deliveries"
          emptyHint={search ? `No deliveries match "${search}".` : `Record a delivery when a supplier's goods arrive.`}
          skeletonHeight={48}
        >
          <ListTable
            label={DELIVERY_WORDS.deliveries}
            columns={['Reference', 'Supplier', 'Received', 'Lines', 'Total', 'Status', 'Receipt']}
            stackBelow={760}
          >
            {(data?.items ?? []).map((d) => (
              <Table.Tr key={d.id}>
                <Table.Th scope="row" data-label="Reference">
                  <Anchor component={AppLink} to={`/admin/deliveries/${d.id}`} size="sm">
                    {d.reference}
                  </Anchor>
                </Table.Th>
                <Table.Td data-label="Supplier">{d.supplierName}</Table.Td>
                <Table.Td data-label="Received">{formatCalendarDate(d.receivedOn)}</Table.Td>
                <Table.Td data-label="Lines">{d.lineCount}</Table.Td>
                <Table.Td data-label="Total">{formatPeso(d.total)}</Table.Td>
                <Table.Td data-label="Status">
                  <Badge {...lightTone(d.reversed ? 'gray' : 'green')}>
                    {d.reversed ? DELIVERY_WORDS.reversed : DELIVERY_WORDS.received}
                  </Badge>
                </Table.Td>
                <Table.Td data-label="Receipt">
                  <Anchor href={receiptHref(d.id)} download size="sm" aria-label={`${DELIVERY_WORDS.deliveryReceipt} ${d.reference} (PDF)`}>
                    <Group gap={4} component="span">
                      <IconFileTypePdf size={16} aria-hidden /> PDF
                    </Group>
                  </Anchor>
                </Table.Td>
              </Table.Tr>
            ))}
          </ListTable>
        </ListState>
        {data && <Pager page={page} total={data.total} pageSize={PAGE_SIZE} onChange={setPage} />}
      </CountTabs>
      {recording && <RecordDeliveryDialog onClose={() => setRecording(false)} onRecorded={(d) => navigate(`/admin/deliveries/${d.id}`)} />}
    </Stack>
  );
}
