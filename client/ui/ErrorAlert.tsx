import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

/** A problem the person can act on, announced to screen readers. */
export function ErrorAlert({ title, message }: { title?: string; message: string | null | undefined }) {
  if (!message) return null;
  return (
    <Alert color="red" variant="light" title={title} icon={<IconAlertCircle aria-hidden />} role="alert" mb="md">
      {message}
    </Alert>
  );
}
