import { useState } from 'react';
import { Button, Group, Text, Textarea } from '@mantine/core';
import { kindFromMime, MAX_UPLOAD_BYTES, PROOF_IMAGE_KINDS } from '../../../core/files';
import { ASSISTANT_MSG, DRAFT_MSG, MSG } from '../../../core/messages';
import { completionForm, REPAIR_STATUS_LABELS, type CompletionValues } from '../../../core/repairs/rules';
import type { RepairReportDto } from '../../../core/repairs/schemas';
import { ApiError, type Failure } from '../../lib/api';
import { isFileRefusal } from '../../lib/uploads';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { FormDialog } from '../../ui/form/FormDialog';
import { FIRST_FAILURE, useSchemaForm } from '../../ui/form/useSchemaForm';
import { assistantApi } from '../assistant/api';
import { FileDrop } from '../../ui/FileDrop';
import { TONE } from '../../ui/tones';
import { Fact } from '../../ui/Fact';
import { PesoInput } from './RepairParts';

const ACCEPT = ['image/jpeg', 'image/png', 'image/gif'];
/** Thrown when sent without a photo (the button waits for one, so only a keyboard's Enter gets here). */
const NO_PHOTO = new Error('no photo');

/**
 * The mark-status dialog (docs/product.md): building, room, current and next status and the issue; a proof of work
 * image for each advance; a work description to complete, which Generate Professional Report rewrites through
 * the server.
 * What is typed and chosen is kept as a draft of this report and step until it is sent (lib/drafts.ts); closing
 * with a draft asks first.
 */
export function MarkStatusDialog({
  report: r,
  next,
  busy,
  error,
  onClose,
  onConfirm,
}: {
  report: RepairReportDto;
  next: 'in-progress' | 'completed';
  busy: boolean;
  error: Failure | null;
  onClose: () => void;
  /** Sends the step (completing: with the work description and the actual cost, null when none); rejects when the server refuses it. */
  onConfirm: (file: File, completion?: CompletionValues) => Promise<unknown>;
}) {
  const completing = next === 'completed';
  // Completing: the completion rule the office's Edit checks too (completionForm); then the photo.
  const form = useSchemaForm(
    completing ? completionForm : null,
    { description: '', cost: (r.actualCost ?? '') as number | string },
    {
      show: 'first',
      draftKey: `repair:${r.id}:${next}`,
      toBody: ({ description, cost }): CompletionValues => ({
        workDescription: description.trim(),
        actualCost: cost === '' ? null : Number(cost),
      }),
    },
  );
  const { file, setFile } = form.draft!;
  const { description } = form.values;
  const label = `Mark as ${REPAIR_STATUS_LABELS[next]}`;
  const typed = completing && description.trim() !== '';
  const [improving, setImproving] = useState(false);
  const [aiNote, setAiNote] = useState<string | null>(null);
  const [aiError, setAiError] = useState<string | null>(null);

  const improve = async () => {
    const text = description.trim();
    if (!text || improving) return;
    setImproving(true);
    setAiError(null);
    setAiNote(null);
    try {
      const out = await assistantApi.workReport({ text, repairId: r.id });
      form.setFieldValue('description', out.text);
      setAiNote(out.note);
    } catch (err) {
      setAiError(err instanceof ApiError && !err.isNetwork && err.status !== 500 ? err.message : ASSISTANT_MSG.improveFailed);
    } finally {
      setImproving(false);
    }
  };

  // The server's refusal is about the photo that was sent: another photo chosen, it no longer stands beside it.
  const [replaced, setReplaced] = useState<typeof error>(null);
  const serverError = error && error !== replaced ? error : null;
  const choose = (f: File) => {
    setReplaced(error ?? null);
    const kind = kindFromMime(f.type);
    const wrong = !kind || !PROOF_IMAGE_KINDS.includes(kind) ? MSG.proofInvalidType : f.size > MAX_UPLOAD_BYTES ? MSG.proofTooLarge : null;
    form.setErrors(wrong ? { [FIRST_FAILURE]: wrong } : {});
    setFile(wrong ? null : f);
  };
  const confirm = async (completion: CompletionValues) => {
    if (!file) throw NO_PHOTO;
    try {
      await onConfirm(file, completing ? completion : undefined);
    } catch (err) {
      // A refused photo is not ready to send any more; anything else (an expired session) keeps the draft.
      if (isFileRefusal(err)) setFile(null);
      throw err;
    }
  };

  return (
    <FormDialog
      form={form}
      title={`${label}: ${r.code}`}
      size="lg"
      onClose={onClose}
      onSubmit={confirm}
      submitLabel={busy ? 'Processing...' : label}
      submitDisabled={busy || !file || (completing && !description.trim())}
      alertTitle="Error"
      failure={(err) => (err === NO_PHOTO ? MSG.proofOfWorkRequired : null)}
      error={serverError}
      closeGuard={{
        what: typed && file ? 'the work description and photo' : typed ? 'the work description' : 'the photo',
        where: `${label} on ${r.code}`,
      }}
      intro={
        <>
          <Group gap="lg" wrap="wrap" style={{ rowGap: 4 }}>
            <Fact label="Building">{r.building}</Fact>
            <Fact label="Room">{r.room}</Fact>
            <Fact label="Current status">{REPAIR_STATUS_LABELS[r.status]}</Fact>
            <Fact label="Next status">{REPAIR_STATUS_LABELS[next]}</Fact>
          </Group>
          <Fact label="Issue">{r.issueDescription}</Fact>
        </>
      }
    >
      {completing && (
        <Textarea
          label="Work Description"
          description="Describe the work done (Tagalog or English)."
          required
          rows={4}
          {...form.getInputProps('description')}
        />
      )}
      {completing && (
        <Group gap="sm">
          <Button variant="light" onClick={() => void improve()} disabled={improving || !description.trim()}>
            {improving ? ASSISTANT_MSG.improving : ASSISTANT_MSG.generateReport}
          </Button>
        </Group>
      )}
      {completing && (
        <PesoInput
          label="Actual Cost (₱)"
          description="Optional: leave blank when there was no cost to record."
          {...form.getInputProps('cost')}
        />
      )}
      {completing && aiNote && (
        <Text size="sm" c="dark.6" role="status">
          {aiNote}
        </Text>
      )}
      {completing && <ErrorAlert title={ASSISTANT_MSG.paraphraseFailedTitle} message={aiError} />}
      <FileDrop id="work-proof" label="Proof of Work Image *" hint="PNG, JPG, GIF up to 5MB" accept={ACCEPT} file={file} onFile={choose} />
      {file && (
        <Text size="sm" c={busy ? undefined : TONE.green} role="status">
          {busy ? DRAFT_MSG.sending : DRAFT_MSG.readyToSend}
        </Text>
      )}
    </FormDialog>
  );
}
