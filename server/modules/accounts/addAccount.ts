/**
 * Accounts the office adds (docs/decisions/user-management.md): Add Personnel and Add User from the dashboards, and
 * an administrator from the command line.
 */
import crypto from 'node:crypto';
import { addPersonnelForm, addUserForm } from '../../../core/accounts/forms';
import type { AddPersonnelBody, AddUserBody } from '../../../core/accounts/schemas';
import { mayManageAccount } from '../../../core/accounts/rules';
import { firstError } from '../../../core/common/forms';
import { MSG } from '../../../core/messages';
import { ROLE_LABELS, type JobType, type Role } from '../../../core/roles';
import type { Ctx } from '../../context';
import type { Db } from '../../db/database';
import type { Account } from '../../db/schema';
import { badRequest, conflict, forbidden } from '../../errors';
import { hashPassword } from '../../lib/passwords';
import { checkedDepartment } from './departmentChoice';
import { isUniqueViolation, refuseTakenEmail } from './uniqueEmail';

/** An account an administrator adds: accepted, its email verified at the first sign-in or by its password link. */
async function insertAccount(
  ctx: Ctx,
  admin: Account,
  fields: {
    fullName: string;
    email: string;
    contactNumber: string;
    role: Role;
    jobType: JobType | null;
    passwordHash: string;
    departmentId?: number | null;
  },
  afterInsert?: (trx: Db, account: Account) => Promise<void>,
): Promise<Account> {
  const email = fields.email.trim().toLowerCase();
  await refuseTakenEmail(ctx.db, email, null);
  const departmentId = (await checkedDepartment(ctx.db, fields.departmentId)) ?? null;
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      const account = await trx
        .insertInto('accounts')
        .values({
          full_name: fields.fullName.trim(),
          email,
          username: null,
          contact_number: fields.contactNumber,
          role: fields.role,
          status: 'accepted',
          email_verified: 0,
          job_type: fields.jobType,
          department_id: departmentId,
          password_hash: fields.passwordHash,
          id_file: null,
          id_file_mime: null,
          created_at: new Date().toISOString(),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await ctx.activity.record(
        { actorId: admin.id, subjectId: account.id, entity: { type: 'account', id: account.id } },
        {
          actionType: 'account_added',
          description: `${admin.full_name} added ${ROLE_LABELS[fields.role].toLowerCase()} ${account.full_name}`,
        },
        trx,
      );
      await afterInsert?.(trx, account);
      return account;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(MSG.emailTaken, 'email_taken');
    throw err;
  }
}

/** Add Personnel (docs/product.md): the admin sets the password; the person verifies their email at the first sign-in. */
export async function addPersonnel(ctx: Ctx, admin: Account, body: AddPersonnelBody): Promise<Account> {
  const error = firstError(addPersonnelForm, body);
  if (error) throw badRequest(error);
  const form = addPersonnelForm.parse(body);
  return insertAccount(ctx, admin, {
    ...form,
    role: 'personnel',
    passwordHash: await hashPassword(form.password),
    departmentId: body.departmentId,
  });
}

/**
 * Add User from the dashboard (docs/product.md): no password field, so the account starts with none that works and
 * `welcome` mails the person a link to choose one (in the same transaction, so no account exists without it).
 */
export async function addUser(
  ctx: Ctx,
  admin: Account,
  body: AddUserBody,
  welcome: (trx: Db, account: Account) => Promise<void>,
): Promise<Account> {
  const error = firstError(addUserForm, body);
  if (error) throw badRequest(error);
  const form = addUserForm.parse(body);
  const role: Role = form.kind === 'admin' ? form.adminRole! : form.kind;
  if (!mayManageAccount(admin.role, role)) throw forbidden(MSG.officeAccountsAdminsOnly);
  const unusable = await hashPassword(crypto.randomBytes(32).toString('base64url'));
  return insertAccount(
    ctx,
    admin,
    { ...form, role, jobType: form.kind === 'personnel' ? form.jobType! : null, passwordHash: unusable, departmentId: body.departmentId },
    welcome,
  );
}

/** An administrator made from the command line (npm run create-admin): accepted and verified. */
export async function createAdministrator(
  db: Db,
  fields: { fullName: string; email: string; username: string | null; contactNumber: string; passwordHash: string },
): Promise<void> {
  await db
    .insertInto('accounts')
    .values({
      full_name: fields.fullName,
      email: fields.email.trim().toLowerCase(),
      username: fields.username,
      contact_number: fields.contactNumber,
      role: 'admin',
      status: 'accepted',
      email_verified: 1,
      job_type: null,
      password_hash: fields.passwordHash,
      id_file: null,
      id_file_mime: null,
      created_at: new Date().toISOString(),
    })
    .execute();
}
