import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Card, Group, MultiSelect, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDeviceFloppy, IconFileTypeCsv, IconFileTypePdf } from '@tabler/icons-react';
import { CATEGORIES } from '../../../core/inventory/rules';
import { jobTypeLabel } from '../../../core/repairs/damage';
import { PER_LABELS, REPORT_FILTERS, REPORT_KINDS, REPORT_TITLES, type ReportKind, type Schedule } from '../../../core/reports/rules';
import { SAVED_REPORT_NAME_MAX, savedReportForm } from '../../../core/reports/forms';
import type { ReportFilters, SavedReport, SavedReportBody } from '../../../core/reports/schemas';
import { JOB_TYPES } from '../../../core/roles';
import { useBuildings } from '../../features/locations/api';
import { useSavedReportActions, useSavedReports } from '../../features/reports/api';
import { ReportResult } from '../../features/reports/ReportResult';
import { SavedReports } from '../../features/reports/SavedReports';
import { SCHEDULE_LABELS } from '../../features/reports/scheduleLabels';
import { addressOf, useReportParams } from '../../features/reports/useReportParams';
import { failureOf, hrefOf } from '../../lib/api';
import { FormDialog } from '../../ui/form/FormDialog';
import { useSchemaForm } from '../../ui/form/useSchemaForm';
import { PageHeader } from '../../ui/PageHeader';

/** Reports (docs/decisions/reports.md): lending, utilization, overdue and loss, repairs, ratings and consumption by department, with downloads. */
export default function ReportsPage() {
  const { kind, chosen, filters, invalid, set, show, params, update } = useReportParams();
  const saved = useSavedReports();
  const buildings = useBuildings();
  const [saving, setSaving] = useState(false);
  /** The saved report being changed: its report and filters are on screen, Save Changes writes them back. */
  const [editing, setEditing] = useState<SavedReport | null>(null);
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

  const download = (ext: 'csv' | 'pdf') =>
    ext === 'csv'
      ? hrefOf('/api/reports/:kind/csv', { params: { kind }, query: filters })
      : hrefOf('/api/reports/:kind/pdf', { params: { kind }, query: filters });

  const buildingOptions = useMemo(() => (buildings.data?.items ?? []).map((b) => b.name), [buildings.data]);

  return (
    <Stack>
      <PageHeader
        title="Reports"
        subtitle="Lending, utilization, overdue and loss, repairs, ratings and consumption by department for a period, to read, download or send on a schedule"
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
            onChange={(v) =>
              v && set({ kind: v as ReportKind, category: undefined, building: undefined, trade: undefined, per: undefined })
            }
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
          {takes.includes('per') && (
            <Select
              label="Group by"
              data={Object.entries(PER_LABELS).map(([value, label]) => ({ value, label }))}
              value={chosen.per ?? 'month'}
              onChange={(v) => set({ per: v === 'term' ? 'term' : undefined })}
              allowDeselect={false}
              w={{ base: '100%', xs: 170 }}
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

      <ReportResult kind={kind} filters={filters} />

      <SavedReports
        saved={saved}
        onOpen={showSaved}
        onChange={edit}
        onDeleted={(s) => {
          if (editing?.id === s.id) setEditing(null);
        }}
      />

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
  const form = useSchemaForm(
    savedReportForm,
    {
      name: editing?.name ?? '',
      schedule: editing?.schedule ?? ('none' as Schedule),
      recipients: editing?.recipients.map((p) => String(p.id)) ?? [],
    },
    {
      show: 'first',
      toBody: ({ name, schedule, recipients }) => ({
        name: name.trim(),
        schedule,
        recipientIds: schedule === 'none' ? [] : recipients.map(Number),
      }),
    },
  );
  const submit = async (values: Pick<SavedReportBody, 'name' | 'schedule' | 'recipientIds'>) => {
    const body = { ...values, kind, filters };
    const res = editing ? await update.mutateAsync({ id: editing.id, body }) : await save.mutateAsync(body);
    notifications.show({ color: 'green', title: 'Saved reports', message: res.message });
    onSaved();
    onClose();
  };
  const title = editing ? 'Save Changes' : 'Save Report';

  return (
    <FormDialog
      form={form}
      title={title}
      onClose={onClose}
      onSubmit={submit}
      submitLabel={editing ? 'Save Changes' : 'Save'}
      failure={(err) => failureOf(err).message}
      intro={
        <Text size="sm">
          {REPORT_TITLES[kind]}, with the filters chosen. A scheduled report covers the week or the month just ended each time it is sent,
          as a PDF attached to a mail with a link here.
        </Text>
      }
    >
      <TextInput label="Name" maxLength={SAVED_REPORT_NAME_MAX} required data-autofocus {...form.getInputProps('name')} />
      <Select
        label="Schedule"
        data={(Object.keys(SCHEDULE_LABELS) as Schedule[]).map((s) => ({ value: s, label: SCHEDULE_LABELS[s] }))}
        allowDeselect={false}
        {...form.getInputProps('schedule')}
      />
      {form.getValues().schedule !== 'none' && (
        <MultiSelect
          label="Send to"
          placeholder="Choose administrators or staff"
          data={people.map((a) => ({ value: String(a.id), label: `${a.name} (${a.email})` }))}
          searchable
          {...form.getInputProps('recipients')}
        />
      )}
    </FormDialog>
  );
}
