import { useState } from 'react';
import { Anchor, Button, Group, Stack, Table } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconFileDownload, IconFileTypePdf } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { formatPeso } from '../../../core/format';
import { STOCK_KIND_LABELS, STOCK_MSG } from '../../../core/inventory/stock';
import type { StockEntryDto } from '../../../core/inventory/stockSchemas';
import { MSG } from '../../../core/messages';
import { ApiError, hrefOf } from '../../lib/api';
import { downloadFile } from '../../lib/download';
import { AppLink } from '../../lib/navigation';
import { ListState, Pager, useListParams } from '../../ui/list';
import { PageHeader } from '../../ui/PageHeader';
import { ListTable } from '../../ui/ListTable';
import { useCampusTime } from '../site/useCampusTime';
import { useStockCard } from './api';

const PAGE_SIZE = 25;

/** What an entry belongs to, linked where the office can open it. */
function EntryFor({ e }: { e: StockEntryDto }) {
  const parts = [
    e.requestId !== null && (
      <Anchor key="r" component={AppLink} to={`/admin/requests?q=REQ-${e.requestId}`} size="sm">
        REQ-{e.requestId}
      </Anchor>
    ),
    e.deliveryId !== null && (
      <Anchor key="d" component={AppLink} to={`/admin/deliveries/${e.deliveryId}`} size="sm">
        Delivery {e.deliveryReference}
      </Anchor>
    ),
    e.repairId !== null && (
      <Anchor key="p" component={AppLink} to={`/admin/maintenance-repairs?q=${e.repairId}`} size="sm">
        Repair #{e.repairId}
      </Anchor>
    ),
    e.unitTag !== null && (
      <Anchor key="u" component={AppLink} to={`/admin/units/${encodeURIComponent(e.unitTag)}`} size="sm">
        {e.unitTag}
      </Anchor>
    ),
  ].filter(Boolean);
  return parts.length ? <Group gap={6}>{parts}</Group> : null;
}

/**
 * An item's stock card (docs/decisions/stock-card.md): every movement newest first with its running balance, who
 * and what for, the average unit cost of what was received; the whole card as CSV or PDF.
 */
export default function StockCardScreen() {
  const itemId = Number(useParams().id);
  const valid = Number.isInteger(itemId) && itemId > 0;
  const { page, setPage } = useListParams({ tabs: ['all'], defaultTab: 'all' });
  const card = useStockCard(itemId, page, PAGE_SIZE, valid);
  const time = useCampusTime();
  const [busy, setBusy] = useState<'csv' | 'pdf' | null>(null);
  const data = card.data;
  const download = async (kind: 'csv' | 'pdf') => {
    setBusy(kind);
    try {
      const path = kind === 'csv' ? '/api/items/:id/stock-card.csv' : '/api/items/:id/stock-card.pdf';
      await downloadFile(hrefOf(path, { params: { id: itemId } }), { fallbackName: `stock_card.${kind}` });
    } catch (err) {
      notifications.show({ color: 'red', title: 'Error', message: err instanceof ApiError ? err.message : MSG.serverError });
    } finally {
      setBusy(null);
    }
  };

  return (
    <Stack>
      <Anchor component={AppLink} to="/admin/inventory" size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={16} aria-hidden /> Inventory
        </Group>
      </Anchor>
      <PageHeader
        title={data ? `${STOCK_MSG.stockCard}: ${data.item.name}` : STOCK_MSG.stockCard}
        subtitle={
          data
            ? `Balance ${data.item.quantity}${data.averageUnitCost === null ? '' : ` · Average unit cost ${formatPeso(data.averageUnitCost)}`}`
            : undefined
        }
        actions={
          <Group gap="xs">
            <Button variant="default" leftSection={<IconFileDownload size={18} />} loading={busy === 'csv'} onClick={() => download('csv')}>
              {MSG.exportCsv}
            </Button>
            <Button variant="default" leftSection={<IconFileTypePdf size={18} />} loading={busy === 'pdf'} onClick={() => download('pdf')}>
              Download PDF
            </Button>
          </Group>
        }
      />
      <ListState
        loading={valid && card.isPending}
        error={!valid ? new Error(MSG.itemNotFound) : card.isError ? card.error : null}
        onRetry={() => card.refetch()}
        empty={!!data && data.items.length === 0}
        emptyText="No entries"
        skeletonHeight={48}
      >
        <ListTable
          label={STOCK_MSG.stockCard}
          columns={['Date', 'Entry', 'Quantity', 'Balance', 'Unit cost', 'By', 'For', 'Reason']}
          stackBelow={760}
        >
          {(data?.items ?? []).map((e) => (
            <Table.Tr key={e.id}>
              <Table.Td data-label="Date">{time.dateTime(e.createdAt)}</Table.Td>
              <Table.Th scope="row" data-label="Entry">
                {STOCK_KIND_LABELS[e.kind]}
              </Table.Th>
              <Table.Td data-label="Quantity">{e.quantity > 0 ? `+${e.quantity}` : e.quantity}</Table.Td>
              <Table.Td data-label="Balance">{e.balanceAfter}</Table.Td>
              <Table.Td data-label="Unit cost">{e.unitCost === null ? '' : formatPeso(e.unitCost)}</Table.Td>
              <Table.Td data-label="By">{e.actorName ?? ''}</Table.Td>
              <Table.Td data-label="For">
                <EntryFor e={e} />
              </Table.Td>
              <Table.Td data-label="Reason">{e.reason ?? ''}</Table.Td>
            </Table.Tr>
          ))}
        </ListTable>
        {data && <Pager page={page} total={data.total} pageSize={PAGE_SIZE} onChange={setPage} />}
      </ListState>
    </Stack>
  );
}
