import { useState } from 'react';
import { Button, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { BorrowRequestDto } from '../../../core/borrowing/schemas';
import { DRAFT_MSG, MSG } from '../../../core/messages';
import { kindFromMime, MAX_UPLOAD_BYTES, PROOF_IMAGE_KINDS } from '../../../core/files';
import { useReturnWithProof } from '../../features/borrowing/api';
import { pickAll, pickedCount, ReturnPicker, selectionOf, type Pick } from '../../features/borrowing/ReturnPicker';
import { ApiError } from '../../lib/api';
import { useDraft } from '../../lib/drafts';
import { isFileRefusal } from '../../lib/uploads';
import { DraftNote } from '../../ui/DraftNote';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { FileDrop } from '../../ui/FileDrop';
import { TONE } from '../../ui/tones';
import { useCloseGuard } from '../../ui/useCloseGuard';

const ACCEPT = ['image/jpeg', 'image/png', 'image/gif'];

/**
 * Return Item: what comes back (everything still out unless unticked: docs/decisions/partial-returns.md) and a photo of it, JPEG, PNG or GIF up to 5 MB. The chosen photo is kept as a
 * draft until the return is sent (lib/drafts.ts).
 */
export function ReturnDialog({ request, onClose }: { request: BorrowRequestDto; onClose: () => void }) {
  const draft = useDraft(`request:${request.id}:return`, null);
  const { file, setFile } = draft;
  const guard = useCloseGuard({
    dirty: draft.dirty,
    what: 'the photo',
    where: `Return on ${request.code}`,
    onClose,
    onDiscard: draft.clear,
  });
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const send = useReturnWithProof();
  const [pick, setPick] = useState<Pick>(() => pickAll(request));

  // A refused file also drops the earlier choice: what would be sent is never a file the person replaced.
  const choose = (f: File) => {
    const kind = kindFromMime(f.type);
    const problem =
      !kind || !PROOF_IMAGE_KINDS.includes(kind) ? MSG.proofInvalidType : f.size > MAX_UPLOAD_BYTES ? MSG.proofTooLarge : null;
    setError(problem);
    setFile(problem ? null : f);
  };

  const submit = async () => {
    if (!file) return setError(MSG.proofRequired);
    if (pickedCount(pick) === 0) return setError('Choose what you are returning.');
    setProgress(0);
    try {
      const res = await send.mutateAsync({ id: request.id, file, selection: selectionOf(request, pick), onProgress: setProgress });
      notifications.show({ color: 'green', title: 'Return submitted', message: res.message });
      draft.clear();
      onClose();
    } catch (err) {
      setProgress(null);
      if (!(err instanceof ApiError)) throw err;
      // A refused photo is not ready to send any more; anything else (an expired session) keeps the draft.
      if (isFileRefusal(err)) setFile(null);
      setError(err.isNetwork ? `Network error: ${MSG.failedToReturn}` : err.message || MSG.failedToReturn);
    }
  };

  return (
    <Modal opened {...guard.modalProps} title={`Return Item: ${request.code}`} centered>
      <Stack gap="sm">
        <Text size="sm">
          Choose what you are returning and upload a photo showing it. The office will check it and confirm the return; anything you keep
          stays out on loan.
        </Text>
        <ReturnPicker request={request} pick={pick} onChange={setPick} />
        <DraftNote savedAt={draft.restoredAt} onDiscard={draft.clear} />
        <ErrorAlert title="Error" message={error} />
        <FileDrop
          id="proof-file"
          label="Proof of return (JPEG, PNG or GIF, up to 5 MB)"
          hint="Drag the photo here or click to choose"
          accept={ACCEPT}
          file={file}
          onFile={choose}
        />
        {file && (
          <Text size="sm" c={progress === null ? TONE.green : undefined} role="status">
            {progress === null ? DRAFT_MSG.readyToSend : DRAFT_MSG.sending}
          </Text>
        )}
        {progress !== null && <Progress value={progress * 100} aria-label="Upload progress" animated />}
        <Group justify="flex-end">
          <Button variant="default" onClick={guard.close}>
            Cancel
          </Button>
          <Button onClick={submit} disabled={!file} loading={progress !== null}>
            Submit Return
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
