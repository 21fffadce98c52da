import { Loader, Modal } from '@mantine/core';
import type { ConditionEntry } from '../../../core/borrowing/conditionSchemas';
import type { BorrowRecordDto } from '../../../core/borrowing/schemas';
import { MSG } from '../../../core/messages';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { useRequestFindings } from './api';
import { VerifyDialog } from './VerifyDialog';

/**
 * Mark Returned on a borrow record (docs/decisions/partial-returns.md): what has not been checked in yet (still out,
 * or handed back and awaiting verification), each thing Good unless changed, as the verification dialog asks.
 */
export function MarkReturnedDialog({
  record,
  busy,
  error,
  onMark,
  onClose,
}: {
  record: BorrowRecordDto;
  busy: boolean;
  error: string | null;
  onMark: (found: { entries: ConditionEntry[]; photos: Map<number, File> } | null) => void;
  onClose: () => void;
}) {
  const title = `Mark ${record.code} returned`;
  const one = useRequestFindings(record.id);
  const request = one.data?.request;
  if (!request)
    return (
      <Modal opened onClose={onClose} title={title} centered>
        {one.isError ? (
          <ErrorAlert title="Error" message={(one.error as Error).message} />
        ) : (
          <Loader size="sm" role="status" aria-label="Loading the loan" />
        )}
      </Modal>
    );
  return (
    <VerifyDialog
      request={request}
      markReturned={{ title, intro: MSG.markReturnedConfirm }}
      busy={busy}
      error={error}
      onVerify={onMark}
      onClose={onClose}
    />
  );
}
