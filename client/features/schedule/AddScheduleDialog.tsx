import { useState } from 'react';
import { Button, Group, Modal, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { MSG } from '../../../core/messages';
import { PRIORITIES, PRIORITY_LABELS, type Priority } from '../../../core/repairs/rules';
import { formatCalendarDate, WEEKDAYS, type Weekday } from '../../../core/time';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { useSchedulePersonnel, type ScheduleEntryInput } from './api';

/**
 * Add Schedule (spec 001 s2): day, start and end time, work type, the personnel chosen from the personnel
 * accounts, location and building (with the priority and a description of the work). The server checks the
 * rest and its message is shown as 'Error adding schedule: {message}'.
 */
export function AddScheduleDialog({
  week,
  day: initialDay,
  date,
  busy,
  error,
  onClose,
  onSave,
}: {
  week: string;
  day: Weekday;
  date: string;
  busy: boolean;
  error: string | null;
  onClose: () => void;
  onSave: (values: ScheduleEntryInput) => void;
}) {
  const people = useSchedulePersonnel();
  const [day, setDay] = useState<string | null>(initialDay);
  const [startTime, setStartTime] = useState('');
  const [endTime, setEndTime] = useState('');
  const [workType, setWorkType] = useState('');
  const [personnelId, setPersonnelId] = useState<string | null>(null);
  const [location, setLocation] = useState('');
  const [building, setBuilding] = useState('');
  const [priority, setPriority] = useState<Priority>('medium');
  const [issueDescription, setIssueDescription] = useState('');

  const options = (people.data?.items ?? []).map((p) => ({
    value: String(p.id),
    label: `${p.fullName}${p.jobType ? ` (${p.jobType.replace('_', ' ')})` : ''}`,
  }));

  const save = () =>
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
    });

  return (
    <Modal opened onClose={onClose} title={`Add Schedule: ${initialDay}, ${formatCalendarDate(date)}`} size="lg" centered>
      <Stack gap="sm">
        <ErrorAlert title="Error" message={error ? MSG.scheduleAddError(error) : null} />
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
        </SimpleGrid>
        <Textarea label="Description" rows={2} value={issueDescription} onChange={(e) => setIssueDescription(e.currentTarget.value)} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={save} loading={busy}>
            Add Schedule
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
