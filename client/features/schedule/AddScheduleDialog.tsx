import { useState } from 'react';
import { Alert, Button, Group, Modal, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { MSG } from '../../../core/messages';
import { PRIORITIES, PRIORITY_LABELS, REPAIR_STATUS_LABELS, type Priority } from '../../../core/repairs/rules';
import { SCHEDULE_STATUSES, weekStartOf, type ScheduleStatus } from '../../../core/schedule/rules';
import type { ScheduleItem } from '../../../core/schedule/schemas';
import { formatCalendarDate, WEEKDAYS, type Weekday } from '../../../core/time';
import { ApiError, messageOf } from '../../lib/api';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { TONE } from '../../ui/tones';
import { useSchedulePersonnel, type ScheduleEntryUpdateInput } from './api';

const STATUS_OPTIONS = SCHEDULE_STATUSES.map((s) => ({ value: s, label: REPAIR_STATUS_LABELS[s] }));

/**
 * Add Schedule (docs/product.md): day, start and end time, work type, the personnel chosen from the personnel
 * accounts, location and building (with the priority and a description of the work). The server checks the
 * rest and its message is shown as 'Error adding schedule: {message}'. Given an `entry`, the same dialog edits
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
  const [day, setDay] = useState<string | null>(at.entry ? at.entry.day : at.day);
  const [startTime, setStartTime] = useState(entry?.startTime ?? '');
  const [endTime, setEndTime] = useState(entry?.endTime ?? '');
  const [workType, setWorkType] = useState(entry?.workType ?? '');
  const [personnelId, setPersonnelId] = useState<string | null>(entry?.personnelId ? String(entry.personnelId) : null);
  const [location, setLocation] = useState(entry?.location ?? '');
  const [building, setBuilding] = useState(entry?.building ?? '');
  const [priority, setPriority] = useState<Priority>(entry?.priority ?? 'medium');
  const [issueDescription, setIssueDescription] = useState(entry?.issueDescription ?? '');
  const [status, setStatus] = useState<ScheduleStatus>(entry?.status ?? 'scheduled');

  const options = (people.data?.items ?? []).map((p) => ({
    value: String(p.id),
    label: `${p.fullName}${p.jobType ? ` (${p.jobType.replace('_', ' ')})` : ''}`,
  }));

  const clash = error instanceof ApiError && error.is('schedule_clash') ? error : null;
  const message = error && !clash ? messageOf(error) : null;
  const save = (confirmClash = false) =>
    onSave({
      week,
      day: day ?? '',
      startTime,
      endTime,
      workType,
      personnelId: personnelId ? Number(personnelId) : null,
      location,
      building,
      priority,
      issueDescription,
      ...(entry ? { status } : {}),
      confirmClash,
    });

  return (
    <Modal
      opened
      onClose={onClose}
      title={at.entry ? `Edit Schedule: ${at.entry.workType}` : `Add Schedule: ${at.day}, ${formatCalendarDate(at.date)}`}
      size="lg"
      centered
    >
      <Stack gap="sm">
        <ErrorAlert title="Error" message={message ? (entry ? MSG.scheduleUpdateError(message) : MSG.scheduleAddError(message)) : null} />
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
              <Button color={TONE.orange} size="xs" w="fit-content" onClick={() => save(true)} loading={busy}>
                Save anyway
              </Button>
            </Stack>
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select label="Day" required data={[...WEEKDAYS]} value={day} onChange={setDay} allowDeselect={false} />
          <Select
            label="Personnel"
            required
            placeholder={people.isPending ? 'Loading personnel...' : 'Choose personnel'}
            data={options}
            value={personnelId}
            onChange={setPersonnelId}
            searchable
          />
          <TextInput label="Start time" type="time" required value={startTime} onChange={(e) => setStartTime(e.currentTarget.value)} />
          <TextInput label="End time" type="time" required value={endTime} onChange={(e) => setEndTime(e.currentTarget.value)} />
          <TextInput
            label="Work type"
            required
            placeholder="e.g. Electrical inspection"
            value={workType}
            onChange={(e) => setWorkType(e.currentTarget.value)}
          />
          <Select
            label="Priority"
            data={PRIORITIES.map((p) => ({ value: p, label: PRIORITY_LABELS[p] }))}
            value={priority}
            onChange={(v) => v && setPriority(v as Priority)}
            allowDeselect={false}
          />
          <TextInput
            label="Location"
            required
            placeholder="e.g. Room 101"
            value={location}
            onChange={(e) => setLocation(e.currentTarget.value)}
          />
          <TextInput label="Building" required value={building} onChange={(e) => setBuilding(e.currentTarget.value)} />
          {entry && (
            <Select
              label="Status"
              data={STATUS_OPTIONS}
              value={status}
              onChange={(v) => v && setStatus(v as ScheduleStatus)}
              allowDeselect={false}
            />
          )}
        </SimpleGrid>
        <Textarea label="Description" rows={2} value={issueDescription} onChange={(e) => setIssueDescription(e.currentTarget.value)} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => save()} loading={busy}>
            {entry ? 'Save Changes' : 'Add Schedule'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
