import crypto from 'node:crypto';
import { MSG } from '../../../core/messages';
import type { Account } from '../../db/schema';
import type { Ctx } from '../../context';
import { HttpError, badRequest } from '../../errors';

export const CODE_MINUTES = 15;
export const CODE_ATTEMPTS = 5;

const hashCode = (accountId: number, code: string) =>
  crypto.createHash('sha256').update(`${accountId}:${code}`).digest('hex');

/** DECISIONS 5: six digits, stored hashed, valid 15 minutes, 5 attempts; a new code resets both. */
export function createVerification(ctx: Ctx) {
  const { db, mailer } = ctx;
  return {
    async issue(account: Account, remember: boolean): Promise<{ expiresIn: number; code: string }> {
      const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
      const row = {
        account_id: account.id,
        code_hash: hashCode(account.id, code),
        expires_at: new Date(Date.now() + CODE_MINUTES * 60_000).toISOString(),
        attempts_left: CODE_ATTEMPTS,
        remember: remember ? 1 : 0,
      };
      await db
        .insertInto('verification_codes')
        .values(row)
        .onConflict((oc) => oc.column('account_id').doUpdateSet({ code_hash: row.code_hash, expires_at: row.expires_at, attempts_left: row.attempts_left }))
        .execute();
      await mailer.send({
        to: account.email,
        subject: 'Your Campus GSO verification code',
        text: `Hello ${account.full_name},\n\nYour verification code is ${code}. It is valid for ${CODE_MINUTES} minutes.\n\nIf you did not try to sign in, you can ignore this message.\n\nGeneral Services Office`,
      });
      return { expiresIn: CODE_MINUTES, code };
    },

    /** Checks a code; on success marks the email verified and says whether the sign-in was to be remembered. */
    async check(account: Account, code: string): Promise<{ remember: boolean }> {
      // The outcome is decided inside the transaction and thrown after it, so a wrong guess still counts.
      const outcome = await db.transaction().execute(async (trx) => {
        const row = await trx.selectFrom('verification_codes').selectAll().where('account_id', '=', account.id).executeTakeFirst();
        if (!row) return badRequest(MSG.noPendingVerification, 'no_pending_verification');
        if (row.attempts_left <= 0) return new HttpError(429, 'no_attempts_left', MSG.noAttemptsLeft);
        if (row.expires_at <= new Date().toISOString()) return badRequest(MSG.codeExpired, 'code_expired');
        const right = crypto.timingSafeEqual(Buffer.from(hashCode(account.id, code)), Buffer.from(row.code_hash));
        if (!right) {
          const left = row.attempts_left - 1;
          await trx.updateTable('verification_codes').set({ attempts_left: left })
            .where('account_id', '=', account.id).where('attempts_left', '=', row.attempts_left).execute();
          return badRequest(MSG.wrongCode(left), 'wrong_code');
        }
        await trx.deleteFrom('verification_codes').where('account_id', '=', account.id).execute();
        await trx.updateTable('accounts').set({ email_verified: 1 }).where('id', '=', account.id).execute();
        return { remember: row.remember === 1 };
      });
      if (outcome instanceof HttpError) throw outcome;
      return outcome;
    },
  };
}
