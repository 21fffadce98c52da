import { useState } from 'react';
import { notifications } from '@mantine/notifications';
import { MSG } from '../../../core/messages';
import type { ScheduleItem } from '../../../core/schedule/schemas';
import { confirmAction } from '../../ui/confirm';
import { AddScheduleDialog } from './AddScheduleDialog';
import { useDeleteSchedule, useUpdateSchedule } from './api';
import { messageOf } from '../../lib/api';

/** What a manual entry's card offers the office. */
export interface EntryActions {
  edit: (item: ScheduleItem) => void;
  remove: (item: ScheduleItem) => void;
}

/**
 * Edit and Delete of manual entries: the Add Schedule dialog in edit mode, and a confirmation before a delete.
 * `covering` is true while either is open over the caller, so a dialog underneath can leave Escape to them.
 */
export function useEntryActions() {
  const update = useUpdateSchedule();
  const del = useDeleteSchedule();
  const [editing, setEditing] = useState<ScheduleItem | null>(null);
  const [confirming, setConfirming] = useState(false);

  const close = () => {
    setEditing(null);
    update.reset();
  };

  const remove = async (item: ScheduleItem) => {
    setConfirming(true);
    const ok = await confirmAction({
      title: `Delete ${item.workType}`,
      message: MSG.scheduleDeleteConfirm(item.workType),
      confirmLabel: 'Delete',
      danger: true,
    }).finally(() => setConfirming(false));
    if (!ok) return;
    del.mutate(item.id, {
      onSuccess: () => notifications.show({ color: 'green', title: 'Success', message: MSG.scheduleDeleted }),
      onError: (err) => notifications.show({ color: 'red', title: 'Error', message: MSG.scheduleDeleteError(messageOf(err)) }),
    });
  };

  const dialog = editing && (
    <AddScheduleDialog
      entry={editing}
      busy={update.isPending}
      error={update.error}
      onClose={close}
      onSave={(body) =>
        update.mutate(
          { id: editing.id, body },
          {
            onSuccess: (res) => {
              notifications.show({ color: 'green', title: 'Success', message: res.message });
              close();
            },
          },
        )
      }
    />
  );

  const actions: EntryActions = { edit: setEditing, remove: (item) => void remove(item) };
  return { actions, dialog, covering: editing !== null || confirming };
}
