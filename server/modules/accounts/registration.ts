/** Registrations (docs/decisions/registration-and-verification.md): made by a student or faculty member, decided by the office. */
import { registrationDecided } from '../../../core/accounts/notices';
import { isRegistrant, REGISTRANT_ROLES, REGISTRATION_DECISIONS, type RegistrationDecision } from '../../../core/accounts/rules';
import { MSG } from '../../../core/messages';
import type { Ctx } from '../../context';
import type { Db } from '../../db/database';
import type { Account } from '../../db/schema';
import { conflict, notFound } from '../../errors';

/**
 * An admin accepts or rejects a pending registration (docs/product.md). The UPDATE is guarded by the pending
 * status, so when two admins decide at once exactly one wins; the other gets 409. The winner's decision is
 * recorded in the feed and told to the registrant, in the same transaction. A rejected registration's ID
 * file is deleted (docs/decisions/id-files.md).
 */
export async function decideRegistration(ctx: Ctx, admin: Account, id: number, decision: RegistrationDecision) {
  const status = REGISTRATION_DECISIONS[decision];
  const { send, idFile } = await ctx.db.transaction().execute(async (trx) => {
    const account = await trx.selectFrom('accounts').select(['id', 'role', 'full_name', 'id_file']).where('id', '=', id).executeTakeFirst();
    if (!account || !isRegistrant(account.role)) throw notFound(MSG.registrationNotFound);
    const decided = await trx
      .updateTable('accounts')
      .set({ status, ...(decision === 'reject' ? { id_file: null, id_file_mime: null } : {}) })
      .where('id', '=', id)
      .where('role', 'in', [...REGISTRANT_ROLES])
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow();
    if (Number(decided.numUpdatedRows) === 0) {
      const now = await trx.selectFrom('accounts').select('status').where('id', '=', id).executeTakeFirst();
      throw conflict(MSG.alreadyDecided(now?.status ?? status), 'already_decided');
    }
    const send = await ctx.activity.tell(
      { actorId: admin.id, subjectId: id, entity: { type: 'account', id } },
      registrationDecided(decision, admin.full_name, account.full_name, ctx.config.appUrl),
      trx,
    );
    return { send, idFile: account.id_file };
  });
  send();
  if (decision === 'reject') await ctx.files.remove(idFile);
  return status;
}

/** A new student or faculty registration, pending an admin's decision (docs/product.md). */
export async function createRegistration(
  db: Db,
  fields: {
    fullName: string;
    email: string;
    contactNumber: string;
    role: 'student' | 'faculty';
    passwordHash: string;
    departmentId?: number | null;
  },
  idFile: { path: string; mime: string },
): Promise<void> {
  await db
    .insertInto('accounts')
    .values({
      full_name: fields.fullName,
      email: fields.email,
      username: null,
      contact_number: fields.contactNumber,
      role: fields.role,
      status: 'pending',
      email_verified: 0,
      job_type: null,
      department_id: fields.departmentId ?? null,
      password_hash: fields.passwordHash,
      id_file: idFile.path,
      id_file_mime: idFile.mime,
      created_at: new Date().toISOString(),
    })
    .execute();
}
