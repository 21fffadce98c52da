import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { TONE } from './tones';

/** Asks before an action; resolves true when confirmed. */
export function confirmAction(opts: {
  title: string;
  message: string;
  confirmLabel?: string;
  /** What keeping things as they are is called, when "Cancel" would be ambiguous (cancelling a request). */
  cancelLabel?: string;
  danger?: boolean;
}): Promise<boolean> {
  return new Promise((resolve) => {
    modals.openConfirmModal({
      title: opts.title,
      centered: true,
      children: <Text size="sm">{opts.message}</Text>,
      labels: { confirm: opts.confirmLabel ?? 'Confirm', cancel: opts.cancelLabel ?? 'Cancel' },
      confirmProps: { color: opts.danger ? TONE.red : undefined },
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
      onClose: () => resolve(false),
    });
  });
}
