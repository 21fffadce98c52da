import { useState } from 'react';
import { Button, Group, Modal, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { firstIssue } from '../../../core/common/forms';
import { assignmentForm, completionForm, REPAIR_STATUS_LABELS, REPAIR_STATUSES, type RepairStatus } from '../../../core/repairs/rules';
import type { RepairReportDto } from '../../../core/repairs/schemas';
import { WEEKDAYS, type Weekday } from '../../../core/time';
import { useDraft } from '../../lib/drafts';
import { DraftNote } from '../../ui/DraftNote';
import type { Failure } from '../../lib/api';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { useCloseGuard } from '../../ui/useCloseGuard';
import { useAssignablePersonnel } from './api';
import { Fact } from '../../ui/Fact';
import { PesoInput, scheduleText } from './RepairParts';

export interface AssignValues {
  status: RepairStatus;
  assignedTo: number;
  adminNotes: string;
  estimatedCost: number | null;
  day: Weekday | null;
  timeStart: string | null;
  timeEnd: string | null;
  /** Sent when completing: the same rule as the personnel's Mark as Completed (completionForm). */
  workDescription?: string;
  actualCost?: number | null;
}

/**
 * Assign (pending reports) and Edit (the others), docs/product.md: status, assigned personnel chosen from the
 * personnel accounts (with their average rating), admin notes, estimated cost in pesos, day, start and end time.
 * Changes are kept as a draft until saved (lib/drafts.ts).
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
  error: Failure | null;
  onClose: () => void;
  /** Saves; rejects when the server refuses. */
  onSave: (values: AssignValues) => Promise<unknown>;
}) {
  const editing = r.status !== 'pending';
  const people = useAssignablePersonnel();
  const draft = useDraft(`repair:${r.id}:assign`, {
    status: (editing ? r.status : 'scheduled') as RepairStatus,
    assignedTo: r.assignedTo ? String(r.assignedTo) : null,
    adminNotes: r.adminNotes,
    cost: (r.estimatedCost ?? '') as number | string,
    // The slot: as scheduled before, else the reporter's preference (which stays as asked whatever is chosen here).
    day: (r.scheduled ?? r).day as string | null,
    timeStart: (r.scheduled ?? r).timeStart ?? '',
    timeEnd: (r.scheduled ?? r).timeEnd ?? '',
    workDescription: r.workDescription,
    actualCost: (r.actualCost ?? '') as number | string,
  });
  const { status, assignedTo, adminNotes, cost, day, timeStart, timeEnd, workDescription, actualCost } = draft.value;
  const completing = status === 'completed';
  const set =
    <K extends keyof typeof draft.value>(k: K) =>
    (v: (typeof draft.value)[K]) =>
      draft.setValue((d) => ({ ...d, [k]: v }));
  const [problem, setProblem] = useState<{ field: string | null; message: string } | null>(null);
  const title = editing ? 'Edit' : 'Assign';
  const guard = useCloseGuard({
    dirty: draft.dirty,
    what: 'your changes',
    where: `${title} on ${r.code}`,
    onClose,
    onDiscard: draft.clear,
  });

  const save = async () => {
    const values = {
      status,
      assignedTo: assignedTo ? Number(assignedTo) : undefined,
      adminNotes: adminNotes.trim(),
      estimatedCost: cost === '' ? null : Number(cost),
      day: (day as Weekday | null) ?? null,
      timeStart: timeStart || null,
      timeEnd: timeEnd || null,
    };
    // Completing: the work description (and the actual cost when known), as the personnel's completion takes them.
    const completion = { workDescription: workDescription.trim(), actualCost: actualCost === '' ? null : Number(actualCost) };
    const issue = firstIssue(assignmentForm, values) ?? (completing ? firstIssue(completionForm, completion) : null);
    setProblem(issue);
    if (issue) return;
    try {
      await onSave({ ...(values as AssignValues), ...(completing ? completion : {}) });
      draft.clear();
    } catch {
      // Shown by the board; the draft stays.
    }
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
    <Modal opened {...guard.modalProps} title={`${title} Repair Report: ${r.code}`} size="lg" centered>
      <Stack gap="sm">
        <Text size="sm">
          {r.building} - {r.room}: {r.issueDescription}
        </Text>
        {r.day && <Fact label="Preferred day and time">{scheduleText(r)}</Fact>}
        <DraftNote savedAt={draft.restoredAt} onDiscard={draft.clear} />
        <ErrorAlert title={problem ? 'Error' : error?.title} message={problem?.message ?? error?.message} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label="Status"
            required
            data={REPAIR_STATUSES.map((s) => ({ value: s, label: REPAIR_STATUS_LABELS[s] }))}
            value={status}
            onChange={(v) => v && set('status')(v as RepairStatus)}
            allowDeselect={false}
            aria-invalid={errorOf('status')}
          />
          <Select
            label="Assigned personnel"
            required
            placeholder={people.isPending ? 'Loading personnel...' : 'Choose personnel'}
            data={options}
            value={assignedTo}
            onChange={set('assignedTo')}
            searchable
            aria-invalid={errorOf('assignedTo')}
          />
          <PesoInput
            label="Estimated cost (₱)"

            value={cost}
            onChange={set('cost')}
            aria-invalid={errorOf('estimatedCost')}
          />
          <Select label="Day" data={[...WEEKDAYS]} value={day} onChange={set('day')} clearable aria-invalid={errorOf('day')} />
          <TextInput
            label="Start time"
            type="time"
            value={timeStart}
            onChange={(e) => set('timeStart')(e.currentTarget.value)}
            aria-invalid={errorOf('timeStart')}
          />
          <TextInput
            label="End time"
            type="time"
            value={timeEnd}
            onChange={(e) => set('timeEnd')(e.currentTarget.value)}
            aria-invalid={errorOf('timeEnd')}
          />
        </SimpleGrid>
        {completing && (
          <>
            <Textarea
              label="Work Description"
              description="The work done, as the report will show it."
              required
              rows={3}
              value={workDescription}
              onChange={(e) => set('workDescription')(e.currentTarget.value)}
              aria-invalid={errorOf('workDescription')}
            />
            <PesoInput
              label="Actual Cost (₱)"
              description="Optional: leave blank when there was no cost to record."
              value={actualCost}
              onChange={set('actualCost')}
              aria-invalid={errorOf('actualCost')}
            />
          </>
        )}
        <Textarea
          label="Admin notes"
          rows={3}
          value={adminNotes}
          onChange={(e) => set('adminNotes')(e.currentTarget.value)}
          aria-invalid={errorOf('adminNotes')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={guard.close}>
            Cancel
          </Button>
          <Button onClick={() => void save()} loading={busy}>
            {editing ? 'Save Changes' : 'Assign'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
