import { Button, Group, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconMailCheck } from '@tabler/icons-react';
import { MSG } from '../../../core/messages';
import { TONE } from '../../ui/tones';

export type ReminderOutcome = { ok: true; detail: string } | { ok: false; message: string };

/** The reminder status dialog (docs/product.md): "Reminder Sent!" with what was sent, or "Reminder Failed" with why. */
export function ReminderResult({ outcome, onClose }: { outcome: ReminderOutcome; onClose: () => void }) {
  return (
    <Modal opened onClose={onClose} title={outcome.ok ? MSG.reminderSent : MSG.reminderFailed} centered>
      <Stack align="center" gap="sm" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" color={outcome.ok ? TONE.green : TONE.red} aria-hidden>
          {outcome.ok ? <IconMailCheck size={32} /> : <IconAlertTriangle size={32} />}
        </ThemeIcon>
        <Text>{outcome.ok ? outcome.detail : outcome.message}</Text>
      </Stack>
      <Group justify="flex-end" mt="md">
        <Button onClick={onClose} data-autofocus>
          OK
        </Button>
      </Group>
    </Modal>
  );
}
