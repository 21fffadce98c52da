import { Button, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { DRAFT_MSG } from '../../core/messages';
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

export type CloseChoice = 'edit' | 'keep' | 'discard';

/**
 * Asked when a form holding a draft is closed: keep editing (also Escape or a tap outside), close and keep
 * the draft, or discard it. `what` names what would be lost ("the work description and photo").
 */
export function askBeforeClosing(what: string): Promise<CloseChoice> {
  return new Promise((resolve) => {
    const id = `close-${Math.random().toString(36).slice(2)}`;
    const answer = (choice: CloseChoice) => {
      resolve(choice);
      modals.close(id);
    };
    modals.open({
      modalId: id,
      title: DRAFT_MSG.discardTitle(what),
      centered: true,
      onClose: () => resolve('edit'),
      children: (
        <Stack gap="md">
          <Text size="sm">{DRAFT_MSG.discardText}</Text>
          <Group justify="flex-end" gap="xs">
            <Button variant="outline" color={TONE.red} onClick={() => answer('discard')}>
              {DRAFT_MSG.discard}
            </Button>
            <Button variant="default" onClick={() => answer('keep')}>
              {DRAFT_MSG.keepDraft}
            </Button>
            <Button onClick={() => answer('edit')} data-autofocus>
              {DRAFT_MSG.keepEditing}
            </Button>
          </Group>
        </Stack>
      ),
    });
  });
}
