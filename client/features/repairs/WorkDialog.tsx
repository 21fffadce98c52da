import { useState } from 'react';
import { Group, Select, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { nextRepairStatus, REPAIR_STATUS_LABELS, workFormOn } from '../../../core/repairs/rules';
import type { RepairReportDto, WorkInput } from '../../../core/repairs/schemas';
import type { Failure } from '../../lib/api';
import { FormDialog, shownByOpener } from '../../ui/form/FormDialog';
import { useSchemaForm } from '../../ui/form/useSchemaForm';
import { useCampusToday } from '../site/useCampusToday';
import { Fact } from '../../ui/Fact';
import { scheduleText, PesoInput } from './RepairParts';

type Step = 'in-progress' | 'completed';
const STEPS: Step[] = ['in-progress', 'completed'];

/**
 * Update Repair Report (docs/product.md): the details read-only, the status (In Progress or Completed only), Actual
 * Cost, Date Completed and Your Notes. The status moves only with a proof photo (docs/decisions/repairs-lifecycle.md): choosing the next
 * status saves the rest, then continues to its Mark as In Progress / Mark as Completed step
 * (docs/decisions/repair-completion.md). Date Completed belongs to a completed report.
 * Changes are kept as a draft until saved (lib/drafts.ts); the status chosen is where the dialog goes next, not
 * a value saved, and is not kept.
 */
export function WorkDialog({
  report: r,
  busy,
  error,
  onClose,
  onSave,
  onAdvance,
}: {
  report: RepairReportDto;
  busy: boolean;
  error: Failure | null;
  onClose: () => void;
  /** Saves, answering the report as saved; rejects when the server refuses. */
  onSave: (values: WorkInput) => Promise<RepairReportDto>;
  /** Continues to the step that moves the saved report to `next`, with its proof photo. */
  onAdvance: (next: Step, saved: RepairReportDto) => void;
}) {
  const today = useCampusToday();
  const next = nextRepairStatus(r.status);
  const completed = r.status === 'completed';
  const form = useSchemaForm(
    workFormOn(today),
    { notes: r.personnelNotes, cost: (r.actualCost ?? '') as number | string, dateCompleted: r.dateCompleted ?? '' },
    {
      show: 'first',
      draftKey: `repair:${r.id}:work`,
      toBody: ({ notes, cost, dateCompleted }): WorkInput => ({
        personnelNotes: notes.trim(),
        actualCost: cost === '' ? null : Number(cost),
        ...(completed && dateCompleted ? { dateCompleted } : {}),
      }),
    },
  );
  const [status, setStatus] = useState<string | null>(STEPS.includes(r.status as Step) ? r.status : null);
  const save = async (body: WorkInput) => {
    const saved = await onSave(body);
    if (status && status !== r.status && status === next) onAdvance(next, saved);
  };
  return (
    <FormDialog
      form={form}
      title={`Update Repair Report: ${r.code}`}
      size="lg"
      onClose={onClose}
      onSubmit={save}
      submitLabel="Update Report"
      busy={busy}
      alertTitle="Error"
      failure={shownByOpener}
      error={error}
      closeGuard={{ what: 'your changes', where: `Update on ${r.code}` }}
      intro={
        <>
          <Group gap="lg" wrap="wrap" style={{ rowGap: 4 }}>
            <Fact label="Location">
              {r.building} - {r.room}
            </Fact>
            <Fact label="Status">{REPAIR_STATUS_LABELS[r.status]}</Fact>
            <Fact label="Schedule">{scheduleText(r.scheduled ?? r)}</Fact>
          </Group>
          <Fact label="Issue">{r.issueDescription}</Fact>
        </>
      }
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label="Status"
          placeholder={REPAIR_STATUS_LABELS[r.status]}
          data={STEPS.map((s) => ({ value: s, label: REPAIR_STATUS_LABELS[s], disabled: s !== r.status && s !== next }))}
          value={status}
          onChange={setStatus}
          allowDeselect={false}
          description={
            status && status !== r.status ? `Update Report continues to Mark as ${REPAIR_STATUS_LABELS[status as Step]}.` : undefined
          }
        />
        <TextInput
          label="Date Completed"
          type="date"
          max={today}
          disabled={!completed}
          description={completed ? undefined : 'Set once the repair is completed.'}
          {...form.getInputProps('dateCompleted')}
        />
      </SimpleGrid>
      <PesoInput label="Actual Cost (₱)" {...form.getInputProps('cost')} />
      <Textarea label="Your Notes" rows={4} {...form.getInputProps('notes')} />
    </FormDialog>
  );
}
