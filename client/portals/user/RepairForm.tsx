import { useState } from 'react';
import { Alert, Autocomplete, Button, Group, Menu, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import { LANGUAGE_LABELS, LANGUAGES, type Language } from '../../../core/assistant/rules';
import { tidyCode, tidyName } from '../../../core/locations/rules';
import { firstIssue } from '../../../core/common/forms';
import { DEFAULT_PRIORITY, PRIORITIES, PRIORITY_LABELS, repairReportForm, type Priority } from '../../../core/repairs/rules';
import type { RepairReportInput } from '../../../core/repairs/schemas';
import { ASSISTANT_MSG, DRAFT_MSG, MSG } from '../../../core/messages';
import { FILE_KIND_MIME, kindFromMime, MAX_UPLOAD_BYTES, PROOF_IMAGE_KINDS } from '../../../core/files';
import { WEEKDAYS } from '../../../core/time';
import { assistantApi } from '../../features/assistant/api';
import { useBuildings, useRoomsOf } from '../../features/locations/api';
import { AlreadyReported } from '../../features/repairs/AlreadyReported';
import { ApiError } from '../../lib/api';
import type { Draft } from '../../lib/drafts';
import { DraftNote } from '../../ui/DraftNote';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { FileDrop } from '../../ui/FileDrop';
import { TONE } from '../../ui/tones';

const PHOTO_TYPES = PROOF_IMAGE_KINDS.map((k) => FILE_KIND_MIME[k]);
/** What an empty preferred day means to the office: the reporter has no preference. */
const ANY_TIME = 'Any time';

/** The item a typed place names: by name in any case, trimmed, inner spaces made one, or by code (as the server matches). */
function named<T extends { name: string; code: string }>(items: T[], typed: string): T | undefined {
  const name = tidyName(typed).toLowerCase();
  if (!name) return undefined;
  return items.find((i) => i.name.toLowerCase() === name) ?? items.find((i) => i.code === tidyCode(typed));
}

/** Under the field: the words when a typed place is not on the list (docs/decisions/locations.md, Suggested rooms). */
const NEW_BUILDING = 'Not on the campus list: this building and room will be suggested to the office.';
const NEW_ROOM = 'Not on the list for this building: this room will be suggested to the office.';
const BELOW = ['label', 'input', 'description', 'error'] as ('label' | 'input' | 'description' | 'error')[];
/**
 * The list opens as one types, not on focus, and is not in the page while closed: the field is the one thing its
 * label names (the list is labelled by the field's label too).
 */
const SUGGESTING = { openOnFocus: false, limit: 50, comboboxProps: { keepMounted: false } } as const;

export const EMPTY_REPORT: RepairReportInput = {
  building: '',
  room: '',
  priority: DEFAULT_PRIORITY,
  day: '',
  timeStart: '',
  timeEnd: '',
  issueDescription: '',
};

const [NO_TEXT_TITLE, NO_TEXT_MESSAGE] = ASSISTANT_MSG.noTextToParaphrase.split(': ');

/**
 * The repair report form (docs/product.md, docs/decisions/form-checks.md): building, room, priority (medium preselected), preferred day,
 * start and end time (optional: any time), issue description, and a photo of the problem (optional); checked by the
 * same rules as the server, first failure shown.
 * AI Paraphrase rewrites the description in Tagalog or English, through the server.
 * The values are the caller's draft (lib/drafts.ts), cleared once the report is sent.
 */
export function RepairForm({
  draft,
  submitLabel,
  busy,
  serverError,
  onSubmit,
  onCancel,
  alreadyReported = false,
  withPhoto = false,
}: {
  /** Offers the optional photo of the problem, kept with the draft and sent with the report. */
  withPhoto?: boolean;
  draft: Draft<RepairReportInput>;
  /** A new report: once the building and room name a known room, its open reports show first, to follow. */
  alreadyReported?: boolean;
  submitLabel: string;
  busy: boolean;
  serverError: { title: string; message: string } | null;
  /** Sends the report (and the photo, when one was chosen); answers whether the server took it. */
  onSubmit: (values: RepairReportInput, photo: File | null) => Promise<boolean>;
  onCancel?: () => void;
}) {
  const { value: values, setValue: setValues } = draft;
  const [checked, setProblem] = useState<{ field: string | null; message: string } | null>(null);
  // A message leaves once its cause is fixed (a corrected end time, say): shown only while it is still the form's first failure.
  const problem = checked && firstIssue(repairReportForm, values)?.message === checked.message ? checked : null;
  const set = (k: keyof RepairReportInput) => (v: string | null) => setValues((cur) => ({ ...cur, [k]: v ?? '' }));
  // The field at fault is marked for assistive technology; the message shows in the alert above the form.
  const errorOf = (field: string) => problem?.field === field;
  const buildings = useBuildings().data?.items;
  const building = buildings ? named(buildings, values.building) : undefined;
  const rooms = useRoomsOf(building?.id ?? null).data?.items;
  const room = rooms ? named(rooms, values.room) : undefined;
  const newBuilding = !!buildings && !!tidyName(values.building) && !building;
  const newRoom = !!building && !!rooms && !!tidyName(values.room) && !room;
  const [paraphrasing, setParaphrasing] = useState(false);
  const [aiSaid, setAi] = useState<{ ok: boolean; title: string; message: string } | null>(null);
  // "No Text to Paraphrase" leaves once a description is typed.
  const ai = aiSaid?.title === NO_TEXT_TITLE && values.issueDescription.trim() ? null : aiSaid;

  const paraphrase = async (language: Language) => {
    const text = values.issueDescription.trim();
    if (!text) {
      return setAi({ ok: false, title: NO_TEXT_TITLE, message: NO_TEXT_MESSAGE });
    }
    setParaphrasing(true);
    setAi(null);
    try {
      const r = await assistantApi.paraphrase({ text, language, priority: values.priority });
      setValues((cur) => ({ ...cur, issueDescription: r.text }));
      setAi({ ok: true, title: `${ASSISTANT_MSG.paraphrase} (${LANGUAGE_LABELS[language]})`, message: r.note });
    } catch (err) {
      const message = err instanceof ApiError && !err.isNetwork && err.status !== 500 ? err.message : ASSISTANT_MSG.improveFailed;
      setAi({ ok: false, title: ASSISTANT_MSG.paraphraseFailedTitle, message });
    } finally {
      setParaphrasing(false);
    }
  };

  // A photo that is not an image is refused here (the server checks again); a good one replaces it and its message.
  const choosePhoto = (f: File) => {
    const kind = kindFromMime(f.type);
    const wrong = !kind || !PROOF_IMAGE_KINDS.includes(kind) ? MSG.proofInvalidType : f.size > MAX_UPLOAD_BYTES ? MSG.proofTooLarge : null;
    setProblem(wrong ? { field: 'photo', message: wrong } : null);
    draft.setFile(wrong ? null : f);
  };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const issue = firstIssue(repairReportForm, values);
    setProblem(issue);
    if (!issue && (await onSubmit(values, withPhoto ? draft.file : null))) draft.clear();
  };
  const [title, text] = problem?.message.startsWith('Missing Information: ')
    ? (problem.message.split(': ') as [string, string])
    : ['Please check the form', problem?.message ?? ''];

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="sm">
        <DraftNote savedAt={draft.restoredAt} onDiscard={draft.clear} />
        {problem && <ErrorAlert title={title} message={text} />}
        {!problem && serverError && <ErrorAlert title={serverError.title} message={serverError.message} />}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Autocomplete
            label="Building"
            required
            data={[...new Set((buildings ?? []).map((b) => b.name))]}
            value={values.building}
            onChange={set('building')}
            aria-invalid={errorOf('building')}
            description={newBuilding ? NEW_BUILDING : undefined}
            inputWrapperOrder={BELOW}
            {...SUGGESTING}
          />
          <Autocomplete
            label="Room"
            required
            data={[...new Set((building ? (rooms ?? []) : []).map((r) => r.name))]}
            value={values.room}
            onChange={set('room')}
            aria-invalid={errorOf('room')}
            description={newRoom ? NEW_ROOM : undefined}
            inputWrapperOrder={BELOW}
            {...SUGGESTING}
          />
          {alreadyReported && room && (
            <div style={{ gridColumn: '1 / -1' }}>
              <AlreadyReported roomId={room.id} roomName={room.name} />
            </div>
          )}
          <Select
            label="Priority"
            required
            data={PRIORITIES.map((p) => ({ value: p, label: PRIORITY_LABELS[p] }))}
            value={values.priority}
            onChange={(v) => v && setValues((cur) => ({ ...cur, priority: v as Priority }))}
            allowDeselect={false}
          />
          <Select
            label="Preferred day"
            placeholder={ANY_TIME}
            description="Optional"
            clearable
            data={[...WEEKDAYS]}
            value={values.day || null}
            onChange={set('day')}
            aria-invalid={errorOf('day')}
          />
          <TextInput
            label="Start time"
            type="time"
            description="Optional: both times or neither"
            value={values.timeStart}
            onChange={(e) => set('timeStart')(e.currentTarget.value)}
            aria-invalid={errorOf('timeStart')}
          />
          <TextInput
            label="End time"
            type="time"
            description="Optional: both times or neither"
            value={values.timeEnd}
            onChange={(e) => set('timeEnd')(e.currentTarget.value)}
            aria-invalid={errorOf('timeEnd')}
          />
        </SimpleGrid>
        <Textarea
          label="Issue description"
          required
          rows={4}
          value={values.issueDescription}
          onChange={(e) => set('issueDescription')(e.currentTarget.value)}
          aria-invalid={errorOf('issueDescription')}
        />
        {withPhoto && (
          <>
            <FileDrop
              id="repair-photo"
              label="Photo of the problem (optional)"
              hint="JPEG, PNG or GIF up to 5 MB"
              accept={PHOTO_TYPES}
              file={draft.file}
              onFile={choosePhoto}
            />
            {draft.file && (
              <Text size="sm" c={TONE.green} role="status">
                {DRAFT_MSG.readyToSend}
              </Text>
            )}
          </>
        )}
        <Group gap="sm">
          <Menu position="bottom-start" withinPortal>
            <Menu.Target>
              <Button variant="light" leftSection={<IconSparkles size={16} aria-hidden />} loading={paraphrasing}>
                {ASSISTANT_MSG.paraphrase}
              </Button>
            </Menu.Target>
            <Menu.Dropdown aria-label={ASSISTANT_MSG.paraphraseLanguage}>
              <Menu.Label>{ASSISTANT_MSG.paraphraseLanguage}</Menu.Label>
              {[...LANGUAGES].reverse().map((l) => (
                <Menu.Item key={l} onClick={() => void paraphrase(l)}>
                  {LANGUAGE_LABELS[l]}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        </Group>
        {ai &&
          (ai.ok ? (
            <Alert
              color="gso"
              variant="light"
              title={ai.title}
              role="status"
              withCloseButton
              onClose={() => setAi(null)}
              closeButtonLabel="Dismiss"
            >
              {ai.message}
            </Alert>
          ) : (
            <ErrorAlert title={ai.title} message={ai.message} />
          ))}
        <Group justify="flex-end">
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
          )}
          <Button type="submit" loading={busy}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
