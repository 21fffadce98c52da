import type { CompletionValues } from '../../../core/repairs/rules';
import type { RepairReportDto } from '../../../core/repairs/schemas';
import type { Ctx } from '../../context';
import type { Account } from '../../db/schema';
import type { ReadFile } from '../../lib/uploads';
import { checkCompletion, recordCompletion } from './completion';
import { move, notAssignedHere, now, reload, rowOf, today } from './move';
import { assertAssigned, checkProof, withProof } from './proof';
import { tellReporter } from './tell';

/** In progress to completed, with a work description and a proof image; the actual cost when known (given now or saved before). */
export async function completeWork(
  ctx: Ctx,
  me: Account,
  id: number,
  input: Partial<CompletionValues>,
  file: ReadFile | null,
): Promise<RepairReportDto> {
  const row = await rowOf(ctx.db, id);
  if (!row || row.assigned_to !== me.id) throw notAssignedHere(row);
  const completion = checkCompletion(row, input);
  const proof = checkProof(file);
  await assertAssigned(ctx, me, id, 'complete');
  const send = await withProof(ctx, proof, (path) =>
    ctx.db.transaction().execute(async (trx) => {
      const { before, after } = await move(
        trx,
        id,
        'complete',
        { status: 'completed', proof_path: path, ...completion, completed_at: now(), date_completed: today(ctx) },
        { party: { assignedTo: me.id } },
      );
      await recordCompletion(ctx, trx, me, before, after);
      return tellReporter(ctx, trx, before, after);
    }),
  );
  send();
  return reload(ctx, id);
}
