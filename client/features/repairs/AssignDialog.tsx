import { useState } from 'react';
import { Button, Group, Modal, NumberInput, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { firstIssue } from '../../../core/common/forms';
import { assignmentForm, REPAIR_STATUS_LABELS, REPAIR_STATUSES, type RepairStatus } from '../../../core/repairs/rules';
import type { RepairReportDto } from '../../../core/repairs/schemas';
import { WEEKDAYS, type Weekday } from '../../../core/time';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { useAssignablePersonnel } from './api';

export interface AssignValues {
  status: RepairStatus;
  assignedTo: number;
  adminNotes: string;
  estimatedCost: number | null;
  day: Weekday | null;
  timeStart: string | null;
  timeEnd: string | null;
}

/**
 * Assign (pending reports) and Edit (the others), spec 001 s4: status, assigned personnel chosen from the
 * personnel accounts (with their average rating), admin notes, estimated cost in pesos, day, start and end time.
 */
export function AssignDialog({
  report: r,
  busy,
  error,
  onClose,
  onSave,
}: {
  report: RepairReportDto;
  busy: boolean;
  error: string | null;
  onClose: () => void;
  onSave: (values: AssignValues) => void;
}) {
  const editing = r.status !== 'pending';
  const people = useAssignablePersonnel();
  const [status, setStatus] = useState<RepairStatus>(editing ? r.status : 'scheduled');
  const [assignedTo, setAssignedTo] = useState<string | null>(r.assignedTo ? String(r.assignedTo) : null);
  const [adminNotes, setAdminNotes] = useState(r.adminNotes);
  const [cost, setCost] = useState<number | string>(r.estimatedCost ?? '');
  const [day, setDay] = useState<string | null>(r.day);
  const [timeStart, setTimeStart] = useState(r.timeStart ?? '');
  const [timeEnd, setTimeEnd] = useState(r.timeEnd ?? '');
  const [problem, setProblem] = useState<{ field: string | null; message: string } | null>(null);

  const save = () => {
    const values = {
      status,
      assignedTo: assignedTo ? Number(assignedTo) : undefined,
      adminNotes: adminNotes.trim(),
      estimatedCost: cost === '' ? null : Number(cost),
      day: (day as Weekday | null) ?? null,
      timeStart: timeStart || null,
      timeEnd: timeEnd || null,
    };
    const issue = firstIssue(assignmentForm, values);
    setProblem(issue);
    if (!issue) onSave(values as AssignValues);
  };
  // The field at fault is marked for assistive technology; the message shows in the alert.
  const errorOf = (field: string) => problem?.field === field;

  const options = (people.data?.items ?? []).map((p) => ({
    value: String(p.id),
    label: `${p.fullName}${p.jobType ? ` (${p.jobType.replace('_', ' ')})` : ''}${
      p.averageRating !== null ? ` ★ ${p.averageRating.toFixed(1)} (${p.ratings})` : ''
    }`,
  }));

  return (
    <Modal opened onClose={onClose} title={`${editing ? 'Edit' : 'Assign'} Repair Report: ${r.code}`} size="lg" centered>
      <Stack gap="sm">
        <Text size="sm">
          {r.building} - {r.room}: {r.issueDescription}
        </Text>
        <ErrorAlert title="Error" message={problem?.message ?? error} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label="Status"
            required
            data={REPAIR_STATUSES.map((s) => ({ value: s, label: REPAIR_STATUS_LABELS[s] }))}
            value={status}
            onChange={(v) => v && setStatus(v as RepairStatus)}
            allowDeselect={false}
            aria-invalid={errorOf('status')}
          />
          <Select
            label="Assigned personnel"
            required
            placeholder={people.isPending ? 'Loading personnel...' : 'Choose personnel'}
            data={options}
            value={assignedTo}
            onChange={setAssignedTo}
            searchable
            aria-invalid={errorOf('assignedTo')}
          />
          <NumberInput
            label="Estimated cost (₱)"
            min={0}
            decimalScale={2}
            thousandSeparator=","
            prefix="₱"
            value={cost}
            onChange={setCost}
            aria-invalid={errorOf('estimatedCost')}
          />
          <Select label="Day" data={[...WEEKDAYS]} value={day} onChange={setDay} clearable aria-invalid={errorOf('day')} />
          <TextInput
            label="Start time"
            type="time"
            value={timeStart}
            onChange={(e) => setTimeStart(e.currentTarget.value)}
            aria-invalid={errorOf('timeStart')}
          />
          <TextInput
            label="End time"
            type="time"
            value={timeEnd}
            onChange={(e) => setTimeEnd(e.currentTarget.value)}
            aria-invalid={errorOf('timeEnd')}
          />
        </SimpleGrid>
        <Textarea
          label="Admin notes"
          rows={3}
          value={adminNotes}
          onChange={(e) => setAdminNotes(e.currentTarget.value)}
          aria-invalid={errorOf('adminNotes')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={save} loading={busy}>
            {editing ? 'Save Changes' : 'Assign'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
