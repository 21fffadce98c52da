import { actionLabel } from '../../../core/activity/labels';
import { plural } from '../../../core/format';
import { Button, Card, Group, Select, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconFileExport } from '@tabler/icons-react';
import { AUDIT_PAGE_SIZE, auditCsvUrl, useAuditLog } from '../../features/activity/api';
import type { AuditFilter } from '../../lib/queryKeys';
import { useCampusTime } from '../../features/site/useCampusTime';
import { PageHeader } from '../../ui/PageHeader';
import { ListState, Pager, useListParams } from '../../ui/list';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * /admin/activity-log: the whole activity log, filtered by person, action type and days, exported as CSV. The
 * filters and the page live in the address (?q=&type=&from=&to=&page=), as on every list.
 */
export default function ActivityLogPage() {
  const list = useListParams({ tabs: ['all'], defaultTab: 'all', filters: ['type', 'from', 'to'] });
  const { type, from, to } = list.filters;
  // A hand-edited address with a malformed day is ignored rather than refused by the server.
  const applied: AuditFilter = {
    person: list.search || undefined,
    type: type || undefined,
    from: DAY.test(from) ? from : undefined,
    to: DAY.test(to) ? to : undefined,
  };
  const log = useAuditLog({ ...applied, page: list.page });
  const campus = useCampusTime();

  return (
    <Stack>
      <PageHeader
        title="Activity Log"
        subtitle="Every change made in the portals, with who made it"
        actions={
          <Button component="a" href={auditCsvUrl(applied)} variant="default" leftSection={<IconFileExport size={18} />}>
            Export CSV
          </Button>
        }
      />
      <Card withBorder>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
          <TextInput
            label="Person"
            placeholder="Name contains..."
            value={list.input}
            onChange={(e) => list.setInput(e.currentTarget.value)}
          />
          <Select
            label="Action type"
            placeholder="All actions"
            clearable
            data={(log.data?.actionTypes ?? []).map((t) => ({ value: t, label: actionLabel(t) }))}
            value={type || null}
            onChange={(v) => list.setFilter('type', v)}
          />
          <TextInput label="From" type="date" value={from} onChange={(e) => list.setFilter('from', e.currentTarget.value, true)} />
          <TextInput label="To" type="date" value={to} onChange={(e) => list.setFilter('to', e.currentTarget.value, true)} />
        </SimpleGrid>
      </Card>
      <ListState
        loading={log.isPending}
        error={log.error}
        onRetry={() => log.refetch()}
        empty={log.data?.items.length === 0}
        emptyText="No activity matches the filter."
      >
        <Card withBorder p={0}>
          <Table.ScrollContainer minWidth={640}>
            <Table striped aria-label="Activity log">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Time</Table.Th>
                  <Table.Th>Person</Table.Th>
                  <Table.Th>Action</Table.Th>
                  <Table.Th>Description</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {log.data?.items.map((e) => (
                  <Table.Tr key={e.id}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{campus.dateTime(e.createdAt)}</Table.Td>
                    <Table.Td>{e.actorName}</Table.Td>
                    {/* Words wrap between words, never inside one ("Repair escal/ated"). */}
                    <Table.Td style={{ overflowWrap: 'normal' }} title={e.actionType}>
                      {actionLabel(e.actionType)}
                    </Table.Td>
                    <Table.Td>{e.description}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Card>
        <Group justify="space-between">
          <Text size="sm" c="dark.6">
            {log.data && plural(log.data.total, 'entry', 'entries')}
          </Text>
          <Pager total={log.data?.total ?? 0} pageSize={AUDIT_PAGE_SIZE} page={list.page} onChange={list.setPage} />
        </Group>
      </ListState>
    </Stack>
  );
}
