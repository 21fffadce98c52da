import { useState, type ReactNode } from 'react';
import { Button, Group, Modal, Stack, type ModalProps } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { MSG } from '../../../core/messages';
import { ApiError } from '../../lib/api';
import { ErrorAlert } from '../ErrorAlert';
import { TONE } from '../tones';
import { FIRST_FAILURE } from './useSchemaForm';

/** Mantine's error red is under 4.5:1 on white: the form's messages and marked fields use the readable one. */
const readableErrors = { '--mantine-color-error': TONE.red } as React.CSSProperties;

/** The server's answer to a refused save, in its words; anything else is the product's general failure. */
export const failureText = (err: unknown) => (err instanceof ApiError ? err.message : MSG.serverError);

interface FormDialogProps<Values, Body> {
  form: UseFormReturnType<Values, Body>;
  title: ReactNode;
  onClose: () => void;
  /** Saves the checked values; the failure of what it throws is shown above the fields until the next submit. */
  onSubmit: (body: Body) => Promise<unknown>;
  submitLabel: ReactNode;
  busy?: boolean;
  submitColor?: string;
  submitDisabled?: boolean;
  size?: ModalProps['size'];
  failure?: (err: unknown) => string;
  /** The title of the message above the fields (a form showing its first failure says "Validation Error", say). */
  alertTitle?: string;
  children: ReactNode;
}

/** A dialog holding one form: the server's refusal on top, the fields, then Cancel and the submit button. */
export function FormDialog<Values, Body>({
  form,
  title,
  onClose,
  onSubmit,
  submitLabel,
  busy,
  submitColor,
  submitDisabled,
  size,
  failure = failureText,
  alertTitle,
  children,
}: FormDialogProps<Values, Body>) {
  const [problem, setProblem] = useState<string | null>(null);
  const submit = form.onSubmit(
    async (body) => {
      setProblem(null);
      try {
        await onSubmit(body);
      } catch (err) {
        setProblem(failure(err));
      }
    },
    () => setProblem(null),
  );
  return (
    <Modal opened onClose={onClose} title={title} size={size} centered>
      <form onSubmit={submit} noValidate style={readableErrors}>
        <Stack gap="sm">
          <ErrorAlert title={alertTitle} message={problem ?? (form.errors[FIRST_FAILURE] as string | undefined)} />
          {children}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" color={submitColor} loading={busy} disabled={submitDisabled}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
