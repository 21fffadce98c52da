import { Badge, Button, Group, Text } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { DRAFT_MSG } from '../../core/messages';
import { relativeTimeFine } from '../../core/time';
import { useHasDraft } from '../lib/drafts';
import { confirmAction } from './confirm';
import { lightTone } from './tones';

/** Says that a form opened with a kept draft, and offers to discard it (asked first). */
export function DraftNote({ savedAt, onDiscard }: { savedAt: string | null; onDiscard: () => void }) {
  if (!savedAt) return null;
  const discard = async () => {
    const ok = await confirmAction({
      title: DRAFT_MSG.discardDraftTitle,
      message: DRAFT_MSG.discardDraftText,
      confirmLabel: DRAFT_MSG.discard,
      cancelLabel: DRAFT_MSG.keepEditing,
      danger: true,
    });
    if (ok) onDiscard();
  };
  return (
    <Group gap="xs" justify="space-between" wrap="wrap" px="sm" py={6} bg="gray.0" style={{ borderRadius: 'var(--mantine-radius-sm)' }}>
      <Text size="sm" role="status">
        {DRAFT_MSG.restored(relativeTimeFine(savedAt))}
      </Text>
      <Button size="compact-sm" variant="subtle" onClick={() => void discard()}>
        {DRAFT_MSG.discardDraft}
      </Button>
    </Group>
  );
}

/** A card's mark that one of its dialogs holds a kept draft, so that it is found again after a reload or signing in. */
export function DraftMark({ keys }: { keys: string[] }) {
  const any = useHasDraft(keys);
  if (!any) return null;
  return (
    <Badge {...lightTone('blue')} leftSection={<IconPencil size={12} aria-hidden />}>
      {DRAFT_MSG.draftMark}
    </Badge>
  );
}
