import * as say from '../../../core/repairs/notices';
import type { RepairReportDto } from '../../../core/repairs/schemas';
import type { Ctx } from '../../context';
import type { Account } from '../../db/schema';
import type { ReadFile } from '../../lib/uploads';
import { about, move, now, reload } from './move';
import { assertAssigned, checkProof, withProof } from './proof';
import { tellReporter } from './tell';

/** Scheduled or pending to in progress, with a proof image. */
export async function startWork(ctx: Ctx, me: Account, id: number, file: ReadFile | null): Promise<RepairReportDto> {
  const proof = checkProof(file);
  await assertAssigned(ctx, me, id, 'start'); // before writing the file; the guarded update decides for good
  const send = await withProof(ctx, proof, (path) =>
    ctx.db.transaction().execute(async (trx) => {
      const { before, after } = await move(
        trx,
        id,
        'start',
        { status: 'in-progress', start_proof_path: path, started_at: now() },
        { party: { assignedTo: me.id } },
      );
      await ctx.activity.record(about(me, after), say.workStarted(me.full_name, after), trx);
      return tellReporter(ctx, trx, before, after);
    }),
  );
  send();
  return reload(ctx, id);
}
