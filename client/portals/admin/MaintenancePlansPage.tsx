import { useState } from 'react';
import { ActionIcon, Badge, Button, Group, Menu, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCalendarRepeat, IconChecklist, IconDots, IconPencil, IconPlus, IconPlayerStop } from '@tabler/icons-react';
import { isAdministrator } from '../../../core/accounts/rules';
import { PLAN_TABS, type PlanTab } from '../../../core/maintenance/rules';
import { formatCalendarDate, formatTimeOfDay } from '../../../core/time';
import { useMe } from '../../features/auth/api';
import { CompleteJobModal } from '../../features/maintenance/CompleteJobModal';
import { PlanFormModal } from '../../features/maintenance/PlanFormModal';
import { usePlanActions, usePlans, type PlanDto } from '../../features/maintenance/api';
import { failureOf } from '../../lib/api';
import { confirmAction } from '../../ui/confirm';
import { CountTabs, ListState, Pager, SearchField, useListParams, type TabDef } from '../../ui/list';
import { PageHeader } from '../../ui/PageHeader';
import { ListTable } from '../../ui/ListTable';

const PAGE_SIZE = 20;
type Tab = PlanTab | 'all';
const TABS: TabDef<Tab>[] = [
  { value: 'active', label: 'Active' },
  { value: 'overdue', label: 'Overdue' },
  { value: 'ended', label: 'Ended' },
  { value: 'all', label: 'All' },
];
const COLUMNS = ['Plan', 'Where', 'Done by', 'Repeats', 'Next due', 'Last done', 'Actions'];

/** Maintenance Plans (docs/decisions/maintenance-plans.md): recurring preventive maintenance, next due, last done, overdue. */
export default function MaintenancePlansPage() {
  const me = useMe().data;
  const admin = !!me && isAdministrator(me.role);
  const { tab, setTab, page, setPage, input, setInput, search } = useListParams<Tab>({ tabs: [...PLAN_TABS, 'all'], defaultTab: 'active' });
  const plans = usePlans({ tab, search: search || undefined, page, pageSize: PAGE_SIZE });
  const { end } = usePlanActions();
  const [editing, setEditing] = useState<PlanDto | 'new' | null>(null);
  const [completing, setCompleting] = useState<PlanDto | null>(null);
  const data = plans.data;

  const endPlan = async (plan: PlanDto) => {
    const ok = await confirmAction({
      title: `End plan ${plan.code}?`,
      message: 'Its open job leaves the schedule and no more jobs are made. Jobs done stay in the compliance figures.',
      confirmLabel: 'End Plan',
      danger: true,
    });
    if (!ok) return;
    end.mutate(plan.id, {
      onSuccess: (res) => notifications.show({ color: 'green', title: 'Maintenance plan', message: res.message }),
      onError: (err) => notifications.show({ color: 'red', ...failureOf(err) }),
    });
  };

  return (
    <Stack>
      <PageHeader
        title="Maintenance Plans"
        subtitle="Recurring preventive maintenance: each plan keeps its next job on the weekly schedule"
        actions={
          admin && (
            <Button leftSection={<IconPlus size={18} />} onClick={() => setEditing('new')}>
              New Plan
            </Button>
          )
        }
      />
      <SearchField label="Search plans" placeholder="Search by what, room, unit, trade or person" value={input} onChange={setInput} />
      <CountTabs label="Maintenance plans" tabs={TABS} counts={data?.counts} value={tab} onChange={setTab}>
        <ListState
          loading={plans.isPending}
          error={plans.error}
          onRetry={() => plans.refetch()}
          empty={!!data && data.items.length === 0}
          emptyText="No maintenance plans found"
          emptyHint={search ? `No plans match "${search}".` : admin ? 'Make one with New Plan.' : undefined}
          skeletonHeight={56}
        >
          <ListTable label="Maintenance plans" columns={COLUMNS} stackBelow={900}>
            {(data?.items ?? []).map((p) => (
              <Table.Tr key={p.id} data-testid={`plan-${p.id}`}>
                <Table.Th scope="row" data-label="Plan">
                  <Text size="sm" fw={600}>
                    {p.title}
                  </Text>
                  <Text size="xs" c="dark.6">
                    {p.code} · {p.checklistName}
                  </Text>
                </Table.Th>
                <Table.Td data-label="Where">
                  {p.target}
                  <Text size="xs" c="dark.6">
                    {p.building}
                  </Text>
                </Table.Td>
                <Table.Td data-label="Done by">{p.personnelName ?? (p.trade ? `${p.tradeLabel} (to assign)` : 'No one')}</Table.Td>
                <Table.Td data-label="Repeats">
                  {p.recurrence}
                  <Text size="xs" c="dark.6">
                    {formatTimeOfDay(p.startTime)} - {formatTimeOfDay(p.endTime)}
                  </Text>
                </Table.Td>
                <Table.Td data-label="Next due">
                  {p.endedAt ? (
                    <Badge color="gray" variant="light">
                      Ended
                    </Badge>
                  ) : p.nextJob ? (
                    <Group gap={6} wrap="nowrap">
                      <span>{formatCalendarDate(p.nextJob.due)}</span>
                      {p.overdue && (
                        <Badge color="red" variant="filled">
                          Overdue
                        </Badge>
                      )}
                    </Group>
                  ) : (
                    'No more dates'
                  )}
                  {p.nextJob && p.nextJob.planned !== p.nextJob.due && (
                    <Text size="xs" c="dark.6">
                      Planned {formatCalendarDate(p.nextJob.planned)}, office closed
                    </Text>
                  )}
                </Table.Td>
                <Table.Td data-label="Last done">{p.lastDone ? formatCalendarDate(p.lastDone) : 'Not yet'}</Table.Td>
                <Table.Td data-label="Actions">
                  <Group gap="xs" wrap="nowrap">
                    {p.nextJob && (
                      <Button size="xs" variant="light" leftSection={<IconChecklist size={16} />} onClick={() => setCompleting(p)}>
                        Complete
                      </Button>
                    )}
                    {admin && !p.endedAt && (
                      <Menu position="bottom-end" withinPortal>
                        <Menu.Target>
                          <ActionIcon variant="subtle" color="dark" aria-label={`More actions for ${p.code}`}>
                            <IconDots size={18} />
                          </ActionIcon>
                        </Menu.Target>
                        <Menu.Dropdown>
                          <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => setEditing(p)}>
                            Edit Plan
                          </Menu.Item>
                          <Menu.Item color="red" leftSection={<IconPlayerStop size={16} />} onClick={() => endPlan(p)}>
                            End Plan
                          </Menu.Item>
                        </Menu.Dropdown>
                      </Menu>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </ListTable>
        </ListState>
      </CountTabs>
      {data && <Pager total={data.total} pageSize={PAGE_SIZE} page={page} onChange={setPage} />}
      {editing && <PlanFormModal plan={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {completing && <CompleteJobModal plan={completing} onClose={() => setCompleting(null)} />}
      <Text size="xs" c="dark.6">
        <IconCalendarRepeat size={14} aria-hidden style={{ verticalAlign: 'middle' }} /> A job due on a day the office is closed is due on
        the next open day.
      </Text>
    </Stack>
  );
}
