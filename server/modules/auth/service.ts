/**
 * Signing up and signing in (spec 000 s2, s4-5; DECISIONS 4-5): registration checked in the form's order,
 * sign-in with a per-account and per-address throttle, and email verification codes.
 */
import crypto from 'node:crypto';
import { registrationForm } from '../../../core/auth/rules';
import { firstError } from '../../../core/common/forms';
import { FILE_KIND_MIME, MAX_UPLOAD_BYTES, type FileKind } from '../../../core/files';
import { MSG } from '../../../core/messages';
import { PORTAL_ROLES, type Portal } from '../../../core/roles';
import type { Ctx } from '../../context';
import type { Account } from '../../db/schema';
import { badRequest, conflict, forbidden, HttpError, tooMany } from '../../errors';
import { DUMMY_HASH, hashPassword, verifyPassword } from '../../lib/passwords';
import type { ReadFile } from '../../lib/uploads';
import { findByEmail, findByLogin } from '../accounts/queries';
import { createRegistration, markEmailVerified } from '../accounts/service';
import { failuresOf, verificationRemembers } from './queries';

// ---- registration ----

export const REGISTRATION_FIELDS = ['full_name', 'email', 'contact_number', 'password', 'confirm_password', 'role'] as const;
export type RegistrationFields = Partial<Record<(typeof REGISTRATION_FIELDS)[number], string>>;

/** Registration (spec 000 sections 2, 5): the same checks, in the same order, as the form; then the email must be free. */
export async function register(ctx: Ctx, fields: RegistrationFields, file: ReadFile | 'too large' | null): Promise<void> {
  const input = { ...fields, confirm_password: fields.confirm_password ?? fields.password };
  const idFile = file === 'too large' ? { size: MAX_UPLOAD_BYTES, kind: 'pdf' } : file ? { size: file.size, kind: file.kind } : null;
  const error = firstError(registrationForm, { ...input, id_file: idFile });
  if (error === MSG.idFileSize) throw new HttpError(413, 'too_large', error);
  if (error) throw badRequest(error);
  const form = registrationForm.parse({ ...input, id_file: idFile });
  const id = file as ReadFile;
  if (id.activeContent) throw new HttpError(400, 'invalid_file_type', MSG.idFileActiveContent);

  const email = form.email.toLowerCase();
  if (await findByEmail(ctx.db, email)) throw conflict(MSG.emailTaken, 'email_taken');

  const kind = id.kind as FileKind;
  const path = await ctx.files.save('ids', { buffer: id.buffer, kind });
  try {
    await createRegistration(
      ctx.db,
      {
        fullName: form.full_name,
        email,
        contactNumber: form.contact_number,
        role: form.role,
        passwordHash: await hashPassword(form.password),
      },
      { path, mime: FILE_KIND_MIME[kind] },
    );
  } catch (err) {
    await ctx.files.remove(path);
    // Two registrations racing for one email: the unique index decides.
    if (String((err as Error).message).match(/unique|duplicate/i)) throw conflict(MSG.emailTaken, 'email_taken');
    throw err;
  }
}

// ---- sign-in ----

const THROTTLE_WINDOW_MS = 15 * 60_000;
const MAX_FAILURES_PER_ACCOUNT = 5;
const MAX_FAILURES_PER_ADDRESS = 20;

/** Failed sign-ins, counted per account and per address in the database (any process sees them). */
const throttleKeys = (email: string, ip: string) => [
  { key: `acct:${email.toLowerCase()}`, max: MAX_FAILURES_PER_ACCOUNT },
  { key: `ip:${ip}`, max: MAX_FAILURES_PER_ADDRESS },
];

async function checkThrottle(ctx: Ctx, email: string, ip: string) {
  const since = new Date(Date.now() - THROTTLE_WINDOW_MS).toISOString();
  for (const { key, max } of throttleKeys(email, ip)) {
    const row = await failuresOf(ctx.db, key);
    if (row && row.window_start > since && row.failures >= max) throw tooMany(MSG.tooManyLogins);
  }
}

async function countFailure(ctx: Ctx, email: string, ip: string) {
  const now = new Date();
  const since = new Date(now.getTime() - THROTTLE_WINDOW_MS).toISOString();
  for (const { key } of throttleKeys(email, ip)) {
    await ctx.db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('login_failures').selectAll().where('key', '=', key).executeTakeFirst();
      if (!row) {
        await trx
          .insertInto('login_failures')
          .values({ key, failures: 1, window_start: now.toISOString() })
          .onConflict((oc) => oc.column('key').doUpdateSet((eb) => ({ failures: eb('login_failures.failures', '+', 1) })))
          .execute();
      } else if (row.window_start <= since) {
        await trx.updateTable('login_failures').set({ failures: 1, window_start: now.toISOString() }).where('key', '=', key).execute();
      } else {
        await trx
          .updateTable('login_failures')
          .set((eb) => ({ failures: eb('failures', '+', 1) }))
          .where('key', '=', key)
          .execute();
      }
    });
  }
}

/**
 * Checks a sign-in at one portal and answers the account to start a session for. Unknown email and wrong
 * password answer the same (DECISIONS 4); an unverified email gets a code and the 'email_not_verified' error.
 */
export async function signIn(ctx: Ctx, input: { email: string; password: string; remember: boolean; portal: Portal }, ip: string) {
  const { email, password, remember, portal } = input;
  await checkThrottle(ctx, email, ip);
  const account = await findByLogin(ctx.db, email);
  const ok = await verifyPassword(password, account?.password_hash ?? DUMMY_HASH);
  if (!account || !ok) {
    await countFailure(ctx, email, ip);
    throw new HttpError(401, 'invalid_credentials', MSG.invalidCredentials);
  }
  await ctx.db.deleteFrom('login_failures').where('key', '=', `acct:${email.toLowerCase()}`).execute();
  if (!PORTAL_ROLES[portal].includes(account.role)) throw forbidden(MSG.wrongPortal, 'wrong_portal');
  if (account.status === 'pending') throw forbidden(MSG.pendingApproval, 'pending_approval');
  if (account.status === 'rejected') throw forbidden(MSG.accountRejected, 'account_rejected');
  if (!account.email_verified && portal !== 'admin') {
    const issued = await issueCode(ctx, account, remember);
    throw new HttpError(403, 'email_not_verified', MSG.emailNotVerified, {
      email: account.email,
      expiresIn: issued.expiresIn,
      ...devCode(ctx, issued.code),
    });
  }
  return account;
}

// ---- email verification (DECISIONS 5: six digits, stored hashed, valid 15 minutes, 5 attempts; a new code resets both) ----

export const CODE_MINUTES = 15;
export const CODE_ATTEMPTS = 5;

const hashCode = (accountId: number, code: string) => crypto.createHash('sha256').update(`${accountId}:${code}`).digest('hex');
/** Codes travel in responses only in development mode (the Test button). */
const devCode = (ctx: Ctx, code: string) => (ctx.config.dev ? { code } : {});

async function issueCode(ctx: Ctx, account: Account, remember: boolean): Promise<{ expiresIn: number; code: string }> {
  const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
  const row = {
    account_id: account.id,
    code_hash: hashCode(account.id, code),
    expires_at: new Date(Date.now() + CODE_MINUTES * 60_000).toISOString(),
    attempts_left: CODE_ATTEMPTS,
    remember: remember ? 1 : 0,
  };
  await ctx.db
    .insertInto('verification_codes')
    .values(row)
    .onConflict((oc) =>
      oc.column('account_id').doUpdateSet({ code_hash: row.code_hash, expires_at: row.expires_at, attempts_left: row.attempts_left }),
    )
    .execute();
  await ctx.mailer.send({
    to: account.email,
    subject: 'Your Campus GSO verification code',
    text: `Hello ${account.full_name},\n\nYour verification code is ${code}. It is valid for ${CODE_MINUTES} minutes.\n\nIf you did not try to sign in, you can ignore this message.\n\nGeneral Services Office`,
  });
  return { expiresIn: CODE_MINUTES, code };
}

/** The account waiting for a code: accepted and not yet verified. */
async function awaitingVerification(ctx: Ctx, email: string): Promise<Account> {
  const account = await findByEmail(ctx.db, email);
  if (!account || account.status !== 'accepted' || account.email_verified)
    throw badRequest(MSG.noPendingVerification, 'no_pending_verification');
  return account;
}

/** A new code for the account waiting for one, keeping whether its sign-in is to be remembered. */
export async function resendCode(ctx: Ctx, email: string) {
  const account = await awaitingVerification(ctx, email);
  const issued = await issueCode(ctx, account, await verificationRemembers(ctx.db, account.id));
  return { message: MSG.codeSent, expiresIn: issued.expiresIn, ...devCode(ctx, issued.code) };
}

/** Checks a code; on success marks the email verified and answers the account and whether to remember the sign-in. */
export async function verifyEmail(ctx: Ctx, email: string, code: string): Promise<{ account: Account; remember: boolean }> {
  const account = await awaitingVerification(ctx, email);
  // The outcome is decided inside the transaction and thrown after it, so a wrong guess still counts.
  const outcome = await ctx.db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('verification_codes').selectAll().where('account_id', '=', account.id).executeTakeFirst();
    if (!row) return badRequest(MSG.noPendingVerification, 'no_pending_verification');
    if (row.attempts_left <= 0) return tooMany(MSG.noAttemptsLeft, 'no_attempts_left');
    if (row.expires_at <= new Date().toISOString()) return badRequest(MSG.codeExpired, 'code_expired');
    const right = crypto.timingSafeEqual(Buffer.from(hashCode(account.id, code)), Buffer.from(row.code_hash));
    if (!right) {
      const left = row.attempts_left - 1;
      await trx
        .updateTable('verification_codes')
        .set({ attempts_left: left })
        .where('account_id', '=', account.id)
        .where('attempts_left', '=', row.attempts_left)
        .execute();
      return new HttpError(400, 'wrong_code', MSG.wrongCode(left), { attemptsLeft: left });
    }
    await trx.deleteFrom('verification_codes').where('account_id', '=', account.id).execute();
    await markEmailVerified(trx, account.id);
    return { remember: row.remember === 1 };
  });
  if (outcome instanceof HttpError) throw outcome;
  return { account: { ...account, email_verified: 1 }, remember: outcome.remember };
}
