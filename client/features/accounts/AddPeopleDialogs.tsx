import { PasswordInput, SegmentedControl, Select, Text, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMediaQuery } from '@mantine/hooks';
import { addPersonnelForm, addUserForm, editUserForm, NEW_ACCOUNT_KINDS } from '../../../core/accounts/forms';
import { mayChangeRoles, mayManageAccount } from '../../../core/accounts/rules';
import { LIMITS } from '../../../core/auth/rules';
import { MSG } from '../../../core/messages';
import { JOB_TYPES, type Role } from '../../../core/roles';
import { ApiError } from '../../lib/api';
import { FormDialog } from '../../ui/form/FormDialog';
import { useSchemaForm } from '../../ui/form/useSchemaForm';
import { useMe, type Account } from '../auth/api';
import { DepartmentSelect } from '../departments/DepartmentSelect';
import { useAddPersonnel, useAddUser, useEditAccount } from './api';

const jobLabel = (j: string) => j.replace('_', ' ').replace(/^\w/, (c) => c.toUpperCase());
const JOB_OPTIONS = JOB_TYPES.map((j) => ({ value: j, label: jobLabel(j) }));
const KIND_LABELS = { student: 'Student', faculty: 'Faculty', personnel: 'Personnel', admin: 'Administrator' } as const;
const messageOf = (err: unknown) => (err instanceof ApiError ? err.message : MSG.unableToConnect);
const done = (message: string) => notifications.show({ color: 'green', title: 'Success', message });

type Field = (name: 'fullName' | 'email' | 'contactNumber') => GetInputPropsReturnType;

/** The fields both dialogs share: full name, email and contact number (digits only, as typed). */
function PersonFields({ field }: { field: Field }) {
  return (
    <>
      <TextInput label="Full Name" required maxLength={LIMITS.fullName} {...field('fullName')} data-autofocus />
      <TextInput label="Email" type="email" required maxLength={LIMITS.email} {...field('email')} />
      <TextInput label="Contact Number" required inputMode="tel" {...field('contactNumber')} />
    </>
  );
}

/** A choice that may be left empty: the form keeps '' for none, the Select null. */
const choiceProps = ({ value, onChange }: GetInputPropsReturnType) => ({
  value: (value as string) || null,
  onChange: (v: string | null) => onChange(v ?? ''),
});

/** Add Personnel (docs/product.md, the personnel list): the admin sets the first password. */
export function AddPersonnelDialog({ onClose }: { onClose: () => void }) {
  const add = useAddPersonnel();
  const form = useSchemaForm(
    addPersonnelForm,
    { fullName: '', email: '', contactNumber: '', password: '', jobType: '', departmentId: null as number | null },
    { show: 'first' },
  );
  const submit = async (body: typeof form.values) => {
    const res = await add.mutateAsync(body);
    done(`${res.message}: ${res.account.fullName} verifies their email at the first sign-in.`);
    onClose();
  };

  return (
    <FormDialog
      form={form}
      title="Add Personnel"
      onClose={onClose}
      onSubmit={submit}
      failure={(err) => `Failed to add personnel: ${messageOf(err)}`}
      alertTitle="Validation Error"
      submitLabel="Add Personnel"
      busy={add.isPending}
    >
      <PersonFields field={form.getInputProps} />
      <PasswordInput
        label="Password"
        required
        autoComplete="new-password"
        {...form.getInputProps('password')}
        visibilityToggleButtonProps={{ 'aria-label': 'Show or hide password' }}
      />
      <Select label="Job Type" required data={JOB_OPTIONS} {...choiceProps(form.getInputProps('jobType'))} />
      <DepartmentSelect office value={form.values.departmentId} onChange={(id) => form.setFieldValue('departmentId', id)} />
    </FormDialog>
  );
}

/** Add User from the dashboard (docs/product.md): no password here; the person chooses one from the emailed link. */
export function AddUserDialog({ onClose }: { onClose: () => void }) {
  const add = useAddUser();
  const me = useMe().data;
  const narrow = useMediaQuery('(max-width: 30em)');
  // Staff add students, faculty and personnel; administrators also add administrators and staff.
  const kinds = NEW_ACCOUNT_KINDS.filter((k) => me && mayManageAccount(me.role, k === 'admin' ? 'staff' : k));
  const form = useSchemaForm(
    addUserForm,
    { kind: 'student', fullName: '', email: '', contactNumber: '', jobType: '', adminRole: '', departmentId: null as number | null },
    {
      show: 'first',
      toBody: ({ jobType, adminRole, departmentId, ...rest }) => ({
        ...rest,
        ...(rest.kind !== 'admin' ? { departmentId } : {}),
        ...(rest.kind === 'personnel' && jobType ? { jobType } : {}),
        ...(rest.kind === 'admin' && adminRole ? { adminRole } : {}),
      }),
    },
  );
  const submit = async (body: ReturnType<typeof form.getTransformedValues>) => {
    const res = await add.mutateAsync(body);
    done(res.message);
    onClose();
  };
  const { kind } = form.values;

  return (
    <FormDialog
      form={form}
      title="Add User"
      onClose={onClose}
      onSubmit={submit}
      failure={(err) => `Error adding user: ${messageOf(err)}`}
      submitLabel="Add User"
      busy={add.isPending}
    >
      <SegmentedControl
        aria-label="Kind of account"
        fullWidth
        orientation={narrow ? 'vertical' : 'horizontal'}
        value={kind}
        onChange={(v) => form.setFieldValue('kind', v)}
        data={kinds.map((k) => ({ value: k, label: KIND_LABELS[k] }))}
      />
      <PersonFields field={form.getInputProps} />
      {kind === 'personnel' && <Select label="Job Type" required data={JOB_OPTIONS} {...choiceProps(form.getInputProps('jobType'))} />}
      {kind === 'admin' && (
        <Select
          label="Role"
          required
          data={[
            { value: 'admin', label: 'Admin' },
            { value: 'staff', label: 'Staff' },
          ]}
          {...choiceProps(form.getInputProps('adminRole'))}
        />
      )}
      {kind !== 'admin' && (
        <DepartmentSelect office value={form.values.departmentId} onChange={(id) => form.setFieldValue('departmentId', id)} />
      )}
      <Text size="xs" c="dimmed">
        The new person receives an email with a link to choose their password (valid 3 days, once).
      </Text>
    </FormDialog>
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
  const personnel = account.role === 'personnel';
  const me = useMe().data;
  // Only administrators change roles, and never their own.
  const roles = me && mayChangeRoles(me.role) && me.id !== account.id ? ROLE_CHOICES[account.role] : undefined;
  const form = useSchemaForm(
    editUserForm,
    {
      fullName: account.fullName,
      email: account.email,
      contactNumber: account.contactNumber,
      role: account.role as string,
      jobType: account.jobType ?? '',
      departmentId: account.departmentId,
    },
    {
      show: 'first',
      toBody: ({ role, jobType, ...rest }) => ({ ...rest, ...(roles ? { role } : {}), ...(personnel ? { jobType } : {}) }),
    },
  );
  const submit = async (body: ReturnType<typeof form.getTransformedValues>) => {
    const res = await edit.mutateAsync({ id: account.id, body });
    done(res.message);
    onClose();
  };

  return (
    <FormDialog
      form={form}
      title={`Edit ${account.fullName}`}
      onClose={onClose}
      onSubmit={submit}
      failure={(err) => `${MSG.failedToUpdateUser}: ${err instanceof ApiError ? err.message : MSG.failedToConnect}`}
      alertTitle={MSG.validationError}
      submitLabel="Save Changes"
      busy={edit.isPending}
    >
      <PersonFields field={form.getInputProps} />
      {personnel && <Select label="Job Type" required data={JOB_OPTIONS} {...choiceProps(form.getInputProps('jobType'))} />}
      {roles && (
        <Select
          label="Role"
          required
          allowDeselect={false}
          data={roles}
          value={form.values.role}
          onChange={(v) => form.setFieldValue('role', v ?? form.values.role)}
        />
      )}
      <DepartmentSelect
        office
        current={account.departmentId}
        value={form.values.departmentId}
        onChange={(id) => form.setFieldValue('departmentId', id)}
      />
    </FormDialog>
  );
}
