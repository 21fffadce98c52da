import { useEffect, useState } from 'react';
import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { notify } from '../../ui/notify';
import { useQueryClient } from '@tanstack/react-query';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { MSG } from '../../../core/messages';
import { PORTAL_HOME, PORTAL_LOGIN, type Portal } from '../../../core/roles';
import { isSixDigitCode, sanitizeCode } from '../../../core/auth/rules';
import { plural } from '../../../core/format';
import { api, ApiError } from '../../lib/api';
import { storage } from '../../lib/storage';
import { AuthCard } from '../../ui/AuthCard';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { meKey } from '../../lib/queryKeys';

const START_ATTEMPTS = 5;
const formatClock = (s: number) => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;

interface NavState {
  email?: string;
  expiresIn?: number;
  devCode?: string;
}

/** /verify-email and /verify-personnel-email (docs/product.md). */
export function VerifyEmailPage({ portal, backLabel }: { portal: Portal; backLabel: string }) {
  useDocumentTitle('Verify your email');
  const location = useLocation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const state = (location.state ?? {}) as NavState;
  const email = state.email ?? storage.pendingEmail();
  const [code, setCode] = useState('');
  const [secondsLeft, setSecondsLeft] = useState((state.expiresIn ?? 15) * 60);
  const [attempts, setAttempts] = useState(START_ATTEMPTS);
  const [devCode, setDevCode] = useState(state.devCode);
  const [submitting, setSubmitting] = useState(false);
  const [resending, setResending] = useState(false);
  const [error, setError] = useState<{ title: string; message: string } | null>(null);
  // The hour's wrong codes are spent: nothing can be verified or sent until this runs out (the server says how long).
  const [lockedSeconds, setLockedSeconds] = useState(0);
  const locked = lockedSeconds > 0;

  // The server knows the true countdown and attempts (a reloaded page, a second tab); a lost ticket means signing in again.
  useEffect(() => {
    let live = true;
    api.get('/api/auth/verification').then(
      (s) => {
        if (!live) return;
        setSecondsLeft(s.expiresInSeconds);
        setAttempts(s.attemptsLeft);
        setLockedSeconds(s.lockedSeconds);
      },
      (err) => {
        if (live && err instanceof ApiError && err.is('no_pending_verification')) {
          storage.clearPendingEmail();
          navigate(PORTAL_LOGIN[portal], { replace: true, state: { notice: err.message } });
        }
      },
    );
    return () => {
      live = false;
    };
  }, [navigate, portal]);

  useEffect(() => {
    if (secondsLeft <= 0) return;
    const t = setTimeout(() => setSecondsLeft((s) => s - 1), 1000);
    return () => clearTimeout(t);
  }, [secondsLeft]);
  useEffect(() => {
    if (lockedSeconds <= 0) return;
    const t = setTimeout(() => setLockedSeconds((s) => s - 1), 1000);
    return () => clearTimeout(t);
  }, [lockedSeconds]);

  if (!email) return <Navigate to={PORTAL_LOGIN[portal]} replace />;

  const verify = async (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    if (!isSixDigitCode(code)) return setError({ title: MSG.invalidCodeTitle, message: MSG.invalidCodeMessage });
    setSubmitting(true);
    try {
      const res = await api.post('/api/auth/verify-email', { body: { code } });
      storage.clearPendingEmail();
      qc.setQueryData(meKey, res.account);
      notify({ color: 'green', title: MSG.emailVerified, message: 'Your email address is confirmed.' });
      navigate(PORTAL_HOME[portal], { replace: true });
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      if (err.isNetwork) setError({ title: MSG.connectionError, message: MSG.unableToVerify });
      else {
        if (err.is('wrong_code')) setAttempts(err.body.attemptsLeft);
        else if (err.is('no_attempts_left')) setAttempts(0);
        else if (err.is('too_many_codes')) return lockOut(err.body.retryAfterSeconds);
        else if (err.is('no_pending_verification')) navigate(PORTAL_LOGIN[portal], { replace: true });
        setError({ title: MSG.verificationFailed, message: err.message });
      }
      setSubmitting(false);
    }
  };

  const resend = async () => {
    setError(null);
    setResending(true);
    try {
      const res = await api.post('/api/auth/send-verification');
      setSecondsLeft(res.expiresIn * 60);
      setAttempts(START_ATTEMPTS);
      setDevCode(res.code);
      setCode('');
      notify({ color: 'green', title: MSG.codeSent, message: `A new code was sent to ${email}.` });
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      if (err.is('too_many_codes') && err.message === MSG.tooManyCodes(Math.ceil(err.body.retryAfterSeconds / 60)))
        return lockOut(err.body.retryAfterSeconds);
      setError({ title: MSG.failedToSend, message: err.isNetwork ? MSG.unableToSend : err.message });
    } finally {
      setResending(false);
    }
  };

  // The lockout shows as its own notice with the time left, not as a failure of the last press.
  const lockOut = (seconds: number) => {
    setLockedSeconds(seconds);
    setSubmitting(false);
  };

  const back = () => {
    storage.clearPendingEmail();
    navigate(PORTAL_LOGIN[portal]);
  };

  return (
    <AuthCard
      title="Verify Your Email"
      subtitle={
        <>
          We sent a 6-digit code to <strong>{email}</strong>.
        </>
      }
    >
      <form onSubmit={verify} noValidate>
        <Stack gap="sm">
          <ErrorAlert title={error?.title} message={error?.message} />
          <TextInput
            label="Verification code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={(e) => setCode(sanitizeCode(e.currentTarget.value))}
            styles={{ input: { letterSpacing: '0.5em', fontSize: 22, textAlign: 'center' } }}
          />
          <Text size="sm" ta="center" c={secondsLeft > 0 ? 'dark.6' : 'red.8'} role="timer" aria-live="off">
            {secondsLeft > 0 ? `Code expires in ${formatClock(secondsLeft)}` : 'The code has expired. Request a new one.'}
          </Text>
          {locked && (
            <Alert color="red" role="status" title={MSG.verificationLockedTitle}>
              {MSG.tooManyCodes(Math.ceil(lockedSeconds / 60))}
            </Alert>
          )}
          {!locked && attempts < START_ATTEMPTS && (
            <Alert color={attempts > 0 ? 'yellow' : 'red'} role="status">
              {attempts > 0 ? `${plural(attempts, 'verification attempt')} remaining` : MSG.noAttemptsLeft}
            </Alert>
          )}
          <Button
            type="submit"
            loading={submitting}
            disabled={submitting || locked || code.length !== 6 || secondsLeft <= 0 || attempts <= 0}
          >
            Verify
          </Button>
          <Group grow>
            <Button variant="default" onClick={resend} loading={resending} disabled={locked || (secondsLeft > 0 && attempts > 0)}>
              Resend Code
            </Button>
            {devCode && (
              <Button variant="light" color="grape" onClick={() => setCode(devCode)} title="Development only: fill in the code">
                Test
              </Button>
            )}
          </Group>
          <Button variant="subtle" onClick={back}>
            {backLabel}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
