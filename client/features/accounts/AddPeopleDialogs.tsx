import { useState } from 'react';
import { Button, Group, Modal, PasswordInput, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMediaQuery } from '@mantine/hooks';
import { addPersonnelForm, addUserForm, editUserForm, NEW_ACCOUNT_KINDS } from '../../../core/accounts/forms';
import { mayChangeRoles, mayManageAccount } from '../../../core/accounts/rules';
import { LIMITS } from '../../../core/auth/rules';
import { firstError } from '../../../core/common/forms';
import { MSG } from '../../../core/messages';
import { JOB_TYPES, type Role } from '../../../core/roles';
import { ApiError } from '../../lib/api';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { useMe, type Account } from '../auth/api';
import { useAddPersonnel, useAddUser, useEditAccount } from './api';

const jobLabel = (j: string) => j.replace('_', ' ').replace(/^\w/, (c) => c.toUpperCase());
const JOB_OPTIONS = JOB_TYPES.map((j) => ({ value: j, label: jobLabel(j) }));
const KIND_LABELS = { student: 'Student', faculty: 'Faculty', personnel: 'Personnel', admin: 'Administrator' } as const;
const messageOf = (err: unknown) => (err instanceof ApiError ? err.message : MSG.unableToConnect);

/** The fields both dialogs share: full name, email and contact number (digits only, as typed). */
function PersonFields(props: {
  fullName: string;
  email: string;
  contactNumber: string;
  set: (field: 'fullName' | 'email' | 'contactNumber', value: string) => void;
}) {
  return (
    <>
      <TextInput
        label="Full Name"
        required
        maxLength={LIMITS.fullName}
        value={props.fullName}
        onChange={(e) => props.set('fullName', e.currentTarget.value)}
        data-autofocus
      />
      <TextInput
        label="Email"
        type="email"
        required
        maxLength={LIMITS.email}
        value={props.email}
        onChange={(e) => props.set('email', e.currentTarget.value)}
      />
      <TextInput
        label="Contact Number"
        required
        inputMode="tel"
        value={props.contactNumber}
        onChange={(e) => props.set('contactNumber', e.currentTarget.value)}
      />
    </>
  );
}

/** Add Personnel (docs/product.md, the personnel list): the admin sets the first password. */
export function AddPersonnelDialog({ onClose }: { onClose: () => void }) {
  const add = useAddPersonnel();
  const [form, setForm] = useState({ fullName: '', email: '', contactNumber: '', password: '', jobType: '' });
  const [error, setError] = useState<string | null>(null);
  const set = (field: keyof typeof form, value: string) => setForm((f) => ({ ...f, [field]: value }));

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const problem = firstError(addPersonnelForm, form);
    setError(problem);
    if (problem) return;
    add.mutate(form, {
      onSuccess: (res) => {
        notifications.show({
          color: 'green',
          title: 'Success',
          message: `${res.message}: ${res.account.fullName} verifies their email at the first sign-in.`,
        });
        onClose();
      },
      onError: (err) => setError(`Failed to add personnel: ${messageOf(err)}`),
    });
  };

  return (
    <Modal opened onClose={onClose} title="Add Personnel" centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <ErrorAlert title="Validation Error" message={error} />
          <PersonFields {...form} set={set} />
          <PasswordInput
            label="Password"
            required
            autoComplete="new-password"
            value={form.password}
            onChange={(e) => set('password', e.currentTarget.value)}
            visibilityToggleButtonProps={{ 'aria-label': 'Show or hide password' }}
          />
          <Select label="Job Type" required data={JOB_OPTIONS} value={form.jobType || null} onChange={(v) => set('jobType', v ?? '')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={add.isPending}>
              Add Personnel
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Add User from the dashboard (docs/product.md): no password here; the person chooses one from the emailed link. */
export function AddUserDialog({ onClose }: { onClose: () => void }) {
  const add = useAddUser();
  const me = useMe().data;
  const narrow = useMediaQuery('(max-width: 30em)');
  // Staff add students, faculty and personnel; administrators also add administrators and staff.
  const kinds = NEW_ACCOUNT_KINDS.filter((k) => me && mayManageAccount(me.role, k === 'admin' ? 'staff' : k));
  const [form, setForm] = useState({ kind: 'student', fullName: '', email: '', contactNumber: '', jobType: '', adminRole: '' });
  const [error, setError] = useState<string | null>(null);
  const set = (field: keyof typeof form, value: string) => setForm((f) => ({ ...f, [field]: value }));

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const body = {
      kind: form.kind,
      fullName: form.fullName,
      email: form.email,
      contactNumber: form.contactNumber,
      ...(form.kind === 'personnel' && form.jobType ? { jobType: form.jobType } : {}),
      ...(form.kind === 'admin' && form.adminRole ? { adminRole: form.adminRole } : {}),
    };
    const problem = firstError(addUserForm, body);
    setError(problem);
    if (problem) return;
    add.mutate(body, {
      onSuccess: (res) => {
        notifications.show({ color: 'green', title: 'Success', message: res.message });
        onClose();
      },
      onError: (err) => setError(`Error adding user: ${messageOf(err)}`),
    });
  };

  return (
    <Modal opened onClose={onClose} title="Add User" centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <ErrorAlert message={error} />
          <SegmentedControl
            aria-label="Kind of account"
            fullWidth
            orientation={narrow ? 'vertical' : 'horizontal'}
            value={form.kind}
            onChange={(v) => set('kind', v)}
            data={kinds.map((k) => ({ value: k, label: KIND_LABELS[k] }))}
          />
          <PersonFields {...form} set={set} />
          {form.kind === 'personnel' && (
            <Select label="Job Type" required data={JOB_OPTIONS} value={form.jobType || null} onChange={(v) => set('jobType', v ?? '')} />
          )}
          {form.kind === 'admin' && (
            <Select
              label="Role"
              required
              data={[
                { value: 'admin', label: 'Admin' },
                { value: 'staff', label: 'Staff' },
              ]}
              value={form.adminRole || null}
              onChange={(v) => set('adminRole', v ?? '')}
            />
          )}
          <Text size="xs" c="dimmed">
            The new person receives an email with a link to choose their password (valid 3 days, once).
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={add.isPending}>
              Add User
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

const ROLE_CHOICES: Partial<Record<Role, { value: Role; label: string }[]>> = {
  admin: [
    { value: 'admin', label: 'Admin' },
    { value: 'staff', label: 'Staff' },
  ],
  student: [
    { value: 'student', label: 'Student' },
    { value: 'faculty', label: 'Faculty' },
  ],
};
ROLE_CHOICES.staff = ROLE_CHOICES.admin;
ROLE_CHOICES.faculty = ROLE_CHOICES.student;

/** Edit a person from user management (docs/product.md): the fields of their kind of account. */
export function EditUserDialog({ account, onClose }: { account: Account; onClose: () => void }) {
  const edit = useEditAccount();
  const [form, setForm] = useState({
    fullName: account.fullName,
    email: account.email,
    contactNumber: account.contactNumber,
    role: account.role as string,
    jobType: account.jobType ?? '',
  });
  const [error, setError] = useState<string | null>(null);
  const set = (field: keyof typeof form, value: string) => setForm((f) => ({ ...f, [field]: value }));
  const personnel = account.role === 'personnel';
  const me = useMe().data;
  // Only administrators change roles, and never their own.
  const roles = me && mayChangeRoles(me.role) && me.id !== account.id ? ROLE_CHOICES[account.role] : undefined;

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const body = {
      fullName: form.fullName,
      email: form.email,
      contactNumber: form.contactNumber,
      ...(roles ? { role: form.role } : {}),
      ...(personnel ? { jobType: form.jobType } : {}),
    };
    const problem = firstError(editUserForm, body);
    setError(problem);
    if (problem) return;
    edit.mutate(
      { id: account.id, body },
      {
        onSuccess: (res) => {
          notifications.show({ color: 'green', title: 'Success', message: res.message });
          onClose();
        },
        onError: (err) => setError(`${MSG.failedToUpdateUser}: ${err instanceof ApiError ? err.message : MSG.failedToConnect}`),
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title={`Edit ${account.fullName}`} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <ErrorAlert title={MSG.validationError} message={error} />
          <PersonFields {...form} set={set} />
          {personnel && (
            <Select label="Job Type" required data={JOB_OPTIONS} value={form.jobType || null} onChange={(v) => set('jobType', v ?? '')} />
          )}
          {roles && (
            <Select
              label="Role"
              required
              allowDeselect={false}
              data={roles}
              value={form.role}
              onChange={(v) => set('role', v ?? form.role)}
            />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={edit.isPending}>
              Save Changes
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
