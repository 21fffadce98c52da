import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { MSG } from '../../../core/messages';
import type { BorrowRequestDto } from '../../../core/borrowing/schemas';
import { TONE } from '../../ui/tones';

/**
 * Confirms rejecting a pending request. Either office portal may give a reason (DECISIONS 11); without
 * one the reason names the role that rejected ("Request rejected by admin" / "by GSO personnel"). The
 * borrower is told it.
 */
export function RejectDialog({
  request,
  by,
  busy,
  onReject,
  onClose,
}: {
  request: BorrowRequestDto;
  by: 'admin' | 'personnel';
  busy: boolean;
  onReject: (reason: string | undefined) => void;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  return (
    <Modal opened onClose={onClose} title={`Reject ${request.code}`} centered>
      <Stack gap="sm">
        <Text size="sm">Are you sure you want to reject this request from {request.requesterName}?</Text>
        <Textarea
          label="Reason (optional)"
          description="The borrower sees this reason."
          placeholder={MSG.defaultRejectReason(by)}
          autosize
          minRows={2}
          maxRows={6}
          maxLength={1000}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          data-autofocus
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color={TONE.red} loading={busy} onClick={() => onReject(reason.trim() || undefined)}>
            Reject
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
