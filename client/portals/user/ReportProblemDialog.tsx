import { useState } from 'react';
import { Button, Group, Modal, NativeSelect, NumberInput, Progress, Radio, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  photoRequiredFor,
  PROBLEM_DESCRIPTION_MAX,
  PROBLEM_KIND_LABELS,
  PROBLEM_KINDS,
  PROBLEM_MSG,
  type ProblemKind,
} from '../../../core/borrowing/problems';
import type { BorrowRequestDto } from '../../../core/borrowing/schemas';
import { DRAFT_MSG, MSG } from '../../../core/messages';
import { kindFromMime, MAX_UPLOAD_BYTES, PROOF_IMAGE_KINDS } from '../../../core/files';
import { useReportProblem } from '../../features/borrowing/api';
import { ApiError } from '../../lib/api';
import { isFileRefusal } from '../../lib/uploads';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { FileDrop } from '../../ui/FileDrop';
import { TONE } from '../../ui/tones';

const ACCEPT = ['image/jpeg', 'image/png', 'image/gif'];

/** What can be reported: each unit lent on a tracked line, each counted line with its quantity. */
const choicesOf = (request: BorrowRequestDto) =>
  request.items
    .filter((l) => l.quantityApproved > 0)
    .flatMap((l) =>
      l.units.length
        ? l.units.map((tag) => ({ value: `tag:${tag}`, label: `${l.name} ${tag}`, max: 1 }))
        : [{ value: `line:${l.id}`, label: `${l.name} (${l.quantityApproved} lent)`, max: l.quantityApproved }],
    );

/**
 * Report a Problem (docs/decisions/loan-problems.md): during a loan, the borrower says that something they hold is
 * broken or missing, with a description and, when broken, a photo. The office is told at once; when the things come
 * back, the problem pre-fills the verification.
 */
export function ReportProblemDialog({ request, onClose }: { request: BorrowRequestDto; onClose: () => void }) {
  const choices = choicesOf(request);
  const [what, setWhat] = useState(choices[0]?.value ?? '');
  const [kind, setKind] = useState<ProblemKind>('broken');
  const [quantity, setQuantity] = useState<number>(1);
  const [description, setDescription] = useState('');
  const [photo, setPhoto] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [tried, setTried] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const send = useReportProblem();
  const choice = choices.find((c) => c.value === what);
  const counted = what.startsWith('line:');

  const choose = (f: File) => {
    const k = kindFromMime(f.type);
    const problem = !k || !PROOF_IMAGE_KINDS.includes(k) ? MSG.proofInvalidType : f.size > MAX_UPLOAD_BYTES ? MSG.proofTooLarge : null;
    setError(problem);
    setPhoto(problem ? null : f);
  };

  const firstProblem = () => {
    if (!choice) return PROBLEM_MSG.whatRequired;
    if (!description.trim()) return PROBLEM_MSG.descriptionRequired;
    if (counted && (!quantity || quantity < 1 || quantity > choice.max)) return PROBLEM_MSG.quantityRequired(choice.label);
    if (photoRequiredFor(kind) && !photo) return PROBLEM_MSG.photoRequired;
    return null;
  };

  const submit = async () => {
    setTried(true);
    const problem = firstProblem();
    if (problem) return setError(problem);
    const fields: Record<string, string> = { kind, description: description.trim() };
    if (counted) Object.assign(fields, { lineId: what.slice(5), quantity: String(quantity) });
    else fields.tag = what.slice(4);
    setError(null);
    setProgress(0);
    try {
      const res = await send.mutateAsync({ id: request.id, fields, photo, onProgress: setProgress });
      notifications.show({ color: 'green', title: 'Problem reported', message: res.message });
      onClose();
    } catch (err) {
      setProgress(null);
      if (!(err instanceof ApiError)) throw err;
      if (isFileRefusal(err)) setPhoto(null);
      setError(err.isNetwork ? 'Network error: the problem was not reported. Try again.' : err.message);
    }
  };

  return (
    <Modal opened onClose={onClose} title={`Report a problem: ${request.code}`} centered>
      <Stack gap="sm">
        <Text size="sm">
          Something you borrowed broke or went missing? Tell the office now. Keep what you still have and return it as usual.
        </Text>
        <ErrorAlert title="Error" message={error} />
        <NativeSelect
          label="Item or unit"
          data={choices.map(({ value, label }) => ({ value, label }))}
          value={what}
          onChange={(e) => setWhat(e.currentTarget.value)}
          required
        />
        <Radio.Group label="What happened" value={kind} onChange={(v) => setKind(v as ProblemKind)} required>
          <Group gap="lg" mt={4}>
            {PROBLEM_KINDS.map((k) => (
              <Radio key={k} value={k} label={PROBLEM_KIND_LABELS[k]} />
            ))}
          </Group>
        </Radio.Group>
        {counted && choice && (
          <NumberInput
            label="How many"
            min={1}
            max={choice.max}
            value={quantity}
            onChange={(v) => setQuantity(typeof v === 'number' ? v : 0)}
            allowDecimal={false}
            required
          />
        )}
        <Textarea
          label="Description"
          placeholder="What happened, and when"
          value={description}
          onChange={(e) => setDescription(e.currentTarget.value)}
          maxLength={PROBLEM_DESCRIPTION_MAX}
          autosize
          minRows={2}
          required
          error={tried && !description.trim() ? PROBLEM_MSG.descriptionRequired : undefined}
        />
        <FileDrop
          id="problem-photo"
          label={
            photoRequiredFor(kind) ? 'Photo (required; JPEG, PNG or GIF, up to 5 MB)' : 'Photo (optional; JPEG, PNG or GIF, up to 5 MB)'
          }
          hint="Drag the photo here or click to choose"
          accept={ACCEPT}
          file={photo}
          onFile={choose}
        />
        {progress !== null && (
          <>
            <Text size="sm" role="status">
              {DRAFT_MSG.sending}
            </Text>
            <Progress value={progress * 100} aria-label="Upload progress" animated />
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color={TONE.red} onClick={() => void submit()} loading={progress !== null}>
            Report Problem
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
