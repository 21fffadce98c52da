import { editableRoles, editUserForm } from '../../../core/accounts/forms';
import { isOfficeDesk, mayChangeRoles, mayManageAccount } from '../../../core/accounts/rules';
import type { EditUserBody } from '../../../core/accounts/schemas';
import { firstError } from '../../../core/common/forms';
import { MSG } from '../../../core/messages';
import { ROLE_LABELS } from '../../../core/roles';
import type { Ctx } from '../../context';
import type { Account } from '../../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../../errors';
import { checkedDepartment } from './departmentChoice';
import { officeDeskNow } from './officeDesk';
import { findAccount } from './queries';
import { isUniqueViolation, refuseTakenEmail } from './uniqueEmail';

/**
 * A person edited from user management: name, email, contact number, the role within the person's list and
 * a personnel member's job type. Administrator and staff accounts, and any change of role, are for
 * administrators only; nobody changes their own role, and the last administrator keeps theirs (counted inside
 * the transaction). A role change is recorded with who made it. The email stays unique (409, also when two
 * edits race: the unique index decides); a changed email is verified again at the next sign-in.
 */
export async function editAccount(ctx: Ctx, actor: Account, id: number, body: EditUserBody): Promise<Account> {
  const error = firstError(editUserForm, body);
  if (error) throw badRequest(error);
  const form = editUserForm.parse(body);
  const account = await findAccount(ctx.db, id);
  if (!account) throw notFound(MSG.accountNotFound);
  if (!mayManageAccount(actor.role, account.role)) throw forbidden(MSG.officeAccountsAdminsOnly);
  const role = form.role ?? account.role;
  if (!editableRoles(account.role).includes(role)) throw badRequest(MSG.roleChoiceRequired);
  const roleChanged = role !== account.role;
  if (roleChanged && id === actor.id) throw forbidden(MSG.cannotChangeOwnRole);
  if (roleChanged && !mayChangeRoles(actor.role)) throw forbidden(MSG.rolesAdminsOnly);
  if (account.role === 'personnel' && !form.jobType && !account.job_type) throw badRequest(MSG.jobTypeRequired);
  const email = form.email.toLowerCase();
  const emailChanged = email !== account.email.toLowerCase();
  if (emailChanged) await refuseTakenEmail(ctx.db, email, id);
  const departmentId = await checkedDepartment(ctx.db, body.departmentId, account.department_id);
  try {
    await ctx.db.transaction().execute(async (trx) => {
      if (isOfficeDesk(account.role) || roleChanged) {
        const now = await officeDeskNow(ctx, trx, actor.id, id);
        if (account.role === 'admin' && role !== 'admin' && now.admins === 0) {
          throw conflict(MSG.lastAdministratorRole, 'last_administrator');
        }
        if (!now.actorRole || !mayManageAccount(now.actorRole, account.role)) throw forbidden(MSG.officeAccountsAdminsOnly);
        if (roleChanged && !mayChangeRoles(now.actorRole)) throw forbidden(MSG.rolesAdminsOnly);
      }
      const done = await trx
        .updateTable('accounts')
        .set({
          full_name: form.fullName,
          email,
          contact_number: form.contactNumber,
          role,
          ...(account.role === 'personnel' && form.jobType ? { job_type: form.jobType } : {}),
          ...(departmentId !== undefined ? { department_id: departmentId } : {}),
          ...(emailChanged && !isOfficeDesk(role) ? { email_verified: 0 } : {}),
        })
        .where('id', '=', id)
        .where('role', '=', account.role)
        .executeTakeFirst();
      if (Number(done.numUpdatedRows) === 0) throw conflict(MSG.accountChangedMeanwhile);
      const who = { actorId: actor.id, subjectId: id, entity: { type: 'account' as const, id } };
      await ctx.activity.record(
        who,
        { actionType: 'account_updated', description: `${actor.full_name} updated the account of ${form.fullName}` },
        trx,
      );
      if (roleChanged) {
        await ctx.activity.record(
          who,
          {
            actionType: 'role_changed',
            description: `${actor.full_name} changed the role of ${form.fullName} from ${ROLE_LABELS[account.role]} to ${ROLE_LABELS[role]}`,
          },
          trx,
        );
      }
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(MSG.emailTaken, 'email_taken');
    throw err;
  }
  return (await findAccount(ctx.db, id))!;
}
