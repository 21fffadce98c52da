import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { kindFromMime, MAX_UPLOAD_BYTES, PROOF_IMAGE_KINDS } from '../../../core/files';
import { ASSISTANT_MSG, MSG } from '../../../core/messages';
import { REPAIR_STATUS_LABELS } from '../../../core/repairs/rules';
import type { RepairReportDto } from '../../../core/repairs/schemas';
import { ApiError } from '../../lib/api';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { assistantApi } from '../assistant/api';
import { FileDrop } from '../../ui/FileDrop';
import { TONE } from '../../ui/tones';
import { Fact } from './RepairParts';

const ACCEPT = ['image/jpeg', 'image/png', 'image/gif'];

/**
 * The mark-status dialog (spec 002 s2): building, room, current and next status and the issue; a proof of work
 * image for each advance; a work description to complete, which Generate Professional Report rewrites through
 * the server (issue 10).
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
  error: string | null;
  onClose: () => void;
  onConfirm: (file: File, workDescription?: string) => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [description, setDescription] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const completing = next === 'completed';
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

  const choose = (f: File) => {
    const kind = kindFromMime(f.type);
    const wrong = !kind || !PROOF_IMAGE_KINDS.includes(kind) ? MSG.proofInvalidType : f.size > MAX_UPLOAD_BYTES ? MSG.proofTooLarge : null;
    setProblem(wrong);
    setFile(wrong ? null : f);
  };
  const confirm = () => {
    if (completing && !description.trim()) return setProblem(MSG.workDescriptionRequired);
    if (!file) return setProblem(MSG.proofOfWorkRequired);
    setProblem(null);
    onConfirm(file, completing ? description.trim() : undefined);
  };

  return (
    <Modal opened onClose={onClose} title={`Mark as ${REPAIR_STATUS_LABELS[next]}: ${r.code}`} size="lg" centered>
      <Stack gap="sm">
        <Group gap="lg" wrap="wrap" style={{ rowGap: 4 }}>
          <Fact label="Building">{r.building}</Fact>
          <Fact label="Room">{r.room}</Fact>
          <Fact label="Current status">{REPAIR_STATUS_LABELS[r.status]}</Fact>
          <Fact label="Next status">{REPAIR_STATUS_LABELS[next]}</Fact>
        </Group>
        <Fact label="Issue">{r.issueDescription}</Fact>
        <ErrorAlert title="Error" message={problem ?? error} />
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
          <Text size="sm" c={TONE.green}>
            ✓ File uploaded
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={confirm} disabled={busy || !file || (completing && !description.trim())}>
            {busy ? 'Processing...' : `Mark as ${REPAIR_STATUS_LABELS[next]}`}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
