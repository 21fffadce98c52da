import { Button, Card, Group, Table, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { REPORT_TITLES } from '../../../core/reports/rules';
import type { SavedReport } from '../../../core/reports/schemas';
import { failureOf } from '../../lib/api';
import { confirmAction } from '../../ui/confirm';
import { ListState } from '../../ui/list';
import { useCampusTime } from '../site/useCampusTime';
import { useSavedReportActions, useSavedReports } from './api';
import { SCHEDULE_LABELS } from './scheduleLabels';

/** The saved reports with their schedules, each to open, change or delete (docs/decisions/reports.md). */
export function SavedReports({
  saved,
  onOpen,
  onChange,
  onDeleted,
}: {
  saved: ReturnType<typeof useSavedReports>;
  onOpen: (s: SavedReport) => void;
  onChange: (s: SavedReport) => void;
  onDeleted: (s: SavedReport) => void;
}) {
  const { dateTime } = useCampusTime();
  const { remove } = useSavedReportActions();

  const del = async (s: SavedReport) => {
    const ok = await confirmAction({
      title: `Delete "${s.name}"?`,
      message: 'The saved report and its schedule are removed. Reports already sent stay in their mailboxes.',
      confirmLabel: 'Delete',
      danger: true,
    });
    if (!ok) return;
    remove.mutate(s.id, {
      onSuccess: (res) => {
        onDeleted(s);
        notifications.show({ color: 'green', title: 'Saved reports', message: res.message });
      },
      onError: (err) => notifications.show({ color: 'red', ...failureOf(err) }),
    });
  };

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="saved-reports-title">
      <Title order={2} size="h4" id="saved-reports-title" mb="sm">
        Saved reports
      </Title>
      <ListState
        loading={saved.isPending}
        error={saved.error}
        onRetry={() => saved.refetch()}
        empty={!!saved.data && saved.data.items.length === 0}
        emptyText="No saved reports yet. Choose a report and its filters, then Save Report."
      >
        <Table.ScrollContainer minWidth={640} type="native" tabIndex={0} role="region" aria-label="Saved reports, scrolls sideways">
          <Table striped withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Report</Table.Th>
                <Table.Th>Schedule</Table.Th>
                <Table.Th>Recipients</Table.Th>
                <Table.Th>Next send</Table.Th>
                <Table.Th>Last sent</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {saved.data?.items.map((s) => (
                <Table.Tr key={s.id}>
                  <Table.Td>{s.name}</Table.Td>
                  <Table.Td>{REPORT_TITLES[s.kind]}</Table.Td>
                  <Table.Td>{SCHEDULE_LABELS[s.schedule]}</Table.Td>
                  <Table.Td>{s.recipients.map((p) => p.name).join(', ') || '—'}</Table.Td>
                  <Table.Td>{s.nextRunAt ? dateTime(s.nextRunAt) : '—'}</Table.Td>
                  <Table.Td>{s.lastSentAt ? dateTime(s.lastSentAt) : 'Not yet'}</Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Button size="xs" variant="default" onClick={() => onOpen(s)} aria-label={`Open ${s.name}`}>
                        Open
                      </Button>
                      <Button size="xs" variant="default" onClick={() => onChange(s)} aria-label={`Change ${s.name}`}>
                        Change
                      </Button>
                      <Button size="xs" variant="default" onClick={() => del(s)} aria-label={`Delete ${s.name}`}>
                        Delete
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </ListState>
    </Card>
  );
}
