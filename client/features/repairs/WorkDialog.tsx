import { useState } from 'react';
import { Button, Group, Modal, NumberInput, Stack, Textarea } from '@mantine/core';
import { firstError } from '../../../core/common/forms';
import { REPAIR_STATUS_LABELS, workForm } from '../../../core/repairs/rules';
import type { RepairReportDto, WorkInput } from '../../../core/repairs/schemas';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { Fact, scheduleText } from './RepairParts';

/**
 * Update Repair Report (spec 002 s2): the details read-only, the actual cost and Your Notes. The status moves
 * only with a proof photo, through Mark as In Progress / Mark as Completed (DECISIONS 15).
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
  error: string | null;
  onClose: () => void;
  onSave: (values: WorkInput) => void;
}) {
  const [notes, setNotes] = useState(r.personnelNotes);
  const [cost, setCost] = useState<number | string>(r.actualCost ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const save = () => {
    const values = { personnelNotes: notes.trim(), actualCost: cost === '' ? null : Number(cost) };
    const issue = firstError(workForm, values);
    setProblem(issue);
    if (!issue) onSave(values);
  };
  return (
    <Modal opened onClose={onClose} title={`Update Repair Report: ${r.code}`} size="lg" centered>
      <Stack gap="sm">
        <Group gap="lg" wrap="wrap" style={{ rowGap: 4 }}>
          <Fact label="Location">
            {r.building} - {r.room}
          </Fact>
          <Fact label="Status">{REPAIR_STATUS_LABELS[r.status]}</Fact>
          <Fact label="Schedule">{scheduleText(r)}</Fact>
        </Group>
        <Fact label="Issue">{r.issueDescription}</Fact>
        <ErrorAlert title="Error" message={problem ?? error} />
        <NumberInput label="Actual Cost (₱)" min={0} decimalScale={2} thousandSeparator="," prefix="₱" value={cost} onChange={setCost} />
        <Textarea label="Your Notes" rows={4} value={notes} onChange={(e) => setNotes(e.currentTarget.value)} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={save} loading={busy}>
            Update Report
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
