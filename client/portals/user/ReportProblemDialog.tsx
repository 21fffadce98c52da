import { useState } from 'react';
import { Group, NativeSelect, NumberInput, Progress, Radio, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  photoRequiredFor,
  PROBLEM_DESCRIPTION_MAX,
  PROBLEM_KIND_LABELS,
  PROBLEM_KINDS,
  problemForm,
  type ProblemKind,
} from '../../../core/borrowing/problems';
import type { BorrowRequestDto } from '../../../core/borrowing/schemas';
import { DRAFT_MSG, MSG } from '../../../core/messages';
import { kindFromMime, MAX_UPLOAD_BYTES, PROOF_IMAGE_KINDS } from '../../../core/files';
import { useReportProblem } from '../../features/borrowing/api';
import { ApiError } from '../../lib/api';
import { isFileRefusal } from '../../lib/uploads';
import { FileDrop } from '../../ui/FileDrop';
import { failureText, FormDialog } from '../../ui/form/FormDialog';
import { FIRST_FAILURE, FIRST_FIELD, useSchemaForm } from '../../ui/form/useSchemaForm';
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

type Report = { tag?: string; lineId?: number; quantity?: number; kind: ProblemKind; description: string; photo: File | null };

/**
 * Report a Problem (docs/decisions/loan-problems.md): during a loan, the borrower says that something they hold is
 * broken or missing, with a description and, when broken, a photo. The office is told at once; when the things come
 * back, the problem pre-fills the verification. The report's rule (problemForm) is the server's too.
 */
export function ReportProblemDialog({ request, onClose }: { request: BorrowRequestDto; onClose: () => void }) {
  const choices = choicesOf(request);
  const [progress, setProgress] = useState<number | null>(null);
  const send = useReportProblem();
  const form = useSchemaForm(
    (body: Report) => problemForm(choices.find((c) => body.lineId !== undefined && c.value === `line:${body.lineId}`)),
    {
      what: choices[0]?.value ?? '',
      kind: 'broken' as ProblemKind,
      quantity: 1 as number | string,
      description: '',
      photo: null as File | null,
    },
    {
      show: 'first',
      toBody: ({ what, quantity, description, ...rest }): Report => ({
        ...(what.startsWith('line:')
          ? { lineId: Number(what.slice(5)), quantity: Number(quantity) || 0 }
          : what
            ? { tag: what.slice(4) }
            : {}),
        ...rest,
        description: description.trim(),
      }),
    },
  );
  const { what, kind, photo } = form.getValues();
  const counted = what.startsWith('line:');

  const choose = (f: File) => {
    const k = kindFromMime(f.type);
    const problem = !k || !PROOF_IMAGE_KINDS.includes(k) ? MSG.proofInvalidType : f.size > MAX_UPLOAD_BYTES ? MSG.proofTooLarge : null;
    form.setErrors(problem ? { [FIRST_FAILURE]: problem } : {});
    form.setFieldValue('photo', problem ? null : f);
  };

  const submit = async ({ photo, lineId, quantity, tag, ...fields }: Report) => {
    const where: Record<string, string> = lineId !== undefined ? { lineId: String(lineId), quantity: String(quantity) } : { tag: tag! };
    setProgress(0);
    try {
      const res = await send.mutateAsync({ id: request.id, fields: { ...fields, ...where }, photo, onProgress: setProgress });
      notifications.show({ color: 'green', title: 'Problem reported', message: res.message });
      onClose();
    } catch (err) {
      setProgress(null);
      if (!(err instanceof ApiError)) throw err;
      if (isFileRefusal(err)) form.setFieldValue('photo', null);
      throw err;
    }
  };

  return (
    <FormDialog
      form={form}
      title={`Report a problem: ${request.code}`}
      onClose={onClose}
      onSubmit={submit}
      submitLabel="Report Problem"
      submitColor={TONE.red}
      busy={progress !== null}
      alertTitle="Error"
      failure={(err) =>
        err instanceof ApiError && err.isNetwork ? 'Network error: the problem was not reported. Try again.' : failureText(err)
      }
      intro={
        <Text size="sm">
          Something you borrowed broke or went missing? Tell the office now. Keep what you still have and return it as usual.
        </Text>
      }
    >
      <NativeSelect
        label="Item or unit"
        data={choices.map(({ value, label }) => ({ value, label }))}
        required
        {...form.getInputProps('what')}
      />
      <Radio.Group label="What happened" required {...form.getInputProps('kind')}>
        <Group gap="lg" mt={4}>
          {PROBLEM_KINDS.map((k) => (
            <Radio key={k} value={k} label={PROBLEM_KIND_LABELS[k]} />
          ))}
        </Group>
      </Radio.Group>
      {counted && (
        <NumberInput
          label="How many"
          min={1}
          max={choices.find((c) => c.value === what)?.max}
          allowDecimal={false}
          required
          {...form.getInputProps('quantity')}
        />
      )}
      <Textarea
        label="Description"
        placeholder="What happened, and when"
        maxLength={PROBLEM_DESCRIPTION_MAX}
        autosize
        minRows={2}
        required
        {...form.getInputProps('description')}
        error={form.errors[FIRST_FIELD] === 'description' ? form.errors[FIRST_FAILURE] : undefined}
      />
      <FileDrop
        id="problem-photo"
        label={photoRequiredFor(kind) ? 'Photo (required; JPEG, PNG or GIF, up to 5 MB)' : 'Photo (optional; JPEG, PNG or GIF, up to 5 MB)'}
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
    </FormDialog>
  );
}
