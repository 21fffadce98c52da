import { Text, Textarea } from '@mantine/core';
import { MSG } from '../../../core/messages';
import type { BorrowRequestDto } from '../../../core/borrowing/schemas';
import { FormDialog, shownByOpener } from '../../ui/form/FormDialog';
import { useSchemaForm } from '../../ui/form/useSchemaForm';
import { TONE } from '../../ui/tones';

/** Rejecting did not end the request's need for the reason (the board says why); its draft stays. */
const NOT_DONE = new Error('not rejected');

/**
 * Confirms rejecting a pending request. Either office portal may give a reason (docs/decisions/borrow-lifecycle.md); without
 * one the reason names the role that rejected ("Request rejected by admin" / "by GSO personnel"). The
 * borrower is told it. A typed reason is kept as a draft until the request is rejected (lib/drafts.ts). The
 * reason is optional and bounded by its box; the server checks it (no rule of the form's own).
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
  const form = useSchemaForm(null, { reason: '' }, { draftKey: `request:${request.id}:reject` });
  const reject = async ({ reason }: { reason: string }) => {
    if (!(await onReject(reason.trim() || undefined))) throw NOT_DONE;
  };
  return (
    <FormDialog
      form={form}
      title={`Reject ${request.code}`}
      onClose={onClose}
      onSubmit={reject}
      submitLabel="Reject"
      submitColor={TONE.red}
      busy={busy}
      failure={shownByOpener}
      closeGuard={{ what: 'the reason', where: `Reject on ${request.code}` }}
      intro={<Text size="sm">Are you sure you want to reject this request from {request.requesterName}?</Text>}
    >
      <Textarea
        label="Reason (optional)"
        description="The borrower sees this reason."
        placeholder={MSG.defaultRejectReason(by)}
        autosize
        minRows={2}
        maxRows={6}
        maxLength={1000}
        {...form.getInputProps('reason')}
        data-autofocus
      />
    </FormDialog>
  );
}
