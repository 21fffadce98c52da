import { useState } from 'react';
import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconEdit, IconHandStop, IconLockOpen, IconPlayerPause, IconPlayerPlay, IconTrash } from '@tabler/icons-react';
import { isAdministrator, mayBeHeld, mayManageAccount } from '../../../core/accounts/rules';
import { MSG } from '../../../core/messages';
import type { Role } from '../../../core/roles';
import { ApiError } from '../../lib/api';
import { confirmAction } from '../../ui/confirm';
import { TONE } from '../../ui/tones';
import type { Account } from '../auth/api';
import { useBorrowHold, useDeleteUser, useSetActive } from './api';
import { BorrowHoldDialog } from './BorrowHoldDialog';

/**
 * Edit, deactivate or reactivate, and delete, on a person's card in user management: only the buttons the
 * signed-in person may use (mayManageAccount, the rule the server applies too), never on their own card but Edit.
 */
export function AccountActions({ account: a, me, onEdit }: { account: Account; me: { id: number; role: Role }; onEdit: () => void }) {
  const remove = useDeleteUser();
  const setActive = useSetActive();
  const hold = useBorrowHold();
  const [holding, setHolding] = useState(false);
  const [holdError, setHoldError] = useState<string | null>(null);
  if (!mayManageAccount(me.role, a.role)) return null;
  // docs/decisions/borrow-holds.md: administrators hold students' and faculty's borrowing.
  const mayHold = isAdministrator(me.role) && mayBeHeld(a.role);
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

  const placeHold = async (reason: string) => {
    setHoldError(null);
    try {
      const res = await hold.mutateAsync({ id: a.id, reason });
      setHolding(false);
      notifications.show({ color: 'green', title: 'Success', message: res.message });
    } catch (err) {
      setHoldError(err instanceof ApiError ? err.message : MSG.failedToConnect);
    }
  };

  const liftHold = async () => {
    const ok = await confirmAction({
      title: 'Lift borrowing hold',
      message: `Lift the borrowing hold on ${a.fullName}? They will be able to make borrow requests again.`,
      confirmLabel: 'Lift hold',
    });
    if (!ok) return;
    try {
      const res = await hold.mutateAsync({ id: a.id, reason: null });
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
      {mayHold &&
        (a.borrowHold ? (
          <Button
            size="xs"
            variant="default"
            leftSection={<IconLockOpen size={14} aria-hidden />}
            aria-label={`Lift borrowing hold on ${a.fullName}`}
            onClick={liftHold}
            loading={hold.isPending}
          >
            Lift borrowing hold
          </Button>
        ) : (
          <Button
            size="xs"
            variant="default"
            leftSection={<IconHandStop size={14} aria-hidden />}
            aria-label={`Place borrowing hold on ${a.fullName}`}
            onClick={() => {
              setHoldError(null);
              setHolding(true);
            }}
          >
            Place borrowing hold
          </Button>
        ))}
      {holding && (
        <BorrowHoldDialog name={a.fullName} busy={hold.isPending} error={holdError} onPlace={placeHold} onClose={() => setHolding(false)} />
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
