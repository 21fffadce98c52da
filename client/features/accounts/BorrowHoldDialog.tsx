import { Text, Textarea } from '@mantine/core';
import { borrowHoldForm } from '../../../core/accounts/forms';
import { BORROW_HOLD_REASON_MAX } from '../../../core/accounts/rules';
import { FormDialog, shownByOpener } from '../../ui/form/FormDialog';
import { useSchemaForm } from '../../ui/form/useSchemaForm';

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
  /** The card's failure to place it. */
  error: string | null;
  onPlace: (reason: string) => unknown;
  onClose: () => void;
}) {
  const form = useSchemaForm(borrowHoldForm, { reason: '' });
  return (
    <FormDialog
      form={form}
      title="Place borrowing hold"
      onClose={onClose}
      onSubmit={async ({ reason }) => onPlace(reason.trim())}
      submitLabel="Place hold"
      busy={busy}
      failure={shownByOpener}
      error={error ? { title: 'Could not place the hold', message: error } : null}
      intro={
        <Text size="sm">
          {name} will not be able to make new borrow requests until the hold is lifted. Items already approved are not affected.
        </Text>
      }
    >
      <Textarea
        label="Reason"
        description="Shown to the person, with how to clear it, and kept in the activity log."
        autosize
        minRows={2}
        maxLength={BORROW_HOLD_REASON_MAX}
        required
        {...form.getInputProps('reason')}
        data-autofocus
      />
    </FormDialog>
  );
}
