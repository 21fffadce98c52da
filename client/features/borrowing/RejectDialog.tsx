import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { MSG } from '../../../core/messages';
import type { BorrowRequestDto } from '../../../core/borrowing/schemas';
import { TONE } from '../../ui/tones';

/**
 * Confirms rejecting a pending request. The admin side may give a reason (DECISIONS 11: "Request
 * rejected by admin" when none is given); the borrower is told it.
 */
export function RejectDialog({
  request,
  withReason,
  busy,
  onReject,
  onClose,
}: {
  request: BorrowRequestDto;
  withReason: boolean;
  busy: boolean;
  onReject: (reason: string | undefined) => void;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  return (
    <Modal opened onClose={onClose} title={`Reject ${request.code}`} centered>
      <Stack gap="sm">
        <Text size="sm">Are you sure you want to reject this request from {request.requesterName}?</Text>
        {withReason && (
          <Textarea
            label="Reason (optional)"
            description="The borrower sees this reason."
            placeholder={MSG.defaultRejectReason}
            autosize
            minRows={2}
            maxRows={6}
            maxLength={1000}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            data-autofocus
          />
        )}
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
