import { useEffect, useState } from 'react';
import { Alert, Button, Divider, Stack } from '@mantine/core';
import { CAMPUS_OUTCOMES, isCampusOutcome, type CampusOutcome } from '../../../core/auth/campus';
import { MSG } from '../../../core/messages';
import { ApiError } from '../../lib/api';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { useSiteStatus } from '../site/api';
import { useCampusStart } from './api';

/** Outcomes that are news, not a failure: the account is made and waits for the office. */
const GOOD_NEWS: readonly CampusOutcome[] = ['created', 'pending'];

/**
 * "Sign in with <name>" on the student and faculty and the personnel sign-in pages, when campus sign-in is set up
 * (docs/decisions/campus-sign-in.md); and, after the provider sent the browser back without a session, why.
 */
export function CampusSignIn({ portal, remember }: { portal: 'user' | 'personnel'; remember: boolean }) {
  const campus = useSiteStatus().data?.campusSignIn ?? null;
  const startSignIn = useCampusStart();
  const [outcome, setOutcome] = useState<CampusOutcome | null>(null);
  const [error, setError] = useState<string | null>(null);

  // The page is pre-rendered: the answer in the address is read once it runs in the browser.
  useEffect(() => {
    const found = new URLSearchParams(window.location.search).get('campus');
    if (isCampusOutcome(found)) setOutcome(found);
  }, []);

  const go = async () => {
    setError(null);
    setOutcome(null);
    try {
      const { url } = await startSignIn.mutateAsync({ portal, remember });
      window.location.assign(url);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      setError(err.isNetwork ? MSG.unableToConnect : err.message);
    }
  };

  const good = outcome && GOOD_NEWS.includes(outcome);
  return (
    <Stack gap="sm">
      {outcome && (
        <Alert
          color={good ? 'blue' : 'red'}
          variant="light"
          role={good ? 'status' : 'alert'}
          title={good ? 'Account created' : 'Campus sign-in'}
        >
          {CAMPUS_OUTCOMES[outcome]}
        </Alert>
      )}
      {campus && (
        <>
          <ErrorAlert title="Campus sign-in" message={error} />
          <Button variant="default" fullWidth onClick={() => void go()} loading={startSignIn.isPending}>
            Sign in with {campus.name}
          </Button>
          <Divider label="or with your password" labelPosition="center" />
        </>
      )}
    </Stack>
  );
}
