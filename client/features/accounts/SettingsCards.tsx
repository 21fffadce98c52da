import { useState, type ReactNode } from 'react';
import { Alert, Button, Card, Checkbox, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { passwordChangeForm, profileForm } from '../../../core/accounts/forms';
import { isOfficeDesk } from '../../../core/accounts/rules';
import { LIMITS, typedContact } from '../../../core/auth/rules';
import { firstError } from '../../../core/common/forms';
import { MSG } from '../../../core/messages';
import { JOB_TYPES, PORTAL_LOGIN, ROLE_LABELS, type JobType, type Portal } from '../../../core/roles';
import { ApiError, failureOf } from '../../lib/api';
import { useNavigation } from '../../lib/navigation';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { confirmAction } from '../../ui/confirm';
import type { Account } from '../auth/api';
import { DepartmentSelect } from '../departments/DepartmentSelect';
import { useChangePassword, useDeleteAccount, useUpdateProfile } from './api';

type Outcome = {
  ok: (serverMessage: string) => { title: string; message: string };
  failed: (message: string) => { title: string; message: string };
};

/** Each portal's words for the outcome of its settings actions (docs/product.md). */
const WORDS: Record<Portal, { profile: Outcome; password: Outcome; deleteFailed: string }> = {
  user: {
    profile: { ok: (m) => ({ title: 'Success', message: m }), failed: (m) => ({ title: 'Failed to update profile', message: m }) },
    password: {
      ok: () => ({ title: 'Success', message: MSG.passwordUpdated }),
      failed: (m) => ({ title: 'Failed to update password', message: m }),
    },
    deleteFailed: 'Failed to delete account',
  },
  personnel: {
    profile: {
      ok: (m) => ({ title: 'Success', message: m }),
      failed: (m) => ({ title: 'Error', message: m || 'Failed to update profile' }),
    },
    password: {
      ok: () => ({ title: 'Success', message: MSG.passwordUpdated }),
      failed: (m) => ({ title: 'Error', message: m || 'Failed to update password' }),
    },
    deleteFailed: 'Failed to delete account',
  },
  admin: {
    profile: {
      ok: (m) => ({ title: 'Success', message: m === MSG.profileUpdated ? 'Profile updated successfully!' : m }),
      failed: (m) => ({ title: 'Error', message: `Error updating profile: ${m}` }),
    },
    password: {
      ok: () => ({ title: 'Success', message: 'Password changed successfully!' }),
      failed: (m) => ({ title: 'Error', message: `Error changing password: ${m}` }),
    },
    deleteFailed: 'Failed to delete account',
  },
};

const messageOf = (err: unknown) => (err instanceof ApiError && !err.isNetwork ? err.message : MSG.unableToConnect);
/** A refusal shown with the portal's words; a connection failure as on every screen (lib/api failureOf). */
const failedNotice = (err: unknown, words: Outcome['failed']) => notifications.show({ color: 'red', ...failureOf(err, words) });
/** A field's change, which also takes down the card's error: it was about what the person has now changed. */
const clearing =
  (setError: (e: null) => void) =>
  <T,>(set: (v: T) => void) =>
  (v: T) => {
    setError(null);
    set(v);
  };
const JOB_TYPE_OPTIONS = JOB_TYPES.map((j) => ({ value: j, label: j.replace('_', ' ').replace(/^\w/, (c) => c.toUpperCase()) }));

function SettingsCard({ title, children, danger, id }: { title: string; children: ReactNode; danger?: boolean; id?: string }) {
  return (
    <Card
      id={id}
      withBorder
      padding="lg"
      maw={640}
      style={{ scrollMarginTop: 76, ...(danger ? { borderColor: 'var(--mantine-color-red-7)' } : {}) }}
    >
      <Title order={2} size="h4" mb="md" c={danger ? 'red.8' : undefined}>
        {title}
      </Title>
      {children}
    </Card>
  );
}

/** Profile Information: the read-only id (and role, for the office), and the person's own details. */
export function ProfileCard({ portal, account }: { portal: Portal; account: Account }) {
  const update = useUpdateProfile();
  const [fullName, setFullName] = useState(account.fullName);
  const [email, setEmail] = useState(account.email);
  const [contactNumber, setContactNumber] = useState(account.contactNumber);
  const [jobType, setJobType] = useState<JobType | null>(account.jobType);
  const [departmentId, setDepartmentId] = useState<number | null>(account.departmentId);
  // Office accounts keep their department on the admin's forms only; students, faculty and personnel choose theirs here.
  const chooses = !isOfficeDesk(account.role);
  const [error, setError] = useState<string | null>(null);
  const personnel = account.role === 'personnel';
  const edit = clearing(setError);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const body = { fullName, email, contactNumber, ...(personnel && jobType ? { jobType } : {}), ...(chooses ? { departmentId } : {}) };
    const problem = firstError(profileForm, body);
    setError(problem);
    if (problem) return;
    update.mutate(body, {
      onSuccess: (res) => notifications.show({ color: 'green', ...WORDS[portal].profile.ok(res.message) }),
      onError: (err) => {
        setError(messageOf(err));
        failedNotice(err, WORDS[portal].profile.failed);
      },
    });
  };

  return (
    <SettingsCard title="Profile Information">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <ErrorAlert message={error} />
          <Group grow align="flex-start">
            <TextInput label="User ID" value={account.uniId} readOnly />
            {portal === 'admin' && <TextInput label="Role" value={ROLE_LABELS[account.role]} readOnly />}
          </Group>
          <TextInput
            label="Full Name"
            required
            maxLength={LIMITS.fullName}
            autoComplete="name"
            value={fullName}
            onChange={(e) => edit(setFullName)(e.currentTarget.value)}
          />
          <TextInput
            label="Email"
            type="email"
            required
            maxLength={LIMITS.email}
            autoComplete="email"
            value={email}
            onChange={(e) => edit(setEmail)(e.currentTarget.value)}
            description={
              email.trim().toLowerCase() !== account.email && portal !== 'admin'
                ? 'A new email is verified with a code the next time you sign in.'
                : undefined
            }
          />
          <TextInput
            label="Contact Number"
            required
            inputMode="tel"
            autoComplete="tel"
            value={contactNumber}
            // Personnel settings strip anything but digits as typed; elsewhere letters are refused in words, never dropped.
            onChange={(e) => edit(setContactNumber)(portal === 'personnel' ? typedContact(e.currentTarget.value) : e.currentTarget.value)}
          />
          {personnel && (
            <Select
              label="Job Type"
              description="e.g. electrician, carpenter"
              data={JOB_TYPE_OPTIONS}
              value={jobType}
              onChange={(v) => edit(setJobType)(v as JobType | null)}
              allowDeselect={false}
            />
          )}
          {chooses && <DepartmentSelect current={account.departmentId} value={departmentId} onChange={edit(setDepartmentId)} />}
          <Group>
            <Button type="submit" loading={update.isPending} loaderProps={{ type: 'dots' }}>
              {update.isPending ? 'Updating...' : 'Update Profile'}
            </Button>
          </Group>
        </Stack>
      </form>
    </SettingsCard>
  );
}

/** Change Password: current, new and confirmation, one show/hide toggle; other sessions end when it changes. */
export function PasswordCard({ portal }: { portal: Portal }) {
  const change = useChangePassword();
  const [currentPassword, setCurrent] = useState('');
  const [newPassword, setNew] = useState('');
  const [confirmPassword, setConfirm] = useState('');
  const [shown, setShown] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const edit = clearing(setError);
  const filled = !!currentPassword && !!newPassword && !!confirmPassword;

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const body = { currentPassword, newPassword, confirmPassword };
    const problem = firstError(passwordChangeForm, body);
    setError(problem);
    if (problem) return;
    change.mutate(body, {
      onSuccess: () => {
        setCurrent('');
        setNew('');
        setConfirm('');
        notifications.show({ color: 'green', ...WORDS[portal].password.ok('') });
      },
      onError: (err) => {
        setError(messageOf(err));
        failedNotice(err, WORDS[portal].password.failed);
      },
    });
  };

  const field = (label: string, value: string, set: (v: string) => void, autoComplete: string) => (
    <TextInput
      label={label}
      type={shown ? 'text' : 'password'}
      required
      autoComplete={autoComplete}
      value={value}
      onChange={(e) => edit(set)(e.currentTarget.value)}
    />
  );

  return (
    <SettingsCard title="Change Password" id="change-password">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <ErrorAlert message={error} />
          {field('Current Password', currentPassword, setCurrent, 'current-password')}
          {field('New Password', newPassword, setNew, 'new-password')}
          {field('Confirm New Password', confirmPassword, setConfirm, 'new-password')}
          <Checkbox label="Show passwords" checked={shown} onChange={(e) => setShown(e.currentTarget.checked)} />
          <Text size="xs" c="dimmed">
            At least 6 characters. Changing it signs you out on your other devices.
          </Text>
          <Group>
            <Button type="submit" disabled={!filled} loading={change.isPending}>
              Update Password
            </Button>
          </Group>
        </Stack>
      </form>
    </SettingsCard>
  );
}

/** Delete Account (users and personnel): refused with the reason while items are out or repairs in progress. */
export function DeleteAccountCard({ portal }: { portal: Portal }) {
  const remove = useDeleteAccount();
  const { go } = useNavigation();
  const [error, setError] = useState<string | null>(null);

  const start = async () => {
    setError(null);
    const sure = await confirmAction({
      title: 'Delete Account',
      message: MSG.deleteAccountConfirm,
      confirmLabel: 'Delete Account',
      danger: true,
    });
    if (!sure) return;
    remove.mutate(undefined, {
      // A toast, not the login's location state: leaving the portal also sends the signed-out page to the login.
      onSuccess: (res) =>
        go(PORTAL_LOGIN[portal], { replace: true, notice: { color: 'green', title: 'Account deleted', message: res.message } }),
      onError: (err) => {
        setError(messageOf(err));
        failedNotice(err, (message) => ({ title: WORDS[portal].deleteFailed, message }));
      },
    });
  };

  return (
    <SettingsCard title="Delete Account" danger>
      <Stack gap="sm">
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Text size="sm">Your account and sign-in are removed. Your past requests stay in the office's records as “Deleted user”.</Text>
        <Group>
          <Button color="red.8" onClick={start} loading={remove.isPending}>
            Delete Account
          </Button>
        </Group>
      </Stack>
    </SettingsCard>
  );
}
