/**
 * Other modules' say in removing an account, by deletion, deactivation or the end-of-term sweep
 * (docs/decisions/account-deletion.md, account-deactivation.md).
 */
import { MSG, type OpenRepairs, type UnitsOut } from '../../../core/messages';
import type { Ctx } from '../../context';
import type { Db } from '../../db/database';
import type { Account } from '../../db/schema';
import { conflict } from '../../errors';
import type { AccountHolding } from '../../ports';

/** The refusal's words, which depend on who asks: the person themselves, or the office deleting or deactivating. */
export type HoldWords = {
  loans: (out: UnitsOut) => string;
  repairs: (open: OpenRepairs) => string;
  custody: (units: number) => string;
};

const wordsFor = (held: AccountHolding, words: HoldWords) =>
  'loans' in held ? words.loans(held.loans) : 'repairs' in held ? words.repairs(held.repairs) : words.custody(held.custody);

/** Refuses (409) while another module says the account still holds something there, in `ctx.accountHolds` order. */
export async function refuseWhileHeld(ctx: Ctx, trx: Db, accountId: number, words: HoldWords): Promise<void> {
  for (const hold of ctx.accountHolds) {
    const held = await hold.holding(trx, accountId);
    if (held) throw conflict(wordsFor(held, words), 'account_in_use');
  }
}

export async function releaseHolds(ctx: Ctx, trx: Db, account: Account): Promise<void> {
  for (const hold of ctx.accountHolds) await hold.release?.(ctx.activity, trx, account);
}

const holdingWords = (held: AccountHolding) =>
  wordsFor(held, { loans: MSG.userOutHasLoans, repairs: MSG.userOutHasRepairs, custody: MSG.userOutHasCustody });

export async function holdingOf(ctx: Ctx, trx: Db, accountId: number): Promise<string | null> {
  for (const hold of ctx.accountHolds) {
    const held = await hold.holding(trx, accountId);
    if (held) return holdingWords(held);
  }
  return null;
}
