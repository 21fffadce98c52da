import { useState, type ReactNode } from 'react';
import { Button, Group, Modal, Stack, type ModalProps } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { MSG } from '../../../core/messages';
import { ApiError } from '../../lib/api';
import type { Draft } from '../../lib/drafts';
import { DraftNote } from '../DraftNote';
import { ErrorAlert } from '../ErrorAlert';
import { TONE } from '../tones';
import { useCloseGuard } from '../useCloseGuard';
import { FIRST_FAILURE } from './useSchemaForm';

/** Mantine's error red is under 4.5:1 on white: the form's messages and marked fields use the readable one. */
const readableErrors = { '--mantine-color-error': TONE.red } as React.CSSProperties;

/** The server's answer to a refused save, in its words; anything else is the product's general failure. */
export const failureText = (err: unknown) => (err instanceof ApiError ? err.message : MSG.serverError);

/** For a dialog whose failed save is shown by the screen that opened it (its `error`): nothing of its own. */
export const shownByOpener = () => null;

interface FormDialogProps<Values, Body> {
  form: UseFormReturnType<Values, Body> & { draft?: Draft<Values> | null; discardDraft?: () => void };
  title: ReactNode;
  onClose: () => void;
  /** Saves the checked values; the failure of what it throws is shown above the fields until the next submit. */
  onSubmit: (body: Body) => Promise<unknown>;
  submitLabel: ReactNode;
  submitIcon?: ReactNode;
  /** The save under way, when the opener runs it; otherwise while onSubmit's promise is pending. */
  busy?: boolean;
  submitColor?: string;
  submitDisabled?: boolean;
  size?: ModalProps['size'];
  /** The words of a failed save; null when the screen that opened the dialog shows it (`shownByOpener`). */
  failure?: (err: unknown) => string | null;
  /** The title of the message above the fields (a form showing its first failure says "Validation Error", say). */
  alertTitle?: string;
  /** How the dialog words its own message (the form's first failure, its failed save), such as 'Error adding schedule: {message}'. */
  wording?: (message: string) => string;
  /** A failure the screen that opened the dialog holds (its save's), shown when the form has none of its own. */
  error?: { title?: string; message: string } | null;
  /** What the dialog is about, read-only, above the message and the fields. */
  intro?: ReactNode;
  /**
   * For a form kept as a draft (useSchemaForm's draftKey, docs/decisions/drafts.md): what closing would lose and
   * where the dialog is opened again, for the question asked before closing with something typed.
   */
  closeGuard?: { what: string; where: string };
  /** Beside Cancel and the submit button, at the start of their row (a count of what is chosen, say). */
  aside?: ReactNode;
  /** Below the buttons: what the submit found, for a dialog whose next step acts on it (Term Sweep's people). */
  after?: ReactNode;
  children: ReactNode;
}

/**
 * A dialog holding one form: what it is about, the draft note, the form's or the server's refusal, the fields,
 * then Cancel and the submit button. A form kept as a draft is cleared once its save is accepted, and asks
 * before closing with something typed.
 */
export function FormDialog<Values, Body>({
  form,
  title,
  onClose,
  onSubmit,
  submitLabel,
  submitIcon,
  busy,
  submitColor,
  submitDisabled,
  size,
  failure = failureText,
  alertTitle,
  wording,
  error,
  intro,
  closeGuard,
  aside,
  after,
  children,
}: FormDialogProps<Values, Body>) {
  const [problem, setProblem] = useState<string | null>(null);
  const draft = form.draft ?? null;
  const discard = () => (form.discardDraft ? form.discardDraft() : draft?.clear());
  const guard = useCloseGuard({
    dirty: draft?.dirty ?? false,
    what: closeGuard?.what ?? '',
    where: closeGuard?.where ?? '',
    onClose,
    onDiscard: discard,
  });
  const guarded = Boolean(draft && closeGuard);
  const submit = form.onSubmit(
    async (body) => {
      setProblem(null);
      try {
        await onSubmit(body);
      } catch (err) {
        setProblem(failure(err));
        return;
      }
      draft?.clear();
    },
    () => setProblem(null),
  );
  const buttons = (
    <>
      <Button variant="default" onClick={guarded ? guard.close : onClose}>
        Cancel
      </Button>
      <Button type="submit" color={submitColor} leftSection={submitIcon} loading={busy || form.submitting} disabled={submitDisabled}>
        {submitLabel}
      </Button>
    </>
  );
  const message = problem ?? (form.errors[FIRST_FAILURE] as string | undefined);
  const own = message && wording ? wording(message) : message;
  return (
    <Modal opened {...(guarded ? guard.modalProps : { onClose })} title={title} size={size} centered>
      <form onSubmit={submit} noValidate style={readableErrors}>
        <Stack gap="sm">
          {intro}
          {draft && <DraftNote savedAt={draft.restoredAt} onDiscard={discard} />}
          <ErrorAlert title={own ? alertTitle : error?.title} message={own ?? error?.message} />
          {children}
          {aside ? (
            <Group justify="space-between" wrap="wrap">
              {aside}
              <Group>{buttons}</Group>
            </Group>
          ) : (
            <Group justify="flex-end">{buttons}</Group>
          )}
        </Stack>
      </form>
      {after}
    </Modal>
  );
}
