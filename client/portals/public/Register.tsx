import { useState } from 'react';
import { Anchor, Button, PasswordInput, Progress, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { MSG } from '../../../core/messages';
import { LIMITS, PASSWORD_MAX, registrationForm } from '../../../core/auth/rules';
import { firstError } from '../../../core/common/forms';
import { kindFromMime } from '../../../core/files';
import { api, ApiError } from '../../lib/api';
import { AuthCard } from '../../ui/AuthCard';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { FileDrop } from '../../ui/FileDrop';
import { DepartmentSelect } from '../../features/departments/DepartmentSelect';
import { useDocumentTitle } from '../../ui/useDocumentTitle';

const ID_ACCEPT = ['image/jpeg', 'image/png', 'application/pdf'];

export default function Register() {
  useDocumentTitle('Register');
  const navigate = useNavigate();
  const [form, setForm] = useState({
    full_name: '',
    email: '',
    contact_number: '',
    role: '',
    password: '',
    confirm_password: '',
    department_id: '',
  });
  const [file, setFile] = useState<File | null>(null);
  const [said, setError] = useState<{ message: string; server?: boolean } | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const set = (k: keyof typeof form) => (v: string) => setForm((f) => ({ ...f, [k]: v }));
  const first = firstError(registrationForm, { ...form, id_file: file ? { size: file.size, kind: kindFromMime(file.type) } : null });
  // A message leaves once its cause is fixed: the form's own while it is still the first failure, the server's until
  // the next change.
  const [answered, setAnswered] = useState({ form, file });
  const error = said && (said.server ? answered.form === form && answered.file === file : said.message === first) ? said.message : null;

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setError(first ? { message: first } : null);
    if (first) return window.scrollTo({ top: 0, behavior: 'smooth' });
    const data = new FormData();
    for (const [k, v] of Object.entries(form)) data.append(k, v);
    data.append('id_file', file!);
    setProgress(0);
    try {
      const res = await api.upload('/api/auth/register', data, { onProgress: setProgress });
      navigate('/login', { state: { message: res.message } });
    } catch (err) {
      setProgress(null);
      if (!(err instanceof ApiError)) throw err;
      setError({ message: err.isNetwork ? MSG.networkError : err.message || MSG.registrationFailed, server: true });
      setAnswered({ form, file });
      window.scrollTo({ top: 0, behavior: 'smooth' });
    }
  };

  return (
    <AuthCard
      title="Create an Account"
      width={560}
      subtitle="Students and faculty register here. An administrator reviews your ID before your account can be used (usually 1-2 business days)."
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <ErrorAlert message={error} />
          <TextInput
            label="Full name"
            required
            autoComplete="name"
            maxLength={LIMITS.fullName}
            description={`Up to ${LIMITS.fullName} characters`}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            value={form.full_name}
            onChange={(e) => set('full_name')(e.currentTarget.value)}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Email"
              type="email"
              required
              autoComplete="email"
              maxLength={LIMITS.email}
              value={form.email}
              onChange={(e) => set('email')(e.currentTarget.value)}
            />
            <TextInput
              label="Contact number"
              type="tel"
              required
              autoComplete="tel"
              inputMode="tel"
              description="7 to 15 digits, an optional + first; spaces and dashes are fine"
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              maxLength={LIMITS.contactNumber}
              value={form.contact_number}
              onChange={(e) => set('contact_number')(e.currentTarget.value)}
            />
          </SimpleGrid>
          <Select
            label="Role"
            required
            placeholder="Select your role"
            value={form.role || null}
            onChange={(v) => set('role')(v ?? '')}
            data={[
              { value: 'student', label: 'Student' },
              { value: 'faculty', label: 'Faculty' },
            ]}
            allowDeselect={false}
          />
          {/* docs/decisions/departments.md: optional, after the fields the registration has always had. */}
          <DepartmentSelect
            value={form.department_id ? Number(form.department_id) : null}
            onChange={(id) => set('department_id')(id ? String(id) : '')}
          />
          <FileDrop
            id="id-file"
            label="University ID (JPEG, PNG or PDF, under 5 MB)"
            hint="Upload a photo or scan of your university ID"
            accept={ID_ACCEPT}
            file={file}
            onFile={setFile}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <PasswordInput
              label="Password"
              required
              autoComplete="new-password"
              description={`6 to ${PASSWORD_MAX} characters`}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              maxLength={PASSWORD_MAX}
              value={form.password}
              onChange={(e) => set('password')(e.currentTarget.value)}
              visibilityToggleButtonProps={{ 'aria-label': 'Show or hide password' }}
            />
            <PasswordInput
              label="Confirm password"
              required
              autoComplete="new-password"
              maxLength={PASSWORD_MAX}
              value={form.confirm_password}
              onChange={(e) => set('confirm_password')(e.currentTarget.value)}
              visibilityToggleButtonProps={{ 'aria-label': 'Show or hide confirm password' }}
            />
          </SimpleGrid>
          {progress !== null && <Progress value={progress * 100} aria-label="Upload progress" animated />}
          <Button type="submit" loading={progress !== null}>
            Register
          </Button>
          <Text size="sm" ta="center">
            Already have an account?{' '}
            <Anchor component={Link} to="/login">
              Login
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
