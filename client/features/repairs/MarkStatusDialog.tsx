import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { kindFromMime, MAX_UPLOAD_BYTES, PROOF_IMAGE_KINDS } from '../../../core/files';
import { ASSISTANT_MSG, DRAFT_MSG, MSG } from '../../../core/messages';
import { firstError } from '../../../core/common/forms';
import { completionForm, REPAIR_STATUS_LABELS } from '../../../core/repairs/rules';
import type { RepairReportDto } from '../../../core/repairs/schemas';
import { ApiError, type Failure } from '../../lib/api';
import { useDraft } from '../../lib/drafts';
import { isFileRefusal } from '../../lib/uploads';
import { DraftNote } from '../../ui/DraftNote';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { assistantApi } from '../assistant/api';
import { FileDrop } from '../../ui/FileDrop';
import { TONE } from '../../ui/tones';
import { useCloseGuard } from '../../ui/useCloseGuard';
import { Fact } from '../../ui/Fact';
import { PesoInput } from './RepairParts';

const ACCEPT = ['image/jpeg', 'image/png', 'image/gif'];

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
  onConfirm: (file: File, completion?: { workDescription: string; actualCost: number | null }) => Promise<unknown>;
}) {
  const draft = useDraft(`repair:${r.id}:${next}`, { description: '', cost: (r.actualCost ?? '') as number | string });
  const { file, setFile } = draft;
  const { description, cost } = draft.value;
  const setDescription = (text: string) => draft.setValue((d) => ({ ...d, description: text }));
  const [problem, setProblem] = useState<string | null>(null);
  const completing = next === 'completed';
  const label = `Mark as ${REPAIR_STATUS_LABELS[next]}`;
  const typed = completing && description.trim() !== '';
  const guard = useCloseGuard({
    dirty: draft.dirty,
    what: typed && file ? 'the work description and photo' : typed ? 'the work description' : 'the photo',
    where: `${label} on ${r.code}`,
    onClose,
    onDiscard: draft.clear,
  });
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
      setDescription(out.text);
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
    setProblem(wrong);
    setFile(wrong ? null : f);
  };
  const confirm = async () => {
    // The completion rule the office's Edit checks too (completionForm), then the photo.
    const completion = { workDescription: description.trim(), actualCost: cost === '' ? null : Number(cost) };
    const wrong = completing ? firstError(completionForm, completion) : null;
    if (wrong) return setProblem(wrong);
    if (!file) return setProblem(MSG.proofOfWorkRequired);
    setProblem(null);
    try {
      await onConfirm(file, completing ? completion : undefined);
      draft.clear();
    } catch (err) {
      // A refused photo is not ready to send any more; anything else (an expired session) keeps the draft.
      if (isFileRefusal(err)) setFile(null);
    }
  };

  return (
    <Modal opened {...guard.modalProps} title={`${label}: ${r.code}`} size="lg" centered>
      <Stack gap="sm">
        <Group gap="lg" wrap="wrap" style={{ rowGap: 4 }}>
          <Fact label="Building">{r.building}</Fact>
          <Fact label="Room">{r.room}</Fact>
          <Fact label="Current status">{REPAIR_STATUS_LABELS[r.status]}</Fact>
          <Fact label="Next status">{REPAIR_STATUS_LABELS[next]}</Fact>
        </Group>
        <Fact label="Issue">{r.issueDescription}</Fact>
        <DraftNote savedAt={draft.restoredAt} onDiscard={draft.clear} />
        <ErrorAlert title={problem ? 'Error' : serverError?.title} message={problem ?? serverError?.message} />
        {completing && (
          <Textarea
            label="Work Description"
            description="Describe the work done (Tagalog or English)."
            required
            rows={4}
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
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
            value={cost}
            onChange={(v) => draft.setValue((d) => ({ ...d, cost: v }))}
          />
        )}
        {completing && aiNote && (
          <Text size="sm" c="dark.6" role="status">
            {aiNote}
          </Text>
        )}
        {completing && <ErrorAlert title={ASSISTANT_MSG.paraphraseFailedTitle} message={aiError} />}
        <FileDrop
          id="work-proof"
          label="Proof of Work Image *"
          hint="PNG, JPG, GIF up to 5MB"
          accept={ACCEPT}
          file={file}
          onFile={choose}
        />
        {file && (
          <Text size="sm" c={busy ? undefined : TONE.green} role="status">
            {busy ? DRAFT_MSG.sending : DRAFT_MSG.readyToSend}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={guard.close}>
            Cancel
          </Button>
          <Button onClick={() => void confirm()} disabled={busy || !file || (completing && !description.trim())}>
            {busy ? 'Processing...' : label}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
