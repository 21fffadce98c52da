import { ActionIcon } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { TONE } from './tones';

/** A row's Edit and Delete icon buttons, named "Edit <what>" and "Delete <what>" for screen readers. */
export function EditDeleteActions({ what, onEdit, onDelete }: { what: string; onEdit: () => void; onDelete: () => void }) {
  return (
    <>
      <ActionIcon variant="subtle" aria-label={`Edit ${what}`} onClick={onEdit}>
        <IconPencil size={18} />
      </ActionIcon>
      <ActionIcon variant="subtle" color={TONE.red} aria-label={`Delete ${what}`} onClick={onDelete}>
        <IconTrash size={18} />
      </ActionIcon>
    </>
  );
}
