import { useState } from 'react';
import { Alert, Button, Checkbox, FileInput, Group, Modal, Stack, Text } from '@mantine/core';
import type { BorrowRequestDto } from '../../../core/borrowing/schemas';
import { prepareUpload } from '../../lib/uploads';
import { pickAll, pickedCount, ReturnPicker, selectionOf, type Pick } from './ReturnPicker';

const ACCEPT = 'image/jpeg,image/png,image/gif';

/**
 * Record Return (docs/decisions/partial-returns.md): the office receives things at its counter for the borrower,
 * all that is out unless unticked; a photo is optional (the office holds the things), and "verified now" checks
 * them in as good at once. Anything not good is verified afterwards with its findings (Verify Return, Mark Completed).
 */
export function CounterReturnDialog({
  request,
  busy,
  error,
  onRecord,
  onClose,
}: {
  request: BorrowRequestDto;
  busy: boolean;
  error: string | null;
  onRecord: (input: { selection: ReturnType<typeof selectionOf>; file: File | null; verify: boolean }) => void;
  onClose: () => void;
}) {
  const [pick, setPick] = useState<Pick>(() => pickAll(request));
  const [file, setFile] = useState<File | null>(null);
  const [verify, setVerify] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const record = async () => {
    if (pickedCount(pick) === 0) return setProblem('Choose what came back.');
    setProblem(null);
    onRecord({ selection: selectionOf(request, pick), file: file ? await prepareUpload(file) : null, verify });
  };

  return (
    <Modal opened onClose={onClose} title={`Record Return: ${request.code}`} size="lg" centered>
      <Stack gap="sm">
        <Text size="sm">What did {request.requesterName} bring to the counter? What is not ticked stays out on loan.</Text>
        <ReturnPicker request={request} pick={pick} onChange={setPick} question="What came back?" />
        <FileInput
          label="Photo (optional)"
          description="JPEG, PNG or GIF, up to 5 MB"
          accept={ACCEPT}
          value={file}
          onChange={setFile}
          clearable
        />
        <Checkbox
          label="Checked: everything came back good (verify now)"
          checked={verify}
          onChange={(e) => setVerify(e.currentTarget.checked)}
        />
        {(problem || error) && (
          <Alert color="red" role="alert">
            {problem ?? error}
          </Alert>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button loading={busy} onClick={() => void record()}>
            Record Return
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
