/**
 * Signing up and signing in (docs/product.md, docs/decisions/form-checks.md; docs/decisions/passwords.md, registration-and-verification.md): registration checked in the form's order,
 * sign-in with a per-account and per-address throttle, and email verification codes.
 */
import crypto from 'node:crypto';
import { passwordChangeForm, passwordResetForm } from '../../../core/accounts/forms';
import type { AddUserBody, PasswordChangeBody, ResetPasswordBody } from '../../../core/accounts/schemas';
import { firstError } from '../../../core/common/forms';
import { MSG } from '../../../core/messages';
import { PORTAL_LOGIN, PORTAL_ROLES, portalOf, type Portal } from '../../../core/roles';
import type { Ctx } from '../../context';
import type { Db } from '../../db/database';
import type { Account } from '../../db/schema';
import { badRequest, forbidden, HttpError, tooMany } from '../../errors';
import { clear, hit } from '../../lib/counters';
import { DUMMY_HASH, hashPassword, verifyPassword } from '../../lib/passwords';
import { addUser, findAccount, findByEmail, findByLogin, markEmailVerified, setPasswordHash } from '../accounts';
import { clearCodeTries, codeMailsRefusal, codeLockout, countCodeTry, refuseWhileLocked } from './codeLimits';
import { claimAttempt } from './throttle';

const HOUR_MS = 3600_000;

// ---- sign-in ----

/**
 * Checks a sign-in at one portal and answers the account to start a session for. Unknown email and wrong
 * password answer the same (docs/decisions/passwords.md). An unverified email answers 'email_not_verified' with a ticket:
 * only the holder of that ticket, who has just proved the password, may submit or request codes.
 */
export async function signIn(
  ctx: Ctx,
  input: { email: string; password: string; remember: boolean; portal: Portal },
  ip: string,
): Promise<{ account: Account; verify?: undefined } | { verify: { ticket: string; error: HttpError } }> {
  const { email, password, remember, portal } = input;
  const attempt = await claimAttempt(ctx, email, ip);
  const account = await findByLogin(ctx.db, email);
  const ok = (await verifyPassword(password, account?.password_hash ?? DUMMY_HASH)) && !!account;
  await attempt.settle(ok);
  if (!account || !ok) throw new HttpError(401, 'invalid_credentials', MSG.invalidCredentials);
  if (!PORTAL_ROLES[portal].includes(account.role)) throw forbidden(MSG.wrongPortal, 'wrong_portal');
  if (account.status === 'pending') throw forbidden(MSG.pendingApproval, 'pending_approval');
  if (account.status === 'rejected') throw forbidden(MSG.accountRejected, 'account_rejected');
  if (account.deactivated_at) throw forbidden(MSG.accountDeactivated, 'account_deactivated');
  // docs/decisions/campus-sign-in.md: a role's password sign-in may be turned off; only once the password is proved, so it tells no stranger who has an account.
  if (ctx.config.passwordSignInOff.includes(account.role)) {
    const name = ctx.config.campusSignIn?.name ?? 'your campus account';
    throw forbidden(MSG.passwordSignInOff(name), 'password_sign_in_off');
  }
  if (!account.email_verified && portal !== 'admin') {
    const pending = await startVerification(ctx, account, remember, ip);
    const error = new HttpError(403, 'email_not_verified', MSG.emailNotVerified, {
      email: account.email,
      expiresIn: pending.expiresIn,
      ...pending.devCode,
    });
    return { verify: { ticket: pending.ticket, error } };
  }
  return { account };
}

// ---- email verification (docs/decisions/registration-and-verification.md: six digits, stored hashed, valid 15 minutes, 5 attempts; a new code resets both) ----

const CODE_MINUTES = 15;
const CODE_ATTEMPTS = 5;
/** The ticket lives as long as a code can; a new sign-in gives a new one. */
export const TICKET_MINUTES = 30;
/** Mails are spaced out, and capped per account per hour, whoever asks. */
const RESEND_AFTER_S = 60;
const MAX_CODE_MAILS_PER_HOUR = 5;

const hashCode = (accountId: number, code: string) => crypto.createHash('sha256').update(`${accountId}:${code}`).digest('hex');
const hashTicket = (ticket: string) => crypto.createHash('sha256').update(ticket).digest('hex');

/** Codes travel in responses only in development mode and only to this machine (the Test button). */
const devCode = (ctx: Ctx, ip: string, code: string | null) => (ctx.config.dev && code && isLoopback(ip) ? { code } : {});
const isLoopback = (ip: string) => ip === '127.0.0.1' || ip === '::1' || ip === '::ffff:127.0.0.1';

const secondsUntil = (iso: string) => Math.max(0, Math.ceil((Date.parse(iso) - Date.now()) / 1000));

/**
 * A sign-in that proved the password for an unverified account: a fresh ticket, and a new code mailed unless
 * one was mailed under a minute ago (or the hour's mails are spent) and is still usable.
 */
async function startVerification(ctx: Ctx, account: Account, remember: boolean, ip: string) {
  const ticket = crypto.randomBytes(32).toString('base64url');
  const row = await ctx.db.selectFrom('verification_codes').selectAll().where('account_id', '=', account.id).executeTakeFirst();
  const usable = row && row.attempts_left > 0 && secondsUntil(row.expires_at) > 0;
  const recent = row?.sent_at && Date.now() - Date.parse(row.sent_at) < RESEND_AFTER_S * 1000;
  let code: string | null = null;
  // Locked out of verifying: no code is mailed, the verification screen says until when.
  if (!(usable && recent) && !(await codeLockout(ctx.db, account.id))) {
    const mails = await hit(ctx.db, `verify:mail:${account.id}`, HOUR_MS);
    if (mails.hits <= MAX_CODE_MAILS_PER_HOUR) code = await mailCode(ctx, account);
    else if (!usable) throw codeMailsRefusal(mails.resetAt);
  }
  await ctx.db
    .updateTable('verification_codes')
    .set({ ticket_hash: hashTicket(ticket), remember: remember ? 1 : 0 })
    .where('account_id', '=', account.id)
    .execute();
  // A new code runs its full time; a reused one (row is then set) what is left of it.
  const expiresIn = code ? CODE_MINUTES : row ? Math.ceil(secondsUntil(row.expires_at) / 60) : 0;
  return { ticket, expiresIn, devCode: devCode(ctx, ip, code) };
}

/** A new code for the account, stored hashed with fresh attempts, and mailed. Answers the code. */
async function mailCode(ctx: Ctx, account: Account): Promise<string> {
  const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
  const row = {
    account_id: account.id,
    code_hash: hashCode(account.id, code),
    expires_at: new Date(Date.now() + CODE_MINUTES * 60_000).toISOString(),
    attempts_left: CODE_ATTEMPTS,
    sent_at: new Date().toISOString(),
  };
  await ctx.db
    .insertInto('verification_codes')
    .values({ ...row, remember: 0 })
    .onConflict((oc) => oc.column('account_id').doUpdateSet(row))
    .execute();
  await ctx.mailer.send({
    to: account.email,
    subject: 'Your Campus GSO verification code',
    text: `Hello ${account.full_name},\n\nYour verification code is ${code}. It is valid for ${CODE_MINUTES} minutes.\n\nIf you did not try to sign in, you can ignore this message.\n\nGeneral Services Office`,
  });
  return code;
}

/** The account and code row a ticket stands for, if the ticket is current and the account still waits. */
async function byTicket(ctx: Ctx, ticket: string | undefined) {
  if (!ticket || ticket.length > 100) throw badRequest(MSG.noPendingVerification, 'no_pending_verification');
  const row = await ctx.db.selectFrom('verification_codes').selectAll().where('ticket_hash', '=', hashTicket(ticket)).executeTakeFirst();
  const account = row && (await findAccount(ctx.db, row.account_id));
  if (!row || !account || account.status !== 'accepted' || account.email_verified)
    throw badRequest(MSG.noPendingVerification, 'no_pending_verification');
  return { row, account };
}

/** Where the verification stands, so a reloaded page shows the true countdown and attempts. */
export async function verificationStatus(ctx: Ctx, ticket: string | undefined) {
  const { row, account } = await byTicket(ctx, ticket);
  const resendIn = row.sent_at ? Math.max(0, RESEND_AFTER_S - Math.floor((Date.now() - Date.parse(row.sent_at)) / 1000)) : 0;
  const lockedSeconds = await codeLockout(ctx.db, account.id);
  return { email: account.email, expiresInSeconds: secondsUntil(row.expires_at), attemptsLeft: row.attempts_left, resendIn, lockedSeconds };
}

/** A new code for the ticket's account, spaced a minute apart and at most five an hour. */
export async function resendCode(ctx: Ctx, ticket: string | undefined, ip: string) {
  const { row, account } = await byTicket(ctx, ticket);
  await refuseWhileLocked(ctx.db, account.id);
  const wait = row.sent_at ? RESEND_AFTER_S - Math.floor((Date.now() - Date.parse(row.sent_at)) / 1000) : 0;
  if (wait > 0) throw new HttpError(429, 'resend_too_soon', MSG.resendTooSoon(wait), { retryAfterSeconds: wait });
  const mails = await hit(ctx.db, `verify:mail:${account.id}`, HOUR_MS);
  if (mails.hits > MAX_CODE_MAILS_PER_HOUR) throw codeMailsRefusal(mails.resetAt);
  const code = await mailCode(ctx, account);
  return { message: MSG.codeSent, expiresIn: CODE_MINUTES, ...devCode(ctx, ip, code) };
}

/**
 * Checks a code for the ticket's account; on success marks the email verified and answers the account and
 * whether to remember the sign-in. Each try is counted before the code is compared, so parallel guesses
 * cannot exceed the code's attempts or the account's hourly tries.
 */
export async function verifyEmail(ctx: Ctx, ticket: string | undefined, code: string): Promise<{ account: Account; remember: boolean }> {
  const { row, account } = await byTicket(ctx, ticket);
  await countCodeTry(ctx.db, account.id);
  if (row.attempts_left <= 0) throw new HttpError(429, 'no_attempts_left', MSG.noAttemptsLeft, { attemptsLeft: 0 });
  if (secondsUntil(row.expires_at) <= 0) throw badRequest(MSG.codeExpired, 'code_expired');
  const taken = await ctx.db
    .updateTable('verification_codes')
    .set((eb) => ({ attempts_left: eb('attempts_left', '-', 1) }))
    .where('account_id', '=', account.id)
    .where('code_hash', '=', row.code_hash)
    .where('attempts_left', '>', 0)
    .returning('attempts_left')
    .executeTakeFirst();
  if (!taken) throw new HttpError(429, 'no_attempts_left', MSG.noAttemptsLeft, { attemptsLeft: 0 });
  const right = crypto.timingSafeEqual(Buffer.from(hashCode(account.id, code)), Buffer.from(row.code_hash));
  if (!right) {
    const left = Number(taken.attempts_left);
    if (left <= 0) throw new HttpError(429, 'no_attempts_left', MSG.noAttemptsLeft, { attemptsLeft: 0 });
    throw new HttpError(400, 'wrong_code', MSG.wrongCode(left), { attemptsLeft: left });
  }
  await ctx.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('verification_codes').where('account_id', '=', account.id).execute();
    await markEmailVerified(trx, account.id);
  });
  await clearCodeTries(ctx.db, account.id);
  return { account: { ...account, email_verified: 1 }, remember: row.remember === 1 };
}

// ---- passwords: changed in settings, or chosen from an emailed link ----

const PASSWORD_TRIES_PER_15_MIN = 10;
const RESET_MINUTES = 30;
const RESET_MAILS_PER_HOUR = 3;
const RESET_REQUESTS_PER_ADDRESS_PER_HOUR = 20;

/**
 * A signed-in person changes their password (settings): the current one must be right (guesses are counted),
 * the new one follows docs/decisions/passwords.md. Every other session of the account ends; this one stays.
 */
export async function changePassword(ctx: Ctx, me: Account, sessionId: string | null, body: PasswordChangeBody): Promise<void> {
  const error = firstError(passwordChangeForm, body);
  if (error) throw badRequest(error);
  const tries = await hit(ctx.db, `password:try:${me.id}`, 15 * 60_000);
  if (tries.hits > PASSWORD_TRIES_PER_15_MIN) throw tooMany(MSG.tooManyPasswordTries, 'too_many_requests');
  if (!(await verifyPassword(body.currentPassword, me.password_hash))) throw badRequest(MSG.currentPasswordWrong, 'wrong_password');
  const hash = await hashPassword(body.newPassword);
  await ctx.db.transaction().execute(async (trx) => {
    await setPasswordHash(trx, me.id, hash);
    await ctx.sessions.endOtherSessions(me.id, sessionId, trx);
    await ctx.activity.record(
      { actorId: me.id, subjectId: me.id, entity: { type: 'account', id: me.id } },
      { actionType: 'password_changed', description: `${me.full_name} changed their password` },
      trx,
    );
  });
  await clear(ctx.db, `password:try:${me.id}`);
}

const hashResetToken = (token: string) => crypto.createHash('sha256').update(`reset:${token}`).digest('hex');

/**
 * "Forgot password?": a one-time link, valid 30 minutes, mailed to the account with that email. The answer is
 * the same whether or not there is one, and the mail goes after the answer, so neither tells who has an account.
 */
export async function requestPasswordReset(ctx: Ctx, email: string, ip: string): Promise<void> {
  const mine = await hit(ctx.db, `reset:ip:${ip}`, HOUR_MS);
  if (mine.hits > RESET_REQUESTS_PER_ADDRESS_PER_HOUR) throw tooMany(MSG.tooManyResets, 'too_many_requests');
  const account = await findByEmail(ctx.db, email.trim().toLowerCase());
  if (!account || account.status === 'rejected' || account.deactivated_at) return;
  const mails = await hit(ctx.db, `reset:mail:${account.id}`, HOUR_MS);
  if (mails.hits > RESET_MAILS_PER_HOUR) return;
  const link = await newPasswordLink(ctx, account.id, RESET_MINUTES);
  ctx.mailer.sendLater({
    to: account.email,
    subject: 'Set a new Campus GSO password',
    text: `Hello ${account.full_name},\n\nSomeone (we hope you) asked to set a new password for your Campus GSO account. Open this link within ${RESET_MINUTES} minutes to choose one:\n\n${link}\n\nThe link works once. If you did not ask, ignore this message: your password stays as it is.\n\nGeneral Services Office`,
  });
}

/** A one-time link to choose a password, valid for `minutes`; only its hash is kept. */
async function newPasswordLink(ctx: Ctx, accountId: number, minutes: number, trx: Db = ctx.db): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url');
  const now = Date.now();
  await trx
    .insertInto('password_resets')
    .values({
      token_hash: hashResetToken(token),
      account_id: accountId,
      expires_at: new Date(now + minutes * 60_000).toISOString(),
      used_at: null,
      created_at: new Date(now).toISOString(),
    })
    .execute();
  return `${ctx.config.appUrl}/reset-password?token=${token}`;
}

const usableLink = (db: Db, token: string) =>
  db
    .selectFrom('password_resets')
    .select('account_id')
    .where('token_hash', '=', hashResetToken(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date().toISOString());

/** Whether a link can still be used, so its page can say at once when it cannot. */
export async function resetLinkIsValid(ctx: Ctx, token: string): Promise<boolean> {
  return !!(await usableLink(ctx.db, token).executeTakeFirst());
}

/**
 * A new password from a link: the link is spent in the same UPDATE that checks it, so it works once even when
 * sent twice at once. The link proves the email; every session of the account ends, and its other links die.
 * Answers the portal to sign in at.
 */
export async function resetPassword(ctx: Ctx, body: ResetPasswordBody): Promise<Portal> {
  const error = firstError(passwordResetForm, body);
  if (error) throw badRequest(error);
  const hash = await hashPassword(body.newPassword);
  return ctx.db.transaction().execute(async (trx) => {
    const now = new Date().toISOString();
    const spent = await trx
      .updateTable('password_resets')
      .set({ used_at: now })
      .where('token_hash', '=', hashResetToken(body.token))
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning('account_id')
      .executeTakeFirst();
    const account = spent && (await findAccount(trx, spent.account_id));
    if (!account) throw badRequest(MSG.resetLinkInvalid, 'invalid_reset_link');
    await trx
      .updateTable('password_resets')
      .set({ used_at: now })
      .where('account_id', '=', account.id)
      .where('used_at', 'is', null)
      .execute();
    await setPasswordHash(trx, account.id, hash);
    await markEmailVerified(trx, account.id);
    await ctx.sessions.endOtherSessions(account.id, null, trx);
    await ctx.activity.record(
      { actorId: account.id, subjectId: account.id, entity: { type: 'account', id: account.id } },
      { actionType: 'password_reset', description: `${account.full_name} set a new password from an emailed link` },
      trx,
    );
    return portalOf(account.role);
  });
}

/** An added account's first password: a link valid three days, mailed once the account is committed. */
const WELCOME_LINK_HOURS = 72;
/**
 * Add User (user management): the account is made by the accounts module, and in the same transaction a link to
 * choose a password, which is mailed once the account is committed.
 */
export async function addUserWithWelcome(ctx: Ctx, actor: Account, body: AddUserBody): Promise<Account> {
  const sends: (() => void)[] = [];
  const account = await addUser(ctx, actor, body, async (trx, made) => {
    const link = await newPasswordLink(ctx, made.id, WELCOME_LINK_HOURS * 60, trx);
    sends.push(() =>
      ctx.mailer.sendLater({
        to: made.email,
        subject: 'Your Campus GSO account',
        text: `Hello ${made.full_name},\n\nThe General Services Office has made you a Campus GSO account. Choose your password within ${WELCOME_LINK_HOURS / 24} days with this link (it works once):\n\n${link}\n\nThen sign in with your email at ${ctx.config.appUrl}${PORTAL_LOGIN[portalOf(made.role)]}.\n\nGeneral Services Office`,
      }),
    );
  });
  for (const send of sends) send();
  return account;
}
