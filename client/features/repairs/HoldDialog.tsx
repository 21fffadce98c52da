import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { firstError } from '../../../core/common/forms';
import { HOLD_REASON_MAX, HOLD_REASONS, holdForm } from '../../../core/repairs/deadlines';
import type { RepairReportDto } from '../../../core/repairs/schemas';
import { ErrorAlert } from '../../ui/ErrorAlert';

/**
 * Put on Hold (docs/decisions/repair-deadlines.md): why the work waits, typed or one of the usual reasons. The
 * report's deadlines stop until it is resumed, and the reporter is told the reason.
 */
export function HoldDialog({
  report: r,
  busy,
  error,
  onClose,
  onConfirm,
}: {
  report: RepairReportDto;
  busy: boolean;
  error: string | null;
  onClose: () => void;
  onConfirm: (reason: string) => void;
}) {
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const issue = firstError(holdForm, { reason });
    setProblem(issue);
    if (!issue) onConfirm(reason.trim());
  };
  return (
    <Modal opened onClose={onClose} title={`Put ${r.code} on hold`} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm">
            {r.building} - {r.room}: {r.issueDescription}
          </Text>
          <Text size="sm" c="dark.6">
            Its deadlines stop until the work resumes. The reporter is told why.
          </Text>
          {(problem || error) && <ErrorAlert message={(problem ?? error)!} />}
          <TextInput
            label="Reason"
            placeholder="Waiting for parts"
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            maxLength={HOLD_REASON_MAX}
            required
            data-autofocus
          />
          <Group gap="xs" role="group" aria-label="Usual reasons">
            {HOLD_REASONS.map((usual) => (
              <Button key={usual} size="compact-sm" variant="light" onClick={() => setReason(usual)}>
                {usual}
              </Button>
            ))}
          </Group>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              Put on Hold
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
