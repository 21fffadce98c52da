import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import type { RepairReportDto } from '../../../core/repairs/schemas';
import type { Failure } from '../../lib/api';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { TONE } from '../../ui/tones';

/**
 * Beyond repair (docs/decisions/return-conditions.md): closes an equipment-damage report with the unit retired for
 * good, with the reason in its history; a counted quantity stays out of stock.
 */
export function RetireDialog({
  report,
  busy,
  error,
  onRetire,
  onClose,
}: {
  report: RepairReportDto;
  busy: boolean;
  error: Failure | null;
  onRetire: (reason: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const what = report.damage?.unitTag ?? report.damage?.itemName ?? 'the equipment';
  const retire = () => {
    setTried(true);
    if (reason.trim()) onRetire(reason.trim()).catch(() => undefined);
  };
  return (
    <Modal opened onClose={onClose} title={`${report.code}: beyond repair`} centered>
      <Stack gap="sm">
        <Text size="sm">Close this report with {what} retired? It leaves the stock for good; this cannot be undone.</Text>
        <Textarea
          label="Reason"
          description="Kept in the unit's history and as the work of this report."
          autosize
          minRows={2}
          maxLength={1000}
          required
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          error={tried && !reason.trim() ? 'Give the reason the equipment is beyond repair.' : undefined}
          data-autofocus
        />
        {error && <ErrorAlert title={error.title} message={error.message} />}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color={TONE.red} loading={busy} onClick={retire}>
            Retire
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
