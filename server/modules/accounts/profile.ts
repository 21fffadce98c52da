import { profileForm } from '../../../core/accounts/forms';
import { firstError } from '../../../core/common/forms';
import { MSG } from '../../../core/messages';
import type { Ctx } from '../../context';
import type { Account } from '../../db/schema';
import { badRequest, conflict } from '../../errors';
import { checkedDepartment } from './departmentChoice';
import { findAccount } from './queries';
import { isUniqueViolation, refuseTakenEmail } from './uniqueEmail';

/**
 * One's own profile (docs/product.md settings): checked in the form's order. A changed email must be
 * verified again before it signs anyone in (the next sign-in sends a code to it); admins sign in without codes.
 */
export async function updateProfile(
  ctx: Ctx,
  me: Account,
  body: { fullName: string; email: string; contactNumber: string; jobType?: string; departmentId?: number | null },
): Promise<{ account: Account; emailChanged: boolean }> {
  const error = firstError(profileForm, body);
  if (error) throw badRequest(error);
  const form = profileForm.parse(body);
  const email = form.email.toLowerCase();
  const emailChanged = email !== me.email.toLowerCase();
  if (emailChanged) await refuseTakenEmail(ctx.db, email, me.id);
  const departmentId = await checkedDepartment(ctx.db, body.departmentId, me.department_id);
  try {
    await ctx.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('accounts')
        .set({
          full_name: form.fullName,
          email,
          contact_number: form.contactNumber,
          ...(me.role === 'personnel' && form.jobType ? { job_type: form.jobType } : {}),
          ...(departmentId !== undefined ? { department_id: departmentId } : {}),
          ...(emailChanged && me.role !== 'admin' && me.role !== 'staff' ? { email_verified: 0 } : {}),
        })
        .where('id', '=', me.id)
        .execute();
      await ctx.activity.record(
        { actorId: me.id, subjectId: me.id, entity: { type: 'account', id: me.id } },
        { actionType: 'profile_updated', description: `${form.fullName} updated their profile` },
        trx,
      );
    });
  } catch (err) {
    // Two accounts racing for one email: the unique index decides.
    if (isUniqueViolation(err)) throw conflict(MSG.emailTaken, 'email_taken');
    throw err;
  }
  return { account: (await findAccount(ctx.db, me.id))!, emailChanged };
}
