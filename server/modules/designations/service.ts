/**
 * Every change to personnel designations (docs/product.md): an administrator adds, edits and deletes them; the text
 * is trimmed and an empty one refused (docs/decisions/server-decides.md: the card ignores it, the server says why). Each write is one
 * transaction with its activity entry.
 */
import { firstError } from '../../../core/common/forms';
import { designationForm } from '../../../core/designations/rules';
import type { Designation } from '../../../core/designations/schemas';
import { MSG } from '../../../core/messages';
import type { Ctx } from '../../context';
import type { Account } from '../../db/schema';
import { badRequest, notFound } from '../../errors';
import { findAccount } from '../accounts';
import { findDesignation } from './queries';

function checked(designation: string): string {
  const problem = firstError(designationForm, { designation });
  if (problem) throw badRequest(problem);
  return designation.trim();
}

export async function addDesignation(ctx: Ctx, admin: Account, personnelId: number, text: string): Promise<Designation> {
  const designation = checked(text);
  const person = await findAccount(ctx.db, personnelId);
  if (!person) throw notFound(MSG.accountNotFound);
  if (person.role !== 'personnel') throw badRequest(MSG.designationPersonnelOnly);
  const at = new Date().toISOString();
  return ctx.db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('designations')
      .values({ personnel_id: personnelId, designation, created_by: admin.id, created_at: at, updated_at: at })
      .returning(['id', 'designation'])
      .executeTakeFirstOrThrow();
    await ctx.activity.record(
      { actorId: admin.id, subjectId: personnelId, entity: { type: 'designation', id: row.id } },
      { actionType: 'designation_added', description: `${admin.full_name} designated ${person.full_name}: ${designation}` },
      trx,
    );
    return row;
  });
}

export async function updateDesignation(ctx: Ctx, admin: Account, id: number, text: string): Promise<Designation> {
  const designation = checked(text);
  return ctx.db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('designations')
      .set({ designation, updated_at: new Date().toISOString() })
      .where('id', '=', id)
      .returning(['id', 'designation', 'personnel_id'])
      .executeTakeFirst();
    if (!row) throw notFound(MSG.designationNotFound);
    await ctx.activity.record(
      { actorId: admin.id, subjectId: row.personnel_id, entity: { type: 'designation', id: row.id } },
      { actionType: 'designation_updated', description: `${admin.full_name} changed a designation to: ${designation}` },
      trx,
    );
    return { id: row.id, designation: row.designation };
  });
}

export async function deleteDesignation(ctx: Ctx, admin: Account, id: number): Promise<void> {
  const existing = await findDesignation(ctx.db, id);
  if (!existing) throw notFound(MSG.designationNotFound);
  await ctx.db.transaction().execute(async (trx) => {
    const row = await trx.deleteFrom('designations').where('id', '=', id).returning('personnel_id').executeTakeFirst();
    if (!row) throw notFound(MSG.designationNotFound);
    await ctx.activity.record(
      { actorId: admin.id, subjectId: row.personnel_id, entity: { type: 'designation', id } },
      { actionType: 'designation_deleted', description: `${admin.full_name} removed the designation: ${existing.designation}` },
      trx,
    );
  });
}
