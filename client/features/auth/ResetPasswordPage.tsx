import { useState } from 'react';
import { Alert, Anchor, Button, Checkbox, Stack, TextInput } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { passwordResetForm } from '../../../core/accounts/forms';
import { firstError } from '../../../core/common/forms';
import { MSG } from '../../../core/messages';
import { PORTAL_LOGIN } from '../../../core/roles';
import { ApiError } from '../../lib/api';
import { AppLink } from '../../lib/navigation';
import { AuthCard } from '../../ui/AuthCard';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { PageLoader } from '../../ui/PageLoader';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { useResetLink, useResetPassword } from './api';

/** The page an emailed password link opens: a used or expired link says so at once. */
export function ResetPasswordPage() {
  useDocumentTitle('Choose a new password');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const link = useResetLink(token);
  const reset = useResetPassword();
  const [newPassword, setNew] = useState('');
  const [confirmPassword, setConfirm] = useState('');
  const [shown, setShown] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (token && link.isPending) return <PageLoader />;
  const invalid = !token || link.data?.valid === false || (reset.error instanceof ApiError && reset.error.is('invalid_reset_link'));

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const problem = firstError(passwordResetForm, { newPassword, confirmPassword });
    setError(problem);
    if (problem) return;
    reset.mutate(
      { token, newPassword, confirmPassword },
      { onError: (err) => setError(err instanceof ApiError ? err.message : MSG.unableToConnect) },
    );
  };

  return (
    <AuthCard title="Choose a new password">
      {reset.isSuccess ? (
        <Stack gap="sm">
          <Alert color="green" role="status">
            {reset.data.message}
          </Alert>
          <Button component={AppLink} to={PORTAL_LOGIN[reset.data.portal]} fullWidth>
            Sign In
          </Button>
        </Stack>
      ) : invalid ? (
        <Stack gap="sm">
          <Alert color="red" role="alert">
            {MSG.resetLinkInvalid}
          </Alert>
          <Anchor component={AppLink} to="/forgot-password" ta="center">
            Ask for a new link
          </Anchor>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <ErrorAlert message={error ?? (link.isError ? MSG.unableToConnect : null)} />
            <TextInput
              label="New Password"
              type={shown ? 'text' : 'password'}
              required
              autoComplete="new-password"
              value={newPassword}
              onChange={(e) => setNew(e.currentTarget.value)}
            />
            <TextInput
              label="Confirm New Password"
              type={shown ? 'text' : 'password'}
              required
              autoComplete="new-password"
              value={confirmPassword}
              onChange={(e) => setConfirm(e.currentTarget.value)}
            />
            <Checkbox label="Show passwords" checked={shown} onChange={(e) => setShown(e.currentTarget.checked)} />
            <Button type="submit" loading={reset.isPending} disabled={!newPassword || !confirmPassword} fullWidth>
              Set New Password
            </Button>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}
