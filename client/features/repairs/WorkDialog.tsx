import { useState } from 'react';
import { Button, Group, Modal, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { firstError } from '../../../core/common/forms';
import { MSG } from '../../../core/messages';
import { nextRepairStatus, REPAIR_STATUS_LABELS, workForm } from '../../../core/repairs/rules';
import type { RepairReportDto, WorkInput } from '../../../core/repairs/schemas';
import { useDraft } from '../../lib/drafts';
import { DraftNote } from '../../ui/DraftNote';
import type { Failure } from '../../lib/api';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { useCloseGuard } from '../../ui/useCloseGuard';
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
 * Changes are kept as a draft until saved (lib/drafts.ts).
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
  const draft = useDraft(`repair:${r.id}:work`, {
    notes: r.personnelNotes,
    cost: (r.actualCost ?? '') as number | string,
    dateCompleted: r.dateCompleted ?? '',
  });
  const { notes, cost, dateCompleted } = draft.value;
  const [status, setStatus] = useState<string | null>(STEPS.includes(r.status as Step) ? r.status : null);
  const completed = r.status === 'completed';
  const [problem, setProblem] = useState<string | null>(null);
  const guard = useCloseGuard({ dirty: draft.dirty, what: 'your changes', where: `Update on ${r.code}`, onClose, onDiscard: draft.clear });
  const save = async () => {
    const values = { personnelNotes: notes.trim(), actualCost: cost === '' ? null : Number(cost) };
    const issue = firstError(workForm, values) ?? (completed && dateCompleted > today ? MSG.dateCompletedInFuture : null);
    setProblem(issue);
    if (issue) return;
    try {
      const saved = await onSave({ ...values, ...(completed && dateCompleted ? { dateCompleted } : {}) });
      draft.clear();
      if (status && status !== r.status && status === next) onAdvance(next, saved);
    } catch {
      // Shown by the board; the draft stays.
    }
  };
  return (
    <Modal opened {...guard.modalProps} title={`Update Repair Report: ${r.code}`} size="lg" centered>
      <Stack gap="sm">
        <Group gap="lg" wrap="wrap" style={{ rowGap: 4 }}>
          <Fact label="Location">
            {r.building} - {r.room}
          </Fact>
          <Fact label="Status">{REPAIR_STATUS_LABELS[r.status]}</Fact>
          <Fact label="Schedule">{scheduleText(r.scheduled ?? r)}</Fact>
        </Group>
        <Fact label="Issue">{r.issueDescription}</Fact>
        <DraftNote savedAt={draft.restoredAt} onDiscard={draft.clear} />
        <ErrorAlert title={problem ? 'Error' : error?.title} message={problem ?? error?.message} />
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
            value={dateCompleted}
            onChange={(e) => {
              const value = e.currentTarget.value;
              draft.setValue((d) => ({ ...d, dateCompleted: value }));
            }}
          />
        </SimpleGrid>
        <PesoInput
          label="Actual Cost (₱)"

          value={cost}
          onChange={(v) => draft.setValue((d) => ({ ...d, cost: v }))}
        />
        <Textarea
          label="Your Notes"
          rows={4}
          value={notes}
          onChange={(e) => {
            const text = e.currentTarget.value;
            draft.setValue((d) => ({ ...d, notes: text }));
          }}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={guard.close}>
            Cancel
          </Button>
          <Button onClick={() => void save()} loading={busy}>
            Update Report
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
