import { useState } from 'react';
import { ActionIcon, Anchor, Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconArchive,
  IconArrowLeft,
  IconFileDownload,
  IconFileUpload,
  IconPencil,
  IconPlus,
  IconPrinter,
  IconStack2,
} from '@tabler/icons-react';
import { useParams } from 'react-router';
import {
  UNIT_CONDITION_LABELS,
  UNIT_STATUS_LABELS,
  UNIT_STATUSES,
  type UnitCondition,
  type UnitStatus,
} from '../../../core/inventory/units';
import { STAFF_ROLES } from '../../../core/roles';
import { MSG } from '../../../core/messages';
import { ApiError, hrefOf } from '../../lib/api';
import { downloadFile } from '../../lib/download';
import { AppLink } from '../../lib/navigation';
import { CountTabs, ListState, Pager, SearchField, useListParams, type TabDef } from '../../ui/list';
import { PageHeader } from '../../ui/PageHeader';
import { StackTable } from '../../ui/StackTable';
import { TONE } from '../../ui/tones';
import { useMe } from '../auth/api';
import { plural } from '../../../core/format';
import { PrintLabelsModal } from '../labels/PrintLabelsModal';
import { useUnits, type UnitDto } from './api';
import { UnitsCsvImportModal } from './UnitsCsvImportModal';
import { AddUnitModal, AddUnitsModal, EditUnitModal, RetireUnitModal } from './UnitModals';

const PAGE_SIZE = 20;
type Tab = 'all' | UnitStatus;
const TABS: TabDef<Tab>[] = [{ value: 'all', label: 'All' }, ...UNIT_STATUSES.map((s) => ({ value: s, label: UNIT_STATUS_LABELS[s] }))];

export const STATUS_TONE: Record<UnitStatus, string> = {
  available: TONE.green,
  on_loan: 'blue',
  issued: 'violet',
  in_repair: 'orange',
  retired: 'gray',
  lost: TONE.red,
};

export function UnitStatusBadge({ status }: { status: UnitStatus }) {
  return (
    <Badge variant="light" color={STATUS_TONE[status]} c="dark.7">
      {UNIT_STATUS_LABELS[status]}
    </Badge>
  );
}

/**
 * A tracked item's units (docs/decisions/units.md): search by tag or serial number, status tabs with counts, kept
 * in the address; staff and administrators add (one, or in bulk), edit and retire; personnel read.
 */
export default function UnitsScreen() {
  const itemId = Number(useParams().id);
  const me = useMe();
  const canWrite = !!me.data && STAFF_ROLES.includes(me.data.role);
  const base = canWrite ? '/admin' : '/personnel';
  const { tab, setTab, page, setPage, input, setInput, search } = useListParams<Tab>({
    tabs: TABS.map((t) => t.value),
    defaultTab: 'all',
  });
  const valid = Number.isInteger(itemId) && itemId > 0;
  const units = useUnits(itemId, { search, status: tab, page, pageSize: PAGE_SIZE }, valid);
  const [adding, setAdding] = useState<'one' | 'bulk' | null>(null);
  const [editing, setEditing] = useState<UnitDto | null>(null);
  const [retiring, setRetiring] = useState<UnitDto | null>(null);
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [printing, setPrinting] = useState(false);
  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadFile(hrefOf('/api/units/export.csv', { query: { item: itemId } }), { fallbackName: 'units.csv' });
    } catch (err) {
      notifications.show({ color: 'red', title: 'Error', message: err instanceof ApiError ? err.message : MSG.serverError });
    } finally {
      setExporting(false);
    }
  };
  const data = units.data;
  const item = data?.item ?? null;
  const tracked = item?.tracking === 'tracked';
  // Labels go on the units in service the list shows: never on retired ones.
  const labelled = !data ? 0 : tab === 'retired' ? 0 : tab === 'all' ? data.counts.all - data.counts.retired : data.counts[tab];

  return (
    <Stack>
      <Anchor component={AppLink} to={`${base}/inventory`} size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={16} aria-hidden /> Inventory
        </Group>
      </Anchor>
      <PageHeader
        title={item ? `Units of ${item.name}` : 'Units'}
        subtitle={
          item
            ? tracked
              ? `${item.quantity} available to lend; the quantity is counted from the units`
              : 'This item is counted, not tracked unit by unit.'
            : undefined
        }
        actions={
          canWrite && tracked && item ? (
            <Group gap="xs">
              <Button leftSection={<IconPlus size={18} />} onClick={() => setAdding('one')}>
                Add Unit
              </Button>
              <Button variant="light" leftSection={<IconStack2 size={18} />} onClick={() => setAdding('bulk')}>
                Add in Bulk
              </Button>
              <Button variant="default" leftSection={<IconFileDownload size={18} />} loading={exporting} onClick={exportCsv}>
                {MSG.exportCsv}
              </Button>
              <Button variant="default" leftSection={<IconFileUpload size={18} />} onClick={() => setImporting(true)}>
                {MSG.importCsv}
              </Button>
              <Button variant="default" leftSection={<IconPrinter size={18} />} disabled={!labelled} onClick={() => setPrinting(true)}>
                Print Labels
              </Button>
            </Group>
          ) : undefined
        }
      />
      <SearchField label="Search units" placeholder="Search by asset tag or serial number" value={input} onChange={setInput} />
      <CountTabs label="Unit status" tabs={TABS} counts={data?.counts} value={tab} onChange={setTab}>
        <ListState
          loading={valid && units.isPending}
          error={!valid ? new Error('This item is no longer in the inventory.') : units.isError ? units.error : null}
          onRetry={() => units.refetch()}
          empty={!!data && data.items.length === 0}
          emptyText="No units"
          emptyHint={
            search ? `No unit matches "${search}".` : tab === 'all' ? 'Add its units one by one or in bulk.' : 'No unit has this status.'
          }
          skeletonHeight={48}
        >
          <StackTable stackBelow={760}>
            <Table bg="white" verticalSpacing="xs" fz="sm" aria-label="Units">
              <Table.Thead>
                <Table.Tr>
                  {['Asset Tag', 'Serial Number', 'Condition', 'Status', 'Home Room', ...(canWrite ? ['Actions'] : [])].map((c) => (
                    <Table.Th key={c}>{c}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {(data?.items ?? []).map((u) => (
                  <Table.Tr key={u.id}>
                    <Table.Th scope="row">
                      <Anchor component={AppLink} to={`${base}/units/${encodeURIComponent(u.tag)}`} fw={600}>
                        {u.tag}
                      </Anchor>
                    </Table.Th>
                    <Table.Td data-label="Serial Number">
                      {u.serialNumber ?? (
                        <Text span c="dark.5" size="sm">
                          None
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td data-label="Condition">{UNIT_CONDITION_LABELS[u.condition as UnitCondition] ?? u.condition}</Table.Td>
                    <Table.Td data-label="Status">
                      <UnitStatusBadge status={u.status} />
                    </Table.Td>
                    <Table.Td data-label="Home Room">
                      {u.homeRoom ? (
                        `${u.homeRoom.code} · ${u.homeRoom.name}`
                      ) : (
                        <Text span c="dark.5" size="sm">
                          None
                        </Text>
                      )}
                    </Table.Td>
                    {canWrite && (
                      <Table.Td>
                        <Group gap={4} wrap="nowrap">
                          <ActionIcon
                            variant="subtle"
                            aria-label={`Edit unit ${u.tag}`}
                            onClick={() => setEditing(u)}
                            disabled={u.status === 'retired'}
                          >
                            <IconPencil size={18} />
                          </ActionIcon>
                          <ActionIcon
                            variant="subtle"
                            color={TONE.red}
                            aria-label={`Retire unit ${u.tag}`}
                            onClick={() => setRetiring(u)}
                            disabled={u.status === 'retired' || u.status === 'on_loan' || u.status === 'issued'}
                          >
                            <IconArchive size={18} />
                          </ActionIcon>
                        </Group>
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </StackTable>
        </ListState>
      </CountTabs>
      {data && <Pager total={data.total} pageSize={PAGE_SIZE} page={page} onChange={setPage} />}
      {item && adding === 'one' && <AddUnitModal item={item} onClose={() => setAdding(null)} />}
      {item && adding === 'bulk' && <AddUnitsModal item={item} onClose={() => setAdding(null)} />}
      {editing && <EditUnitModal unit={editing} onClose={() => setEditing(null)} />}
      {retiring && <RetireUnitModal unit={retiring} onClose={() => setRetiring(null)} />}
      {importing && <UnitsCsvImportModal onClose={() => setImporting(false)} />}
      {printing && item && (
        <PrintLabelsModal
          count={labelled}
          which={`${plural(labelled, 'unit')} of ${item.name} the list shows${search ? ` (search "${search}")` : ''}, retired ones left out`}
          hrefFor={(layout) =>
            hrefOf('/api/items/:id/units/labels.pdf', { params: { id: item.id }, query: { search, status: tab, layout } })
          }
          fallbackName="unit_labels.pdf"
          onClose={() => setPrinting(false)}
        />
      )}
    </Stack>
  );
}
