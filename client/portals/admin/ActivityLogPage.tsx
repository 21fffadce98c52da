import { useState } from 'react';
import { plural } from '../../../core/format';
import { Button, Card, Group, Select, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconFileExport } from '@tabler/icons-react';
import { AUDIT_PAGE_SIZE, auditCsvUrl, useAuditLog, type AuditFilter } from '../../features/activity/api';
import { useCampusTime } from '../../features/site/useCampusTime';
import { PageHeader } from '../../ui/PageHeader';
import { ListState, Pager } from '../../ui/list';

/** /admin/activity-log (issue 9.9): the whole activity log, filtered by person, action type and days, exported as CSV. */
export default function ActivityLogPage() {
  const [filter, setFilter] = useState<AuditFilter>({});
  const [page, setPage] = useState(1);
  const [person] = useDebouncedValue(filter.person ?? '', 300);
  const applied = { ...filter, person: person.trim() || undefined, from: filter.from || undefined, to: filter.to || undefined };
  const log = useAuditLog({ ...applied, page });
  const campus = useCampusTime();
  const change = (next: Partial<AuditFilter>) => {
    setFilter((f) => ({ ...f, ...next }));
    setPage(1);
  };

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
            value={filter.person ?? ''}
            onChange={(e) => change({ person: e.currentTarget.value })}
          />
          <Select
            label="Action type"
            placeholder="All actions"
            clearable
            data={log.data?.actionTypes ?? []}
            value={filter.type ?? null}
            onChange={(v) => change({ type: v ?? undefined })}
          />
          <TextInput label="From" type="date" value={filter.from ?? ''} onChange={(e) => change({ from: e.currentTarget.value })} />
          <TextInput label="To" type="date" value={filter.to ?? ''} onChange={(e) => change({ to: e.currentTarget.value })} />
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
                    <Table.Td>
                      <Text size="sm" ff="monospace">
                        {e.actionType}
                      </Text>
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
          <Pager total={log.data?.total ?? 0} pageSize={AUDIT_PAGE_SIZE} page={page} onChange={setPage} />
        </Group>
      </ListState>
    </Stack>
  );
}
