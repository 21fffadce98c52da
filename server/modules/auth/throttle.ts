/**
 * The sign-in throttle (docs/decisions/passwords.md, scale.md), counted in the shared counters table before the password is checked,
 * so parallel guesses cannot slip past it. Refused outright: an account and address pair after 5 failures, and
 * an address after 30 attempts, each for the rest of its 15-minute window. Never locked: the account itself;
 * after repeated failures from anywhere its sign-ins are slowed down, so an attacker cannot deny a person
 * their own account from another address.
 */
import { MSG } from '../../../core/messages';
import type { Ctx } from '../../context';
import { clear, hit, peek, release } from '../../lib/counters';
import { HttpError } from '../../errors';

const WINDOW_MS = 15 * 60_000;
const MAX_PAIR_FAILURES = 5;
const MAX_ADDRESS_ATTEMPTS = 30;
/** Failures on an account (any address) before its sign-ins are slowed, and the longest slow-down. */
const SLOW_AFTER = 3;
const MAX_DELAY_MS = 8_000;

const keys = (email: string, ip: string) => {
  const e = email.trim().toLowerCase();
  return { pair: `login:pair:${e}|${ip}`, address: `login:ip:${ip}`, account: `login:acct:${e}` };
};

function refuse(resetAt: number): never {
  const minutes = Math.max(1, Math.ceil((resetAt - Date.now()) / 60_000));
  throw new HttpError(429, 'too_many_attempts', MSG.tooManyLogins(minutes), { retryAfterMinutes: minutes });
}

/** Growing delay for an account that has failed repeatedly: 0.5 s, 1 s, 2 s ... up to 8 s. */
function accountDelayMs(failures: number): number {
  return failures < SLOW_AFTER ? 0 : Math.min(MAX_DELAY_MS, 500 * 2 ** (failures - SLOW_AFTER));
}

/** Claims one sign-in attempt, or refuses it. Call before checking the password; then settle() with the outcome. */
export async function claimAttempt(ctx: Ctx, email: string, ip: string) {
  const k = keys(email, ip);
  const address = await hit(ctx.db, k.address, WINDOW_MS);
  if (address.hits > MAX_ADDRESS_ATTEMPTS) refuse(address.resetAt);
  const pair = await hit(ctx.db, k.pair, WINDOW_MS);
  if (pair.hits > MAX_PAIR_FAILURES) {
    await release(ctx.db, k.address);
    refuse(pair.resetAt);
  }
  const delay = accountDelayMs((await peek(ctx.db, k.account)).hits);
  if (delay) await new Promise((r) => setTimeout(r, delay));

  return {
    /** A right password clears the pair and gives back the address's attempt; a wrong one counts on the account. */
    async settle(ok: boolean) {
      if (ok) {
        await clear(ctx.db, k.pair);
        await clear(ctx.db, k.account);
        await release(ctx.db, k.address);
      } else {
        await hit(ctx.db, k.account, WINDOW_MS);
      }
    },
  };
}
