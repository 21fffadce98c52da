import { Alert, Button, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { MSG } from '../../../core/messages';
import { PRIORITIES, PRIORITY_LABELS, REPAIR_STATUS_LABELS, type Priority } from '../../../core/repairs/rules';
import { SCHEDULE_STATUSES, scheduleEntryForm, weekStartOf, type ScheduleStatus } from '../../../core/schedule/rules';
import type { ScheduleItem } from '../../../core/schedule/schemas';
import { formatCalendarDate, WEEKDAYS, type Weekday } from '../../../core/time';
import { ApiError, messageOf } from '../../lib/api';
import { FormDialog, shownByOpener } from '../../ui/form/FormDialog';
import { useSchemaForm } from '../../ui/form/useSchemaForm';
import { TONE } from '../../ui/tones';
import { useSchedulePersonnel, type ScheduleEntryUpdateInput } from './api';

const STATUS_OPTIONS = SCHEDULE_STATUSES.map((s) => ({ value: s, label: REPAIR_STATUS_LABELS[s] }));

/**
 * Add Schedule (docs/product.md): day, start and end time, work type, the personnel chosen from the personnel
 * accounts, location and building (with the priority and a description of the work), checked by the form's rule
 * in core as the server checks it; the first failure, the form's or the server's, is shown as
 * 'Error adding schedule: {message}'. Given an `entry`, the same dialog edits
 * it, with its status: 'Edit Schedule', 'Save Changes', 'Error updating schedule: {message}'.
 * When the person is already scheduled at that time the server names the clash; Save anyway sends it again,
 * confirmed (docs/decisions/schedule-clashes.md).
 */
export function AddScheduleDialog({
  busy,
  error,
  onClose,
  onSave,
  ...at
}: {
  busy: boolean;
  /** The save's refusal, if any: a clash is shown as a warning to confirm, anything else as an error. */
  error: unknown;
  onClose: () => void;
  onSave: (values: ScheduleEntryUpdateInput) => void;
} & ({ entry: ScheduleItem } | { entry?: undefined; week: string; day: Weekday; date: string })) {
  const entry = at.entry;
  const week = at.entry ? weekStartOf(at.entry.date) : at.week;
  const people = useSchedulePersonnel();
  const form = useSchemaForm(
    scheduleEntryForm,
    {
      day: (at.entry ? at.entry.day : at.day) as string | null,
      startTime: entry?.startTime ?? '',
      endTime: entry?.endTime ?? '',
      workType: entry?.workType ?? '',
      personnelId: entry?.personnelId ? String(entry.personnelId) : null,
      location: entry?.location ?? '',
      building: entry?.building ?? '',
      priority: (entry?.priority ?? 'medium') as Priority,
      issueDescription: entry?.issueDescription ?? '',
      status: (entry?.status ?? 'scheduled') as ScheduleStatus,
    },
    {
      show: 'first',
      toBody: ({ day, personnelId, status, ...values }): ScheduleEntryUpdateInput => ({
        week,
        day: day ?? '',
        ...values,
        personnelId: personnelId ? Number(personnelId) : null,
        ...(entry ? { status } : {}),
        confirmClash: false,
      }),
    },
  );

  const options = (people.data?.items ?? []).map((p) => ({
    value: String(p.id),
    label: `${p.fullName}${p.jobType ? ` (${p.jobType.replace('_', ' ')})` : ''}`,
  }));

  const clash = error instanceof ApiError && error.is('schedule_clash') ? error : null;
  const message = error && !clash ? messageOf(error) : null;
  const wording = entry ? MSG.scheduleUpdateError : MSG.scheduleAddError;

  return (
    <FormDialog
      form={form}
      title={at.entry ? `Edit Schedule: ${at.entry.workType}` : `Add Schedule: ${at.day}, ${formatCalendarDate(at.date)}`}
      size="lg"
      onClose={onClose}
      onSubmit={async (body) => onSave(body)}
      submitLabel={entry ? 'Save Changes' : 'Add Schedule'}
      busy={busy}
      alertTitle="Error"
      wording={wording}
      failure={shownByOpener}
      error={message ? { title: 'Error', message: wording(message) } : null}
    >
      {clash && (
        <Alert
          color="orange"
          variant="light"
          title={
            <Text span inherit c={TONE.orange}>
              {MSG.scheduleClashTitle}
            </Text>
          }
          icon={<IconAlertTriangle aria-hidden />}
          role="alert"
        >
          <Stack gap="xs">
            {clash.message}
            {/* The values as they are, confirmed: the server checks them again. */}
            <Button
              color={TONE.orange}
              size="xs"
              w="fit-content"
              onClick={() => onSave({ ...form.getTransformedValues(), confirmClash: true })}
              loading={busy}
            >
              Save anyway
            </Button>
          </Stack>
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select label="Day" required data={[...WEEKDAYS]} {...form.getInputProps('day')} allowDeselect={false} />
        <Select
          label="Personnel"
          required
          placeholder={people.isPending ? 'Loading personnel...' : 'Choose personnel'}
          data={options}
          {...form.getInputProps('personnelId')}
          searchable
        />
        <TextInput label="Start time" type="time" required {...form.getInputProps('startTime')} />
        <TextInput label="End time" type="time" required {...form.getInputProps('endTime')} />
        <TextInput label="Work type" required placeholder="e.g. Electrical inspection" {...form.getInputProps('workType')} />
        <Select
          label="Priority"
          data={PRIORITIES.map((p) => ({ value: p, label: PRIORITY_LABELS[p] }))}
          {...form.getInputProps('priority')}
          allowDeselect={false}
        />
        <TextInput label="Location" required placeholder="e.g. Room 101" {...form.getInputProps('location')} />
        <TextInput label="Building" required {...form.getInputProps('building')} />
        {entry && <Select label="Status" data={STATUS_OPTIONS} {...form.getInputProps('status')} allowDeselect={false} />}
      </SimpleGrid>
      <Textarea label="Description" rows={2} {...form.getInputProps('issueDescription')} />
    </FormDialog>
  );
}
