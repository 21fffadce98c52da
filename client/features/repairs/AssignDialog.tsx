import { Select, SimpleGrid, Text, Textarea, TextInput } from '@mantine/core';
import { assignCompletedForm, assignmentForm, REPAIR_STATUS_LABELS, REPAIR_STATUSES, type RepairStatus } from '../../../core/repairs/rules';
import type { RepairReportDto } from '../../../core/repairs/schemas';
import { WEEKDAYS, type Weekday } from '../../../core/time';
import type { Failure } from '../../lib/api';
import { FormDialog, shownByOpener } from '../../ui/form/FormDialog';
import { FIRST_FIELD, useSchemaForm } from '../../ui/form/useSchemaForm';
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
  const form = useSchemaForm(
    (body: AssignValues) => (body.status === 'completed' ? assignCompletedForm : assignmentForm),
    {
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
    },
    {
      show: 'first',
      draftKey: `repair:${r.id}:assign`,
      toBody: (v): AssignValues => ({
        status: v.status,
        assignedTo: (v.assignedTo ? Number(v.assignedTo) : undefined) as number,
        adminNotes: v.adminNotes.trim(),
        estimatedCost: v.cost === '' ? null : Number(v.cost),
        day: (v.day as Weekday | null) ?? null,
        timeStart: v.timeStart || null,
        timeEnd: v.timeEnd || null,
        // Completing: the work description (and the actual cost when known), as the personnel's completion takes them.
        ...(v.status === 'completed'
          ? { workDescription: v.workDescription.trim(), actualCost: v.actualCost === '' ? null : Number(v.actualCost) }
          : {}),
      }),
    },
  );
  const completing = form.values.status === 'completed';
  const title = editing ? 'Edit' : 'Assign';
  // The field at fault is marked for assistive technology; the message shows in the alert.
  const fieldOf = (field: string) => ({ 'aria-invalid': form.errors[FIRST_FIELD] === field });

  const options = (people.data?.items ?? []).map((p) => ({
    value: String(p.id),
    label: `${p.fullName}${p.jobType ? ` (${p.jobType.replace('_', ' ')})` : ''}${
      p.averageRating !== null ? ` ★ ${p.averageRating.toFixed(1)} (${p.ratings})` : ''
    }`,
  }));

  return (
    <FormDialog
      form={form}
      title={`${title} Repair Report: ${r.code}`}
      size="lg"
      onClose={onClose}
      onSubmit={onSave}
      submitLabel={editing ? 'Save Changes' : 'Assign'}
      busy={busy}
      alertTitle="Error"
      failure={shownByOpener}
      error={error}
      closeGuard={{ what: 'your changes', where: `${title} on ${r.code}` }}
      intro={
        <>
          <Text size="sm">
            {r.building} - {r.room}: {r.issueDescription}
          </Text>
          {r.day && <Fact label="Preferred day and time">{scheduleText(r)}</Fact>}
        </>
      }
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label="Status"
          required
          data={REPAIR_STATUSES.map((s) => ({ value: s, label: REPAIR_STATUS_LABELS[s] }))}
          {...form.getInputProps('status')}
          onChange={(v) => v && form.setFieldValue('status', v as RepairStatus)}
          allowDeselect={false}
          {...fieldOf('status')}
        />
        <Select
          label="Assigned personnel"
          required
          placeholder={people.isPending ? 'Loading personnel...' : 'Choose personnel'}
          data={options}
          {...form.getInputProps('assignedTo')}
          searchable
          {...fieldOf('assignedTo')}
        />
        <PesoInput label="Estimated cost (₱)" {...form.getInputProps('cost')} {...fieldOf('estimatedCost')} />
        <Select label="Day" data={[...WEEKDAYS]} {...form.getInputProps('day')} clearable {...fieldOf('day')} />
        <TextInput label="Start time" type="time" {...form.getInputProps('timeStart')} {...fieldOf('timeStart')} />
        <TextInput label="End time" type="time" {...form.getInputProps('timeEnd')} {...fieldOf('timeEnd')} />
      </SimpleGrid>
      {completing && (
        <>
          <Textarea
            label="Work Description"
            description="The work done, as the report will show it."
            required
            rows={3}
            {...form.getInputProps('workDescription')}
            {...fieldOf('workDescription')}
          />
          <PesoInput
            label="Actual Cost (₱)"
            description="Optional: leave blank when there was no cost to record."
            {...form.getInputProps('actualCost')}
            {...fieldOf('actualCost')}
          />
        </>
      )}
      <Textarea label="Admin notes" rows={3} {...form.getInputProps('adminNotes')} {...fieldOf('adminNotes')} />
    </FormDialog>
  );
}
