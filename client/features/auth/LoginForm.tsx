import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Alert, Button, Checkbox, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useLocation, useNavigate } from 'react-router';
import { MSG } from '../../../core/messages';
import { PORTAL_HOME, type Portal } from '../../../core/roles';
import { ApiError } from '../../lib/api';
import { storage } from '../../lib/storage';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { notify } from '../../ui/notify';
import { useLogin } from './api';

const loadNoticeDialog = () => import('../../ui/NoticeDialog');
const NoticeDialog = lazy(loadNoticeDialog);

const VERIFY_PATH: Partial<Record<Portal, string>> = { user: '/verify-email', personnel: '/verify-personnel-email' };

export interface LoginFormProps {
  portal: Portal;
  identifierLabel: string;
  identifierPlaceholder: string;
  links?: ReactNode;
  /** The user portal confirms success in a dialog with Continue to Dashboard (spec 000). */
  successDialog?: boolean;
}

export function LoginForm({ portal, identifierLabel, identifierPlaceholder, links, successDialog }: LoginFormProps) {
  const login = useLogin();
  const navigate = useNavigate();
  const location = useLocation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [error, setError] = useState<{ title: string; message: string } | null>(null);
  const [pending, setPending] = useState<string | null>(null);
  const [succeeded, setSucceeded] = useState(false);

  const { from, message: notice } = (location.state ?? {}) as { from?: string; message?: string };
  const home = from?.startsWith(PORTAL_HOME[portal]) ? from : PORTAL_HOME[portal];

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    void loadNoticeDialog(); // so an answer that needs the dialog shows it at once
    try {
      await login.mutateAsync({ email, password, remember, portal });
      if (successDialog) setSucceeded(true);
      else {
        notify({ color: 'green', title: MSG.loginSuccess, message: 'Welcome back.' });
        navigate(home, { replace: true });
      }
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      if (err.isNetwork) return setError({ title: MSG.connectionError, message: MSG.unableToConnect });
      if (err.is('pending_approval')) return setPending(err.message);
      if (err.is('email_not_verified') && VERIFY_PATH[portal]) {
        const target = err.body.email ?? email;
        storage.setPendingEmail(target);
        navigate(VERIFY_PATH[portal]!, { state: { email: target, expiresIn: err.body.expiresIn, devCode: err.body.code } });
        return;
      }
      setError({ title: MSG.loginFailed, message: err.message || MSG.invalidCredentials });
    }
  };

  return (
    <>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {notice && !error && (
            <Alert color="blue" role="status">
              {notice}
            </Alert>
          )}
          <ErrorAlert title={error?.title} message={error?.message} />
          <TextInput
            label={identifierLabel}
            placeholder={identifierPlaceholder}
            required
            autoComplete="username"
            type={portal === 'user' ? 'email' : 'text'}
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
          />
          <PasswordInput
            label="Password"
            required
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            visibilityToggleButtonProps={{ 'aria-label': 'Show or hide password' }}
          />
          <Checkbox label="Remember me" checked={remember} onChange={(e) => setRemember(e.currentTarget.checked)} />
          <Button type="submit" loading={login.isPending} disabled={!email.trim() || !password} fullWidth>
            Sign In
          </Button>
          {links}
        </Stack>
      </form>

      {(pending !== null || succeeded) && (
        <Suspense fallback={null}>
          {pending !== null ? (
            <NoticeDialog
              title={MSG.accountPendingTitle}
              text={pending}
              action="OK"
              onAction={() => setPending(null)}
              onClose={() => setPending(null)}
            />
          ) : (
            <NoticeDialog
              title={MSG.loginSuccess}
              text="You are signed in."
              action="Continue to Dashboard"
              onAction={() => navigate(home, { replace: true })}
              onClose={() => navigate(home, { replace: true })}
            />
          )}
        </Suspense>
      )}
    </>
  );
}
