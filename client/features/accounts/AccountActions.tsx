import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconEdit, IconPlayerPause, IconPlayerPlay, IconTrash } from '@tabler/icons-react';
import { mayManageAccount } from '../../../core/accounts/rules';
import { MSG } from '../../../core/messages';
import type { Role } from '../../../core/roles';
import { ApiError } from '../../lib/api';
import { confirmAction } from '../../ui/confirm';
import { TONE } from '../../ui/tones';
import type { Account } from '../auth/api';
import { useDeleteUser, useSetActive } from './api';

/**
 * Edit, deactivate or reactivate, and delete, on a person's card in user management: only the buttons the
 * signed-in person may use (mayManageAccount, the rule the server applies too), never on their own card but Edit.
 */
export function AccountActions({ account: a, me, onEdit }: { account: Account; me: { id: number; role: Role }; onEdit: () => void }) {
  const remove = useDeleteUser();
  const setActive = useSetActive();
  if (!mayManageAccount(me.role, a.role)) return null;
  const self = a.id === me.id;
  const active = !a.deactivatedAt;

  const failed = (title: string, err: unknown) =>
    notifications.show({ color: 'red', title, message: err instanceof ApiError ? err.message : MSG.failedToConnect });

  const toggle = async () => {
    const ok = await confirmAction({
      title: active ? 'Deactivate user' : 'Reactivate user',
      message: active ? MSG.deactivateUserConfirm(a.fullName) : MSG.reactivateUserConfirm(a.fullName),
      confirmLabel: active ? 'Deactivate' : 'Reactivate',
      danger: active,
    });
    if (!ok) return;
    try {
      const res = await setActive.mutateAsync({ id: a.id, active: !active });
      notifications.show({ color: 'green', title: 'Success', message: res.message });
    } catch (err) {
      failed(MSG.failedToUpdateUser, err);
    }
  };

  const del = async () => {
    const ok = await confirmAction({
      title: 'Delete user',
      message: MSG.deleteUserConfirm(a.fullName),
      confirmLabel: 'Delete',
      danger: true,
    });
    if (!ok) return;
    try {
      const res = await remove.mutateAsync(a.id);
      notifications.show({ color: 'green', title: 'Success', message: res.message });
    } catch (err) {
      failed(MSG.failedToDeleteUser, err);
    }
  };

  return (
    <>
      <Button
        size="xs"
        variant="default"
        leftSection={<IconEdit size={14} aria-hidden />}
        aria-label={`Edit ${a.fullName}`}
        onClick={onEdit}
      >
        Edit
      </Button>
      {!self && (
        <Button
          size="xs"
          variant="default"
          leftSection={active ? <IconPlayerPause size={14} aria-hidden /> : <IconPlayerPlay size={14} aria-hidden />}
          aria-label={`${active ? 'Deactivate' : 'Reactivate'} ${a.fullName}`}
          onClick={toggle}
          loading={setActive.isPending}
        >
          {active ? 'Deactivate' : 'Reactivate'}
        </Button>
      )}
      {!self && (
        <Button
          size="xs"
          variant="subtle"
          color={TONE.red}
          leftSection={<IconTrash size={14} aria-hidden />}
          aria-label={`Delete ${a.fullName}`}
          onClick={del}
        >
          Delete
        </Button>
      )}
    </>
  );
}
