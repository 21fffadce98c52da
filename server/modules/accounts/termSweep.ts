/** The end-of-term sweep (docs/decisions/campus-sign-in.md): who it would deactivate, and the sweep itself. */
import { termSweepQuery, type TermSweepPreview, type TermSweepQuery } from '../../../core/accounts/schemas';
import { ROLE_LABELS } from '../../../core/roles';
import type { Ctx } from '../../context';
import type { Account } from '../../db/schema';
import { holdingOf, releaseHolds } from './accountHolds';
import { findAccount } from './queries';

/**
 * Who an end-of-term sweep would deactivate: the active accounts of the role not signed in since the day (or never)
 * and/or with the list's emails, each with what they still hold.
 */
export async function termSweepPreview(ctx: Ctx, query: TermSweepQuery): Promise<TermSweepPreview> {
  const form = termSweepQuery.parse(query);
  const emails = [...new Set(form.emails ?? [])];
  let q = ctx.db
    .selectFrom('accounts')
    .selectAll()
    .where('role', '=', form.role)
    .where('status', '=', 'accepted')
    .where('deactivated_at', 'is', null);
  if (form.notSignedInSince) {
    const since = form.notSignedInSince;
    q = q.where((eb) => eb.or([eb('last_signed_in_at', 'is', null), eb('last_signed_in_at', '<', since)]));
  }
  if (emails.length) q = q.where('email', 'in', emails);
  const rows = await q.orderBy('full_name').orderBy('id').limit(2000).execute();
  const people = [];
  for (const r of rows) {
    people.push({
      id: r.id,
      fullName: r.full_name,
      email: r.email,
      role: r.role,
      lastSignedInAt: r.last_signed_in_at,
      holding: await holdingOf(ctx, ctx.db, r.id),
    });
  }
  const found = new Set(rows.map((r) => r.email));
  return { people, unmatched: emails.filter((e) => !found.has(e)) };
}

/**
 * The sweep itself, one transaction: each chosen student or faculty member who holds nothing is deactivated (signed
 * out, pending requests released, as one deactivation); those who still hold items or repairs stay active and are
 * answered, to be swept once they return. The activity log records each deactivation and the sweep.
 */
export async function runTermSweep(
  ctx: Ctx,
  actor: Account,
  ids: number[],
  /** The registrar's leavers (docs/decisions/registrar-accounts.md) go by the same rules, named as theirs in the log. */
  by: 'sweep' | 'registrar' = 'sweep',
): Promise<{ deactivated: number; held: { id: number; fullName: string; holding: string }[] }> {
  return ctx.db.transaction().execute(async (trx) => {
    const held: { id: number; fullName: string; holding: string }[] = [];
    let deactivated = 0;
    for (const id of [...new Set(ids)]) {
      const account = await findAccount(trx, id);
      if (!account || account.deactivated_at || (account.role !== 'student' && account.role !== 'faculty')) continue;
      const holding = await holdingOf(ctx, trx, id);
      if (holding) {
        held.push({ id, fullName: account.full_name, holding });
        continue;
      }
      const done = await trx
        .updateTable('accounts')
        .set({ deactivated_at: new Date().toISOString() })
        .where('id', '=', id)
        .where('deactivated_at', 'is', null)
        .executeTakeFirst();
      if (Number(done.numUpdatedRows) === 0) continue;
      await releaseHolds(ctx, trx, account);
      await ctx.sessions.endOtherSessions(id, null, trx);
      await ctx.activity.record(
        { actorId: actor.id, subjectId: id, entity: { type: 'account', id } },
        {
          actionType: 'account_deactivated',
          event: 'account.deactivated',
          description: `${actor.full_name} deactivated ${ROLE_LABELS[account.role].toLowerCase()} ${account.full_name} (${by === 'sweep' ? 'end-of-term sweep' : 'left, by the registrar'})`,
        },
        trx,
      );
      deactivated++;
    }
    await ctx.activity.record(
      { actorId: actor.id, subjectId: null, entity: null },
      {
        actionType: 'term_sweep',
        description: `${actor.full_name} ${by === 'sweep' ? 'ran the end-of-term sweep' : "deactivated the registrar's leavers"}: ${deactivated} deactivated${held.length ? `, ${held.length} kept active while they still hold items or repairs` : ''}`,
      },
      trx,
    );
    return { deactivated, held };
  });
}
