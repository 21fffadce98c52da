import { useState } from 'react';
import { Alert, Anchor, Button, Group, Stack, TextInput } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { isEmail } from '../../../core/auth/rules';
import { MSG } from '../../../core/messages';
import { PORTAL_LOGIN, PORTALS, type Portal } from '../../../core/roles';
import { ApiError } from '../../lib/api';
import { AppLink } from '../../lib/navigation';
import { AuthCard } from '../../ui/AuthCard';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { useForgotPassword } from './api';

/** "Forgot password?" from any of the three sign-in pages: a one-time link by email (beyond the spec). */
export function ForgotPasswordPage() {
  useDocumentTitle('Forgot password');
  const [params] = useSearchParams();
  const portal: Portal = (PORTALS as readonly string[]).includes(params.get('portal') ?? '') ? (params.get('portal') as Portal) : 'user';
  const send = useForgotPassword();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const problem = !email.trim() ? MSG.emailRequired : !isEmail(email) ? MSG.emailInvalid : null;
    setError(problem);
    if (problem) return;
    send.mutate(email.trim(), { onError: (err) => setError(err instanceof ApiError ? err.message : MSG.unableToConnect) });
  };

  return (
    <AuthCard
      title="Forgot your password?"
      subtitle="Enter the email of your account and we will send you a link to choose a new password."
    >
      {send.isSuccess ? (
        <Stack gap="sm">
          <Alert color="green" role="status">
            {send.data.message}
          </Alert>
          <Anchor component={AppLink} to={PORTAL_LOGIN[portal]} ta="center">
            Back to sign in
          </Anchor>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <ErrorAlert message={error} />
            <TextInput
              label="Email"
              type="email"
              required
              autoComplete="email"
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
            />
            <Button type="submit" loading={send.isPending} fullWidth>
              Send Reset Link
            </Button>
            <Group justify="center">
              <Anchor component={AppLink} to={PORTAL_LOGIN[portal]} size="sm">
                Back to sign in
              </Anchor>
            </Group>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}
