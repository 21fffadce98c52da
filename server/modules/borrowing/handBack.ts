import * as say from '../../../core/borrowing/notices';
import { canDo, wrongStateMessage } from '../../../core/borrowing/rules';
import type { BorrowRequestDto, ReturnSelection } from '../../../core/borrowing/schemas';
import { PROOF_IMAGE_KINDS, type FileKind } from '../../../core/files';
import { MSG } from '../../../core/messages';
import type { Ctx } from '../../context';
import type { Account } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../errors';
import type { ReadFile } from '../../lib/uploads';
import { lockRequest, move, now, reload } from './moves';
import { recordBatch } from './returns';
import { about } from './telling';

/** Whether the caller may return this request now: 404 when it is not theirs, 409 when it is not out on loan. */
export async function assertReturnable(ctx: Ctx, me: Account, id: number): Promise<void> {
  const current = await ctx.db.selectFrom('borrow_requests').select(['account_id', 'status']).where('id', '=', id).executeTakeFirst();
  if (!current || current.account_id !== me.id) throw notFound(MSG.requestNotFound);
  if (!canDo('return', current.status)) throw conflict(wrongStateMessage('return', current.status), 'wrong_state');
}

/**
 * The borrower hands items back with a photo (docs/product.md, docs/decisions/form-checks.md): image by its bytes,
 * at most 5 MB. The return names what comes back (docs/decisions/partial-returns.md; nothing named: everything still
 * out). It is a batch awaiting verification; the request moves to returned only when nothing is out any more.
 */
export async function submitReturn(
  ctx: Ctx,
  me: Account,
  id: number,
  file: ReadFile | null,
  selection: ReturnSelection | null = null,
): Promise<BorrowRequestDto> {
  if (!file || file.buffer.length === 0) throw badRequest(MSG.proofRequired, 'proof_required');
  if (!file.kind || !PROOF_IMAGE_KINDS.includes(file.kind)) throw badRequest(MSG.proofInvalidType, 'invalid_file_type');
  await assertReturnable(ctx, me, id); // before writing the file; the guarded update below decides for good

  const path = await ctx.files.save('proofs', { buffer: file.buffer, kind: file.kind as FileKind });
  let partial = false;
  try {
    await ctx.db.transaction().execute(async (trx) => {
      const at = now();
      const current = await lockRequest(trx, id);
      if (current.account_id !== me.id) throw notFound(MSG.requestNotFound);
      if (!canDo('return', current.status)) throw conflict(wrongStateMessage('return', current.status), 'wrong_state');
      const batch = await recordBatch(trx, current, me.id, selection, { proofPath: path, atCounter: false });
      await trx.insertInto('return_proofs').values({ request_id: id, path, created_at: at, rejected_at: null }).execute();
      if (batch.allBack) {
        const request = await move(trx, id, 'return', { proof_path: path, returned_at: at }, me.id);
        await ctx.activity.record(about(me, request), say.returnSubmitted(me.full_name, id), trx);
      } else {
        partial = true;
        await ctx.activity.record(about(me, current), say.partReturnSubmitted(me.full_name, id, batch.what), trx);
      }
    });
  } catch (err) {
    await ctx.files.remove(path);
    throw err;
  }
  ctx.activity.officeAlert(partial ? say.officePartReturnAwaiting(me.full_name, id) : say.officeReturnAwaiting(me.full_name, id))();
  return reload(ctx, id);
}
