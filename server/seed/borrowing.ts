import { addDays, todayIn } from '../../core/time';
import type { Ctx } from '../context';
import type { Db } from '../db/database';
import { searchTextOf } from '../modules/borrowing';
import { LOANS, rejectReasonOf, type DemoLoan } from './demoLoans';
import { storyOf } from './loanStory';
import { demoProofPhoto } from './proofPhotos';

/**
 * The demo loans (demoLoans.ts) written with their proofs and their story (loanStory.ts). Runs inside the demo-data
 * transaction (seed.ts), after the accounts and items.
 */
export async function seedBorrowing(ctx: Ctx, trx: Db): Promise<void> {
  const now = Date.now();
  const ago = (days: number) => new Date(now - days * 86_400_000).toISOString();
  const today = todayIn(ctx.config.campusTimeZone);
  const accounts = new Map((await trx.selectFrom('accounts').select(['id', 'email', 'full_name']).execute()).map((a) => [a.email, a]));
  const items = new Map((await trx.selectFrom('items').select(['id', 'name', 'category']).execute()).map((i) => [i.name, i]));
  const proofImage = async (n: number) => ctx.files.save('proofs', { buffer: await demoProofPhoto(n), kind: 'jpeg' });

  const proofs: { loan: DemoLoan; path: string; sent: number; refused?: number }[] = [];
  for (const [i, loan] of LOANS.entries()) {
    if (loan.refusedProof) proofs.push({ loan, path: await proofImage(i * 7), sent: loan.refusedProof[0], refused: loan.refusedProof[1] });
    if (loan.returned !== undefined) proofs.push({ loan, path: await proofImage(i * 13), sent: loan.returned });
  }

  for (const loan of LOANS) {
    const borrower = accounts.get(loan.who)!;
    const by = loan.by ? accounts.get(loan.by)! : null;
    const lines = loan.items.map(([name, quantity, approved]) => ({ item: items.get(name)!, quantity, approved: approved !== false }));
    const decidedApproved = ['approved', 'returned', 'completed'].includes(loan.status);
    const current = proofs.find((p) => p.loan === loan && p.refused === undefined && loan.status === 'returned');
    const { id } = await trx
      .insertInto('borrow_requests')
      .values({
        account_id: borrower.id,
        purpose: loan.purpose,
        date_needed: addDays(today, loan.needed),
        date_expected_return: addDays(today, loan.returnBy),
        status: loan.status,
        proof_path: current?.path ?? null,
        reject_reason: loan.status === 'rejected' ? rejectReasonOf(loan) : null,
        created_at: ago(loan.created),
        decided_at: loan.decided !== undefined ? ago(loan.decided) : null,
        decided_by: by?.id ?? null,
        returned_at: loan.returned !== undefined ? ago(loan.returned) : null,
        completed_at: loan.completed !== undefined ? ago(loan.completed) : null,
        reminded_at: loan.remindedDaysAgo !== undefined ? ago(loan.remindedDaysAgo) : null,
        search_text: searchTextOf(
          borrower.full_name,
          loan.purpose,
          lines.map((l) => l.item.name),
        ),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('borrow_request_items')
      .values(
        lines.map((l) => {
          const lent = decidedApproved && l.approved ? l.quantity : 0;
          return {
            request_id: id,
            item_id: l.item.id,
            item_name: l.item.name,
            category: l.item.category,
            quantity_requested: l.quantity,
            quantity_approved: lent,
            // What came back (docs/decisions/partial-returns.md): all of it once returned, and verified once completed.
            quantity_back: loan.status === 'returned' || loan.status === 'completed' ? lent : 0,
            quantity_verified: loan.status === 'completed' ? lent : 0,
          };
        }),
      )
      .execute();
    for (const p of proofs.filter((p) => p.loan === loan)) {
      await trx
        .insertInto('return_proofs')
        .values({
          request_id: id,
          path: p.path,
          created_at: ago(p.sent),
          rejected_at: p.refused !== undefined ? ago(p.refused) : null,
        })
        .execute();
    }
    await storyOf(trx, loan, id, borrower, by, ago, (days) => addDays(today, days));
  }
}
