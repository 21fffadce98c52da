/**
 * Limits on verification codes. Wrong codes per account per hour, across every code sent (docs/decisions/registration-and-verification.md
 * counts 5 per code). Once they are spent the account is locked out of verifying until the hour ends: the
 * verification screen is told so with the time left, and no new code is mailed meanwhile (it could not be used).
 */
import { MSG } from '../../../core/messages';
import type { Db } from '../../db/database';
import { HttpError } from '../../errors';
import { clear, hit, peek } from '../../lib/counters';

const MAX_CODE_TRIES_PER_HOUR = 10;
const HOUR_MS = 3600_000;
const key = (accountId: number) => `verify:try:${accountId}`;

const secondsUntil = (resetAt: number) => Math.max(1, Math.ceil((resetAt - Date.now()) / 1000));
const refusal = (resetAt: number) => {
  const seconds = secondsUntil(resetAt);
  return new HttpError(429, 'too_many_codes', MSG.tooManyCodes(Math.ceil(seconds / 60)), { retryAfterSeconds: seconds });
};

/** The hour's code mails are spent (the count is the caller's): refused with the time left. */
export function codeMailsRefusal(resetAt: number) {
  const seconds = secondsUntil(resetAt);
  return new HttpError(429, 'too_many_codes', MSG.tooManyCodeMails(Math.ceil(seconds / 60)), { retryAfterSeconds: seconds });
}

/** Counts one try before the code is compared, so parallel guesses cannot pass the limit; refuses past it. */
export async function countCodeTry(db: Db, accountId: number): Promise<void> {
  const tries = await hit(db, key(accountId), HOUR_MS);
  if (tries.hits > MAX_CODE_TRIES_PER_HOUR) throw refusal(tries.resetAt);
}

/** Seconds until the account may try codes again; 0 when it may now. */
export async function codeLockout(db: Db, accountId: number): Promise<number> {
  const tries = await peek(db, key(accountId));
  return tries.hits >= MAX_CODE_TRIES_PER_HOUR ? secondsUntil(tries.resetAt) : 0;
}

/** Refuses (429, with the time left) while the account is locked out of verifying. */
export async function refuseWhileLocked(db: Db, accountId: number): Promise<void> {
  const tries = await peek(db, key(accountId));
  if (tries.hits >= MAX_CODE_TRIES_PER_HOUR) throw refusal(tries.resetAt);
}

/** A verified email forgets its wrong tries. */
export const clearCodeTries = (db: Db, accountId: number) => clear(db, key(accountId));
