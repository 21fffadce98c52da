import { useEffect, useMemo, useState } from 'react';
import { useAddressParams } from '../../lib/useAddressParams';
import { reportCellText } from '../../../core/reports/cells';
import { Alert, Button, Card, Group, Modal, MultiSelect, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDeviceFloppy, IconFileTypeCsv, IconFileTypePdf } from '@tabler/icons-react';
import { CATEGORIES } from '../../../core/inventory/rules';
import { jobTypeLabel } from '../../../core/repairs/damage';
import { datesProblem, REPORT_FILTERS, REPORT_KINDS, REPORT_TITLES, type ReportKind, type Schedule } from '../../../core/reports/rules';
import type { ReportFilters, SavedReport } from '../../../core/reports/schemas';
import { JOB_TYPES } from '../../../core/roles';
import { formatCalendarDate, isCalendarDate } from '../../../core/time';
import { useBuildings } from '../../features/locations/api';
import { useReport, useSavedReportActions, useSavedReports } from '../../features/reports/api';
import { ReportChart } from '../../features/reports/ReportChart';
import { useCampusTime } from '../../features/site/useCampusTime';
import { failureOf, hrefOf } from '../../lib/api';
import { confirmAction } from '../../ui/confirm';
import { ListState } from '../../ui/list';
import { PageHeader } from '../../ui/PageHeader';

const SCHEDULE_LABELS: Record<Schedule, string> = {
  none: 'Not scheduled',
  weekly: 'Weekly (Mondays, 7:00 AM)',
  monthly: 'Monthly (the 1st, 7:00 AM)',
};

type Chosen = { kind: ReportKind } & Partial<Record<'from' | 'to' | 'category' | 'building' | 'trade', string>>;
const FILTER_KEYS = ['from', 'to', 'category', 'building', 'trade'] as const;

/** The address of a report: its kind and filters, so a report can be bookmarked, shared and reopened with Back. */
function addressOf(chosen: Chosen) {
  const next = new URLSearchParams({ kind: chosen.kind });
  for (const k of FILTER_KEYS) if (chosen[k]) next.set(k, chosen[k]);
  return next;
}

/** The report and filters an address names (an unknown report is Lending activity). */
function chosenIn(params: URLSearchParams): Chosen {
  const k = params.get('kind') ?? '';
  const chosen: Chosen = { kind: (REPORT_KINDS as readonly string[]).includes(k) ? (k as ReportKind) : 'lending' };
  for (const key of FILTER_KEYS) chosen[key] = params.get(key) || undefined;
  return chosen;
}

/** The report and filters chosen, kept in the address, checked as the server checks them. */
function useReportParams() {
  const [params, update] = useAddressParams();
  const chosen = chosenIn(params);
  const kind = chosen.kind;
  const given: Record<string, string> = {};
  for (const key of ['from', 'to', ...REPORT_FILTERS[kind]] as const) {
    const v = chosen[key];
    if (v) given[key] = v;
  }
  // The dates are what is typed here; the other filters come from the lists (the server checks them all).
  const valid = [given.from, given.to].every((d) => d === undefined || isCalendarDate(d)) && !datesProblem(given);
  const filters = (valid ? given : {}) as ReportFilters;
  // Typing a date changes the address at each key, so it replaces the entry; choosing another report adds one.
  const set = (next: Partial<Chosen>) => update((now) => addressOf({ ...chosenIn(now), ...next }), !next.kind);
  const show = (next: Chosen) => update(() => addressOf(next));
  return { kind, chosen, filters, invalid: !valid, set, show, params, update };
}

/** Reports (docs/decisions/reports.md): lending, utilization, overdue and loss, repairs and ratings, with downloads. */
export default function ReportsPage() {
  const { kind, chosen, filters, invalid, set, show, params, update } = useReportParams();
  const report = useReport(kind, filters);
  const saved = useSavedReports();
  const buildings = useBuildings();
  const { dateTime } = useCampusTime();
  const { remove } = useSavedReportActions();
  const [saving, setSaving] = useState(false);
  /** The saved report being changed: its report and filters are on screen, Save Changes writes them back. */
  const [editing, setEditing] = useState<SavedReport | null>(null);
  const r = report.data;
  const takes = REPORT_FILTERS[kind];

  const showSaved = (s: SavedReport) => show({ kind: s.kind, ...s.filters });
  const edit = (s: SavedReport) => {
    showSaved(s);
    setEditing(s);
    document.getElementById('report-filters-title')?.focus();
  };

  // A saved report's link (?saved=ID, as in its scheduled mail) opens it with its filters, in the address.
  const savedId = Number(params.get('saved'));
  useEffect(() => {
    if (!savedId || !saved.data) return;
    const s = saved.data.items.find((x) => x.id === savedId);
    update(() => (s ? addressOf({ kind: s.kind, ...s.filters }) : new URLSearchParams()), true);
  }, [savedId, saved.data, update]);

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
        if (editing?.id === s.id) setEditing(null);
        notifications.show({ color: 'green', title: 'Saved reports', message: res.message });
      },
      onError: (err) => notifications.show({ color: 'red', ...failureOf(err) }),
    });
  };

  const download = (ext: 'csv' | 'pdf') =>
    ext === 'csv'
      ? hrefOf('/api/reports/:kind/csv', { params: { kind }, query: filters })
      : hrefOf('/api/reports/:kind/pdf', { params: { kind }, query: filters });

  const buildingOptions = useMemo(() => (buildings.data?.items ?? []).map((b) => b.name), [buildings.data]);

  return (
    <Stack>
      <PageHeader
        title="Reports"
        subtitle="Lending, utilization, overdue and loss, repairs and ratings for a period, to read, download or send on a schedule"
      />
      <Card withBorder padding="lg" component="section" aria-labelledby="report-filters-title">
        <Title order={2} size="h4" id="report-filters-title" mb="sm" tabIndex={-1}>
          Report and filters
        </Title>
        {editing && (
          <Alert color="blue" variant="light" mb="sm" title={`Changing the saved report "${editing.name}"`}>
            <Stack gap="xs">
              <Text size="sm">Change the report and its filters here, then Save Changes to keep them with its name and schedule.</Text>
              <Group gap="xs">
                <Button size="xs" onClick={() => setSaving(true)}>
                  Save Changes
                </Button>
                <Button size="xs" variant="default" onClick={() => setEditing(null)}>
                  Stop Changing
                </Button>
              </Group>
            </Stack>
          </Alert>
        )}
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Select
            label="Report"
            data={REPORT_KINDS.map((k) => ({ value: k, label: REPORT_TITLES[k] }))}
            value={kind}
            onChange={(v) => v && set({ kind: v as ReportKind, category: undefined, building: undefined, trade: undefined })}
            allowDeselect={false}
            w={{ base: '100%', sm: 280 }}
          />
          <TextInput
            type="date"
            label="From"
            value={chosen.from ?? ''}
            onChange={(e) => set({ from: e.currentTarget.value || undefined })}
            w={{ base: '100%', xs: 170 }}
          />
          <TextInput
            type="date"
            label="To"
            value={chosen.to ?? ''}
            onChange={(e) => set({ to: e.currentTarget.value || undefined })}
            w={{ base: '100%', xs: 170 }}
          />
          {takes.includes('category') && (
            <Select
              label="Category"
              placeholder="All categories"
              data={[...CATEGORIES]}
              value={chosen.category ?? null}
              onChange={(v) => set({ category: v ?? undefined })}
              clearable
              w={{ base: '100%', xs: 200 }}
            />
          )}
          {takes.includes('building') && (
            <Select
              label="Building"
              placeholder="All buildings"
              data={buildingOptions}
              value={chosen.building ?? null}
              onChange={(v) => set({ building: v ?? undefined })}
              clearable
              searchable
              w={{ base: '100%', xs: 220 }}
            />
          )}
          {takes.includes('trade') && (
            <Select
              label="Trade"
              placeholder="All trades"
              data={JOB_TYPES.map((t) => ({ value: t, label: jobTypeLabel(t) }))}
              value={chosen.trade ?? null}
              onChange={(v) => set({ trade: v ?? undefined })}
              clearable
              w={{ base: '100%', xs: 200 }}
            />
          )}
        </Group>
        {invalid && (
          <Text c="red.8" size="sm" mt="xs" role="alert">
            These dates cannot make a report (the end must not be before the start, and a report covers at most three years). Showing the
            last 30 days.
          </Text>
        )}
        <Group gap="xs" mt="md" wrap="wrap">
          <Button component="a" href={download('csv')} download variant="default" leftSection={<IconFileTypeCsv size={18} />}>
            Download CSV
          </Button>
          <Button component="a" href={download('pdf')} download variant="default" leftSection={<IconFileTypePdf size={18} />}>
            Download PDF
          </Button>
          <Button
            leftSection={<IconDeviceFloppy size={18} />}
            variant={editing ? 'default' : 'filled'}
            onClick={() => {
              setEditing(null);
              setSaving(true);
            }}
          >
            Save Report
          </Button>
        </Group>
      </Card>

      <Card withBorder padding="lg" component="section" aria-labelledby="report-title">
        <Title order={2} size="h4" id="report-title">
          {REPORT_TITLES[kind]}
        </Title>
        {r && (
          <Text size="sm" c="dark.6" mb="sm">
            {formatCalendarDate(r.from)} to {formatCalendarDate(r.to)}
            {r.filters.category && `, category ${r.filters.category}`}
            {r.filters.building && `, building ${r.filters.building}`}
            {r.filters.trade && `, trade ${jobTypeLabel(r.filters.trade)}`}
          </Text>
        )}
        <ListState
          loading={report.isPending}
          error={report.error}
          onRetry={() => report.refetch()}
          empty={!!r && r.rows.length === 0}
          emptyText="Nothing in this period."
        >
          {r && (
            <Stack>
              {r.chart && r.chart.data.length > 0 && <ReportChart chart={r.chart} />}
              <Table.ScrollContainer minWidth={560} type="native" tabIndex={0} role="region" aria-label={`${r.title}, scrolls sideways`}>
                <Table striped withTableBorder>
                  <Table.Thead>
                    <Table.Tr>
                      {r.columns.map((c) => (
                        <Table.Th key={c.label} ta={c.numeric ? 'right' : undefined}>
                          {c.label}
                        </Table.Th>
                      ))}
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {r.rows.map((row, i) => (
                      <Table.Tr key={i}>
                        {row.map((v, j) => (
                          <Table.Td key={j} ta={r.columns[j].numeric ? 'right' : undefined}>
                            {reportCellText(v, r.columns[j], '—')}
                          </Table.Td>
                        ))}
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                  {r.totals && (
                    <Table.Tfoot>
                      <Table.Tr>
                        {r.totals.map((v, j) => (
                          <Table.Th key={j} ta={r.columns[j].numeric ? 'right' : undefined}>
                            {reportCellText(v, r.columns[j], '—')}
                          </Table.Th>
                        ))}
                      </Table.Tr>
                    </Table.Tfoot>
                  )}
                </Table>
              </Table.ScrollContainer>
            </Stack>
          )}
        </ListState>
      </Card>

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
                        <Button size="xs" variant="default" onClick={() => showSaved(s)} aria-label={`Open ${s.name}`}>
                          Open
                        </Button>
                        <Button size="xs" variant="default" onClick={() => edit(s)} aria-label={`Change ${s.name}`}>
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

      {saving && (
        <SaveReportModal
          onClose={() => setSaving(false)}
          onSaved={() => setEditing(null)}
          editing={editing}
          kind={kind}
          filters={filters}
          people={saved.data?.recipients ?? []}
        />
      )}
    </Stack>
  );
}

/** Save Report (a new saved report), or Save Changes to the one being changed, with the report and filters on screen. */
function SaveReportModal({
  onClose,
  onSaved,
  editing,
  kind,
  filters,
  people,
}: {
  onClose: () => void;
  onSaved: () => void;
  editing: SavedReport | null;
  kind: ReportKind;
  filters: ReportFilters;
  /** Who may receive it: the office's administrators and staff. */
  people: { id: number; name: string; email: string }[];
}) {
  const { save, update } = useSavedReportActions();
  const [name, setName] = useState(editing?.name ?? '');
  const [schedule, setSchedule] = useState<Schedule>(editing?.schedule ?? 'none');
  const [recipients, setRecipients] = useState<string[]>(editing?.recipients.map((p) => String(p.id)) ?? []);
  const [error, setError] = useState<string | null>(null);
  const saving = editing ? update : save;

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return setError('Name the report.');
    if (schedule !== 'none' && recipients.length === 0) return setError('Choose who receives the report.');
    setError(null);
    const body = { name: name.trim(), kind, filters, schedule, recipientIds: schedule === 'none' ? [] : recipients.map(Number) };
    const done = {
      onSuccess: (res: { message: string }) => {
        notifications.show({ color: 'green', title: 'Saved reports', message: res.message });
        onSaved();
        onClose();
      },
      onError: (err: unknown) => setError(failureOf(err).message),
    };
    if (editing) update.mutate({ id: editing.id, body }, done);
    else save.mutate(body, done);
  };
  const title = editing ? 'Save Changes' : 'Save Report';

  return (
    <Modal opened onClose={onClose} title={title}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm">
            {REPORT_TITLES[kind]}, with the filters chosen. A scheduled report covers the week or the month just ended each time it is sent,
            as a PDF attached to a mail with a link here.
          </Text>
          <TextInput label="Name" value={name} onChange={(e) => setName(e.currentTarget.value)} maxLength={80} required data-autofocus />
          <Select
            label="Schedule"
            data={(Object.keys(SCHEDULE_LABELS) as Schedule[]).map((s) => ({ value: s, label: SCHEDULE_LABELS[s] }))}
            value={schedule}
            onChange={(v) => v && setSchedule(v as Schedule)}
            allowDeselect={false}
          />
          {schedule !== 'none' && (
            <MultiSelect
              label="Send to"
              placeholder="Choose administrators or staff"
              data={people.map((a) => ({ value: String(a.id), label: `${a.name} (${a.email})` }))}
              value={recipients}
              onChange={setRecipients}
              searchable
            />
          )}
          {error && (
            <Text c="red.8" size="sm" role="alert">
              {error}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={saving.isPending}>
              {editing ? 'Save Changes' : 'Save'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
