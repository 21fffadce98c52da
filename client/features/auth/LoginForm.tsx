import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { Alert, Anchor, Button, Checkbox, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { MSG } from '../../../core/messages';
import { PORTAL_HOME, PORTAL_LOGIN, type Portal } from '../../../core/roles';
import { ApiError } from '../../lib/api';
import { AppLink, useNavigation } from '../../lib/navigation';
import { storage } from '../../lib/storage';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { useLogin } from './api';
import { CampusSignIn } from './CampusSignIn';

const loadNoticeDialog = () => import('../../ui/NoticeDialog');
const NoticeDialog = lazy(loadNoticeDialog);

const VERIFY_PATH: Partial<Record<Portal, string>> = { user: '/verify-email', personnel: '/verify-personnel-email' };

export interface LoginFormProps {
  portal: Portal;
  identifierLabel: string;
  identifierPlaceholder: string;
  links?: ReactNode;
  /** The user portal confirms success in a dialog with Continue to Dashboard (docs/product.md). */
  successDialog?: boolean;
}

export function LoginForm({ portal, identifierLabel, identifierPlaceholder, links, successDialog }: LoginFormProps) {
  const login = useLogin();
  const { go, state } = useNavigation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [error, setError] = useState<{ title: string; message: string } | null>(null);
  const [pending, setPending] = useState<string | null>(null);
  const [succeeded, setSucceeded] = useState(false);

  // The sign-in pages arrive pre-rendered: what was typed or autofilled before the script took over is kept.
  const emailField = useRef<HTMLInputElement>(null);
  const passwordField = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (emailField.current?.value) setEmail(emailField.current.value);
    if (passwordField.current?.value) setPassword(passwordField.current.value);
  }, []);

  const { from, message: notice } = (state ?? {}) as { from?: string; message?: string };
  // A short address (/r/CODE, /u/TAG, from a scanned label) opens the right page for any role, so it comes back
  // from every portal's sign-in (docs/decisions/rooms-and-followers.md).
  const short = !!from && /^\/[ru]\/[^/]+$/.test(from);
  const home = from && (short || from.startsWith(PORTAL_HOME[portal])) ? from : PORTAL_HOME[portal];

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    void loadNoticeDialog(); // so an answer that needs the dialog shows it at once
    try {
      await login.mutateAsync({ email, password, remember, portal });
      if (successDialog) setSucceeded(true);
      else {
        go(home, { replace: true, notice: { color: 'green', title: MSG.loginSuccess, message: 'Welcome back.' } });
      }
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      if (err.isNetwork) return setError({ title: MSG.connectionError, message: MSG.unableToConnect });
      if (err.is('pending_approval')) return setPending(err.message);
      if (err.is('email_not_verified') && VERIFY_PATH[portal]) {
        const target = err.body.email ?? email;
        storage.setPendingEmail(target);
        go(VERIFY_PATH[portal]!, { state: { email: target, expiresIn: err.body.expiresIn, devCode: err.body.code } });
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
          {portal !== 'admin' && <CampusSignIn portal={portal} remember={remember} />}
          <TextInput
            label={identifierLabel}
            placeholder={identifierPlaceholder}
            required
            autoComplete="username"
            ref={emailField}
            type={portal === 'user' ? 'email' : 'text'}
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
          />
          <PasswordInput
            label="Password"
            required
            autoComplete="current-password"
            ref={passwordField}
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            visibilityToggleButtonProps={{ 'aria-label': 'Show or hide password' }}
          />
          <Group justify="space-between" gap="xs">
            <Checkbox label="Remember me" checked={remember} onChange={(e) => setRemember(e.currentTarget.checked)} />
            <Anchor component={AppLink} to={portal === 'user' ? '/forgot-password' : `/forgot-password?portal=${portal}`} size="sm">
              Forgot password?
            </Anchor>
          </Group>
          <Button type="submit" loading={login.isPending} disabled={!email.trim() || !password} fullWidth>
            Sign In
          </Button>
          {links}
          {short && portal === 'user' && (
            <Alert color="gray" variant="light" role="note" title="Work for the office?">
              <Stack gap={4}>
                <span>Sign in at your own page; you will come back to the label you scanned.</span>
                <Group gap="md">
                  <Anchor component="button" type="button" size="sm" onClick={() => go(PORTAL_LOGIN.admin, { state: { from } })}>
                    Staff and administrator sign-in
                  </Anchor>
                  <Anchor component="button" type="button" size="sm" onClick={() => go(PORTAL_LOGIN.personnel, { state: { from } })}>
                    Personnel sign-in
                  </Anchor>
                </Group>
              </Stack>
            </Alert>
          )}
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
              onAction={() => go(home, { replace: true })}
              onClose={() => go(home, { replace: true })}
            />
          )}
        </Suspense>
      )}
    </>
  );
}
