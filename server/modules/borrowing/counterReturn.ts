import * as say from '../../../core/borrowing/notices';
import { canDo, wrongStateMessage } from '../../../core/borrowing/rules';
import type { BorrowRequestDto, ReturnSelection } from '../../../core/borrowing/schemas';
import { PROOF_IMAGE_KINDS, type FileKind } from '../../../core/files';
import { MSG } from '../../../core/messages';
import type { Ctx } from '../../context';
import type { Account } from '../../db/schema';
import { badRequest, conflict } from '../../errors';
import type { ReadFile } from '../../lib/uploads';
import { nameOf } from '../accounts';
import { checkIn, tellChecked, withPhotos, type Findings } from './checkIn';
import { lockRequest, move, now, reload } from './moves';
import { awaitingBatches, claimBatch } from './returnBatches';
import { recordBatch } from './returns';
import { batchScope, markVerified } from './returnScopes';
import { about } from './telling';

/**
 * The office records a return at its counter for the borrower (docs/decisions/partial-returns.md): what comes back
 * (nothing named: everything out), a photo if it has one, and, with `verify` or findings, verified in the same step.
 * The request moves to returned when nothing is out, or to completed when that is verified too.
 */
export async function counterReturn(
  ctx: Ctx,
  actor: Account,
  id: number,
  input: { selection: ReturnSelection | null; proof: ReadFile | null; verify: boolean; found: Findings | null },
): Promise<BorrowRequestDto> {
  const { proof } = input;
  if (proof && proof.buffer.length > 0 && (!proof.kind || !PROOF_IMAGE_KINDS.includes(proof.kind)))
    throw badRequest(MSG.proofInvalidType, 'invalid_file_type');
  const verify = input.verify || input.found !== null;
  const proofPath =
    proof && proof.buffer.length > 0 ? await ctx.files.save('proofs', { buffer: proof.buffer, kind: proof.kind as FileKind }) : null;
  try {
    await withPhotos(ctx, id, input.found, async (saved) => {
      const send = await ctx.db.transaction().execute(async (trx) => {
        const at = now();
        let request = await lockRequest(trx, id);
        if (!canDo('return', request.status)) throw conflict(wrongStateMessage('return', request.status), 'wrong_state');
        const batch = await recordBatch(trx, request, actor.id, input.selection, { proofPath, atCounter: true });
        if (proofPath)
          await trx.insertInto('return_proofs').values({ request_id: id, path: proofPath, created_at: at, rejected_at: null }).execute();
        let findings = null;
        if (verify) {
          await claimBatch(trx, id, batch.batchId, actor.id);
          const scope = await batchScope(trx, id, batch.batchId);
          findings = await checkIn(ctx, trx, actor, request, scope, input.found, saved);
          await markVerified(trx, scope, false);
        }
        if (batch.allBack) {
          const done = verify && !(await awaitingBatches(trx, id)).length;
          request = done
            ? await move(trx, id, 'markReturned', { returned_at: at, completed_at: at })
            : await move(trx, id, 'return', { returned_at: at, proof_path: proofPath });
        }
        const borrower = await nameOf(trx, request.account_id);
        const received = say.counterReturn(actor.full_name, id, borrower, batch.what);
        if (!verify) return ctx.activity.tell(about(actor, request), received, trx);
        return tellChecked(ctx, trx, actor, request, borrower, findings);
      });
      send();
    });
  } catch (err) {
    if (proofPath) await ctx.files.remove(proofPath);
    throw err;
  }
  return reload(ctx, id);
}
