import { useState } from 'react';
import { Anchor, Button, Stack, Table } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileDownload } from '@tabler/icons-react';
import { REORDER_WORDS } from '../../../core/inventory/supplies';
import { MSG } from '../../../core/messages';
import { PAGE_HEADS } from '../../../core/site/pageHeads';
import { useReorderList } from '../../features/inventory/api';
import { ApiError, hrefOf } from '../../lib/api';
import { downloadFile } from '../../lib/download';
import { AppLink } from '../../lib/navigation';
import { ListState } from '../../ui/list';
import { PageHeader } from '../../ui/PageHeader';
import { ListTable } from '../../ui/ListTable';

const COLUMNS = ['Item', 'Category', 'On hand', 'Reorder level', REORDER_WORDS.usedHeader, 'Suggested quantity', 'Stock card'];

/** To Reorder (docs/decisions/reorder.md): the items at or below their reorder level, what they used, what to buy; as CSV. */
export default function ReorderPage() {
  const list = useReorderList();
  const [downloading, setDownloading] = useState(false);
  const data = list.data;

  const downloadCsv = async () => {
    setDownloading(true);
    try {
      await downloadFile(hrefOf('/api/inventory/reorder.csv'), { fallbackName: 'to_reorder.csv' });
    } catch (err) {
      notifications.show({ color: 'red', title: 'Error', message: err instanceof ApiError ? err.message : MSG.serverError });
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Stack>
      <PageHeader
        {...PAGE_HEADS['/admin/reorder']}
        actions={
          <Button variant="default" leftSection={<IconFileDownload size={18} />} loading={downloading} onClick={downloadCsv}>
            {REORDER_WORDS.download}
          </Button>
        }
      />
      <ListState
        loading={list.isPending}
        error={list.isError ? list.error : null}
        onRetry={() => list.refetch()}
        empty={!!data && data.items.length === 0}
        emptyText="Nothing to reorder"
        emptyHint={REORDER_WORDS.empty}
        skeletonHeight={48}
      >
        <ListTable label={REORDER_WORDS.title} columns={COLUMNS} stackBelow={760}>
          {(data?.items ?? []).map((r) => (
            <Table.Tr key={r.id}>
              <Table.Th scope="row" data-label="Item">
                {r.name}
              </Table.Th>
              <Table.Td data-label="Category">{r.category}</Table.Td>
              <Table.Td data-label="On hand">{r.quantity}</Table.Td>
              <Table.Td data-label="Reorder level">{r.reorderLevel}</Table.Td>
              <Table.Td data-label={REORDER_WORDS.usedHeader}>{r.used}</Table.Td>
              <Table.Td data-label="Suggested quantity">{r.suggested}</Table.Td>
              <Table.Td data-label="Stock card">
                <Anchor component={AppLink} to={`/admin/inventory/${r.id}/stock-card`} size="sm" aria-label={`Stock card of ${r.name}`}>
                  Stock card
                </Anchor>
              </Table.Td>
            </Table.Tr>
          ))}
        </ListTable>
      </ListState>
    </Stack>
  );
}
