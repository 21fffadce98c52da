import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { MSG } from '../../../core/messages';
import type { BorrowRequestDto } from '../../../core/borrowing/schemas';
import { useDraft } from '../../lib/drafts';
import { DraftNote } from '../../ui/DraftNote';
import { TONE } from '../../ui/tones';
import { useCloseGuard } from '../../ui/useCloseGuard';

/**
 * Confirms rejecting a pending request. Either office portal may give a reason (docs/decisions/borrow-lifecycle.md); without
 * one the reason names the role that rejected ("Request rejected by admin" / "by GSO personnel"). The
 * borrower is told it. A typed reason is kept as a draft until the request is rejected (lib/drafts.ts).
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
  /** Rejects; answers whether the request is done with: rejected, or no longer pending (its draft has no use then). */
  onReject: (reason: string | undefined) => Promise<boolean>;
  onClose: () => void;
}) {
  const draft = useDraft(`request:${request.id}:reject`, '');
  const reason = draft.value;
  const guard = useCloseGuard({
    dirty: draft.value.trim() !== '',
    what: 'the reason',
    where: `Reject on ${request.code}`,
    onClose,
    onDiscard: draft.clear,
  });
  const reject = async () => {
    if (await onReject(reason.trim() || undefined)) draft.clear();
  };
  return (
    <Modal opened {...guard.modalProps} title={`Reject ${request.code}`} centered>
      <Stack gap="sm">
        <Text size="sm">Are you sure you want to reject this request from {request.requesterName}?</Text>
        <DraftNote savedAt={draft.restoredAt} onDiscard={draft.clear} />
        <Textarea
          label="Reason (optional)"
          description="The borrower sees this reason."
          placeholder={MSG.defaultRejectReason(by)}
          autosize
          minRows={2}
          maxRows={6}
          maxLength={1000}
          value={reason}
          onChange={(e) => draft.setValue(e.currentTarget.value)}
          data-autofocus
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={guard.close}>
            Cancel
          </Button>
          <Button color={TONE.red} loading={busy} onClick={() => void reject()}>
            Reject
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
