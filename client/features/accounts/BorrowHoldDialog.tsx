import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { BORROW_HOLD_REASON_MAX } from '../../../core/accounts/rules';
import { MSG } from '../../../core/messages';
import { TONE } from '../../ui/tones';

/**
 * Place Borrowing Hold (docs/decisions/borrow-holds.md): the reason is required and is shown to the person, who
 * cannot make new borrow requests until an administrator lifts it.
 */
export function BorrowHoldDialog({
  name,
  busy,
  error,
  onPlace,
  onClose,
}: {
  name: string;
  busy: boolean;
  error: string | null;
  onPlace: (reason: string) => void;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const place = () => {
    setTried(true);
    if (reason.trim()) onPlace(reason.trim());
  };
  return (
    <Modal opened onClose={onClose} title="Place borrowing hold" centered>
      {/* Mantine's error red is under 4.5:1 on white: the marked field uses the readable one. */}
      <Stack gap="sm" style={{ '--mantine-color-error': TONE.red } as React.CSSProperties}>
        <Text size="sm">
          {name} will not be able to make new borrow requests until the hold is lifted. Items already approved are not affected.
        </Text>
        <Textarea
          label="Reason"
          description="Shown to the person, with how to clear it, and kept in the activity log."
          autosize
          minRows={2}
          maxLength={BORROW_HOLD_REASON_MAX}
          required
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          error={tried && !reason.trim() ? MSG.borrowHoldReasonRequired : undefined}
          data-autofocus
        />
        {error && (
          <Alert color="red" title="Could not place the hold">
            {error}
          </Alert>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button loading={busy} onClick={place}>
            Place hold
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
