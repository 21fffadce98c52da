import { useState } from 'react';
import { Button, Group, Modal, NumberInput, Stack, Textarea } from '@mantine/core';
import { firstError } from '../../../core/common/forms';
import { REPAIR_STATUS_LABELS, workForm } from '../../../core/repairs/rules';
import type { RepairReportDto, WorkInput } from '../../../core/repairs/schemas';
import { useDraft } from '../../lib/drafts';
import { DraftNote } from '../../ui/DraftNote';
import type { Failure } from '../../lib/api';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { useCloseGuard } from '../../ui/useCloseGuard';
import { Fact, scheduleText } from './RepairParts';

/**
 * Update Repair Report (spec 002 s2): the details read-only, the actual cost and Your Notes. The status moves
 * only with a proof photo, through Mark as In Progress / Mark as Completed (DECISIONS 15).
 * Changes are kept as a draft until saved (lib/drafts.ts).
 */
export function WorkDialog({
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
  onSave: (values: WorkInput) => Promise<unknown>;
}) {
  const draft = useDraft(`repair:${r.id}:work`, { notes: r.personnelNotes, cost: (r.actualCost ?? '') as number | string });
  const { notes, cost } = draft.value;
  const [problem, setProblem] = useState<string | null>(null);
  const guard = useCloseGuard({ dirty: draft.dirty, what: 'your changes', where: `Update on ${r.code}`, onClose, onDiscard: draft.clear });
  const save = async () => {
    const values = { personnelNotes: notes.trim(), actualCost: cost === '' ? null : Number(cost) };
    const issue = firstError(workForm, values);
    setProblem(issue);
    if (issue) return;
    try {
      await onSave(values);
      draft.clear();
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
          <Fact label="Schedule">{scheduleText(r)}</Fact>
        </Group>
        <Fact label="Issue">{r.issueDescription}</Fact>
        <DraftNote savedAt={draft.restoredAt} onDiscard={draft.clear} />
        <ErrorAlert title={problem ? 'Error' : error?.title} message={problem ?? error?.message} />
        <NumberInput
          label="Actual Cost (₱)"
          min={0}
          clampBehavior="none"
          thousandSeparator=","
          prefix="₱"
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
