/** Accounts made and linked by the campus sign-in (docs/decisions/campus-sign-in.md). */
import crypto from 'node:crypto';
import { ROLE_LABELS } from '../../../core/roles';
import type { Ctx } from '../../context';
import type { Db } from '../../db/database';
import type { Account } from '../../db/schema';
import { hashPassword } from '../../lib/passwords';
import { findAccount } from './queries';

/**
 * A person's first campus sign-in: their account, its email verified by the provider, linked to the provider's
 * subject; waiting for the office's approval unless its domain is approved at once. No ID file and no password
 * anyone knows (a random one, so "Forgot password?" can give them one). Runs in the caller's transaction and
 * records the activity entry there.
 */
export async function createCampusAccount(
  ctx: Ctx,
  trx: Db,
  fields: { fullName: string; email: string; role: 'student' | 'faculty'; subject: string; accepted: boolean; providerName: string },
): Promise<Account> {
  const passwordHash = await hashPassword(crypto.randomBytes(32).toString('base64url'));
  const row = await trx
    .insertInto('accounts')
    .values({
      full_name: fields.fullName,
      email: fields.email,
      username: null,
      contact_number: '',
      role: fields.role,
      status: fields.accepted ? 'accepted' : 'pending',
      email_verified: 1,
      job_type: null,
      password_hash: passwordHash,
      id_file: null,
      id_file_mime: null,
      created_at: new Date().toISOString(),
      campus_subject: fields.subject,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await ctx.activity.record(
    { actorId: row.id, subjectId: row.id, entity: { type: 'account', id: row.id } },
    {
      actionType: 'campus_account_created',
      description: `${fields.fullName} signed in with their ${fields.providerName} for the first time: a ${ROLE_LABELS[fields.role].toLowerCase()} account was made${fields.accepted ? ' and approved (its domain is approved at once)' : ', waiting for approval'}`,
    },
    trx,
  );
  return (await findAccount(trx, row.id))!;
}

/**
 * An existing account with the same verified email is linked to the provider's subject, not duplicated; its email
 * counts as verified. Guarded so that an account already linked to another subject is not taken over.
 */
export async function linkCampusAccount(ctx: Ctx, trx: Db, account: Account, subject: string, providerName: string): Promise<boolean> {
  const done = await trx
    .updateTable('accounts')
    .set({ campus_subject: subject, email_verified: 1 })
    .where('id', '=', account.id)
    .where('campus_subject', 'is', null)
    .executeTakeFirst();
  if (Number(done.numUpdatedRows) === 0) return false;
  await ctx.activity.record(
    { actorId: account.id, subjectId: account.id, entity: { type: 'account', id: account.id } },
    { actionType: 'campus_account_linked', description: `${account.full_name} linked their account to their ${providerName}` },
    trx,
  );
  return true;
}
