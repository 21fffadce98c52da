import { useState } from 'react';
import { Anchor, Button, Card, Group, SimpleGrid, Stack, Text, Timeline, Title } from '@mantine/core';
import { IconArrowLeft, IconPencil } from '@tabler/icons-react';
import { formatPeso } from '../../../core/format';
import { ASSET_WORDS } from '../../../core/inventory/unitAsset';
import { useParams } from 'react-router';
import { UNIT_CONDITION_LABELS, type UnitCondition } from '../../../core/inventory/units';
import { STAFF_ROLES } from '../../../core/roles';
import { formatCalendarDate } from '../../../core/time';
import { AppLink } from '../../lib/navigation';
import { ListState } from '../../ui/list';
import { PageHeader } from '../../ui/PageHeader';
import { useMe } from '../auth/api';
import { useCampusTime } from '../site/useCampusTime';
import { useUnitPage } from './api';
import { CustodyCard } from './CustodyCard';
import { UnitAssetModal } from './UnitAssetModal';
import { UnitStatusBadge } from './UnitsScreen';

const KIND_LABEL: Record<string, string> = {
  loan: 'Loan',
  created: 'Added',
  condition: 'Condition',
  status: 'Status',
  moved: 'Moved',
  serial: 'Serial number',
  asset: ASSET_WORDS.assetRecord,
  retired: 'Retired',
  custody: 'Custody',
};

/**
 * A unit's page (docs/decisions/units.md): its tag, item, serial number, condition, status and home room, and
 * everything that happened to it, newest first: loans with their borrowers, changes made by the office, its custody
 * (docs/decisions/custody.md).
 */
export default function UnitScreen() {
  const tag = useParams().tag ?? '';
  const me = useMe();
  const office = !!me.data && STAFF_ROLES.includes(me.data.role);
  const base = office ? '/admin' : '/personnel';
  const [editingAsset, setEditingAsset] = useState(false);
  const page = useUnitPage(tag);
  const campus = useCampusTime();
  const unit = page.data?.unit;
  const repair = page.data?.repair;
  const fact = (label: string, value: React.ReactNode) => (
    <Stack gap={0}>
      <Text size="xs" c="dark.6" fw={600}>
        {label}
      </Text>
      <Text size="sm" component="div">
        {value}
      </Text>
    </Stack>
  );
  return (
    <Stack>
      <Anchor component={AppLink} to={unit ? `${base}/inventory/${unit.itemId}/units` : `${base}/inventory`} size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={16} aria-hidden /> {unit ? `Units of ${unit.itemName}` : 'Inventory'}
        </Group>
      </Anchor>
      <PageHeader
        title={unit ? `Unit ${unit.tag}` : `Unit ${tag.toUpperCase()}`}
        subtitle={unit ? `${unit.itemName} · ${unit.category}` : undefined}
      />
      <ListState
        loading={page.isPending}
        error={page.isError ? page.error : null}
        onRetry={() => page.refetch()}
        empty={false}
        emptyText=""
        skeletonHeight={120}
      >
        {unit && (
          <Stack>
            <Card withBorder>
              <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md">
                {fact('Asset tag', unit.tag)}
                {fact('Item', unit.itemName)}
                {fact('Serial number', unit.serialNumber ?? 'None')}
                {fact('Condition', UNIT_CONDITION_LABELS[unit.condition as UnitCondition] ?? unit.condition)}
                {fact(
                  'Status',
                  <Group gap="xs">
                    <UnitStatusBadge status={unit.status} />
                    {repair && (
                      <Anchor component={AppLink} to={`${base}/maintenance-repairs?q=${repair.code}`} size="sm">
                        Repair {repair.code}
                      </Anchor>
                    )}
                  </Group>,
                )}
                {fact(
                  'Home room',
                  unit.homeRoom ? `${unit.homeRoom.code} · ${unit.homeRoom.name} (${unit.homeRoom.buildingName})` : 'None',
                )}
                {fact('Last counted', unit.lastCountedAt ? campus.day(unit.lastCountedAt) : 'Never')}
              </SimpleGrid>
            </Card>
            <Card withBorder component="section" aria-labelledby="unit-asset">
              <Group justify="space-between" mb="sm" wrap="wrap">
                <Title order={2} size="h4" id="unit-asset">
                  {ASSET_WORDS.assetRecord}
                </Title>
                {office && unit.status !== 'retired' && (
                  <Button variant="light" size="xs" leftSection={<IconPencil size={16} />} onClick={() => setEditingAsset(true)}>
                    {ASSET_WORDS.editAsset}
                  </Button>
                )}
              </Group>
              <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md">
                {fact(ASSET_WORDS.purchaseDate, unit.purchaseDate ? formatCalendarDate(unit.purchaseDate) : 'None')}
                {fact(ASSET_WORDS.purchaseCost, unit.purchaseCost === null ? 'None' : formatPeso(unit.purchaseCost))}
                {fact(ASSET_WORDS.supplier, unit.supplierName ?? 'None')}
                {fact(ASSET_WORDS.warrantyEnd, unit.warrantyEnd ? formatCalendarDate(unit.warrantyEnd) : 'None')}
                {fact(ASSET_WORDS.propertyNumber, unit.propertyNumber ?? 'None')}
                {unit.deliveryId !== null &&
                  fact(
                    'Delivery',
                    office ? (
                      <Anchor component={AppLink} to={`/admin/deliveries/${unit.deliveryId}`} size="sm">
                        Its delivery
                      </Anchor>
                    ) : (
                      'Received by delivery'
                    ),
                  )}
              </SimpleGrid>
            </Card>
            {editingAsset && <UnitAssetModal unit={unit} onClose={() => setEditingAsset(false)} />}
            <CustodyCard unit={unit} office={office} />
            <Card withBorder component="section" aria-labelledby="unit-history">
              <Title order={2} size="h4" id="unit-history" mb="sm">
                History
              </Title>
              {page.data!.history.length === 0 ? (
                <Text size="sm" c="dark.6">
                  Nothing has happened to this unit yet.
                </Text>
              ) : (
                <Timeline bulletSize={14} lineWidth={2} active={-1}>
                  {page.data!.history.map((h, i) => (
                    <Timeline.Item
                      key={i}
                      title={
                        <Text fw={600} size="sm">
                          {KIND_LABEL[h.kind] ?? h.kind}
                        </Text>
                      }
                    >
                      <Text size="sm">{h.text}</Text>
                      {h.photoUrl && (
                        <Anchor href={h.photoUrl} target="_blank" rel="noopener" size="sm">
                          Photo at the return
                        </Anchor>
                      )}
                      <Text size="xs" c="dark.6">
                        {campus.dateTime(h.at)}
                        {h.by && h.kind !== 'loan' ? ` · ${h.by}` : ''}
                      </Text>
                    </Timeline.Item>
                  ))}
                </Timeline>
              )}
            </Card>
          </Stack>
        )}
      </ListState>
    </Stack>
  );
}
