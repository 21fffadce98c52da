/**
 * The reporter's photo of the problem (docs/decisions/repairs-lifecycle.md): optional, attached to one's own report
 * while it is pending (with the report, or later), replacing any earlier one. The file arrives re-encoded
 * (server/lib/uploads.ts); the office and the person assigned see it on the report.
 */
import { MSG } from '../../../core/messages';
import { PROOF_IMAGE_KINDS } from '../../../core/files';
import type { RepairReportDto } from '../../../core/repairs/schemas';
import { wrongRepairStateMessage } from '../../../core/repairs/rules';
import type { Ctx } from '../../context';
import type { Account } from '../../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../../errors';
import type { ReadFile } from '../../lib/uploads';
import { findRepair } from './reportRows';

export async function attachIssuePhoto(ctx: Ctx, me: Account, id: number, file: ReadFile | null): Promise<RepairReportDto> {
  if (me.role !== 'faculty') throw forbidden(MSG.repairsFacultyOnly);
  const row = await ctx.db.selectFrom('repair_reports').select(['reporter_id', 'status']).where('id', '=', id).executeTakeFirst();
  if (!row || row.reporter_id !== me.id) throw notFound(MSG.repairNotFound);
  if (row.status !== 'pending') throw conflict(wrongRepairStateMessage('edit', row.status), 'wrong_state');
  if (!file || file.buffer.length === 0) throw badRequest(MSG.repairPhotoRequired, 'photo_required');
  if (!file.kind || !PROOF_IMAGE_KINDS.includes(file.kind)) throw badRequest(MSG.proofInvalidType, 'invalid_file_type');
  const path = await ctx.files.save('repairs', { buffer: file.buffer, kind: file.kind });
  // Guarded: the report is still the reporter's and still pending when the photo lands, else the file goes.
  const old = await ctx.db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('repair_reports').select('issue_photo_path').where('id', '=', id).executeTakeFirst();
    const done = await trx
      .updateTable('repair_reports')
      .set({ issue_photo_path: path, updated_at: new Date().toISOString() })
      .where('id', '=', id)
      .where('reporter_id', '=', me.id)
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow();
    return Number(done.numUpdatedRows) === 1 ? { path: before?.issue_photo_path ?? null } : null;
  });
  if (!old) {
    await ctx.files.remove(path);
    throw conflict(MSG.repairChangedMeanwhile, 'wrong_state');
  }
  if (old.path) await ctx.files.remove(old.path);
  return (await findRepair(ctx.db, id))!;
}
