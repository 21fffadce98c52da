/**
 * Accounts from the registrar (docs/decisions/registrar-accounts.md): up to 5,000 students and faculty created or
 * updated by email in one transaction, all or nothing, every row's problems answered together; read and written
 * in sets (the emails looked up, new rows inserted and changed rows updated 500 at a time), not row by row.
 */
import crypto from 'node:crypto';
import { sql } from 'kysely';
import { BULK_MSG, checkBulkRows, type CheckedRow, type RowProblem } from '../../../core/accounts/bulk';
import type { BulkAccountsBody, BulkAccountsResult, BulkDeactivateResult } from '../../../core/accounts/bulkSchemas';
import { plural } from '../../../core/format';
import { MSG } from '../../../core/messages';
import { ROLE_LABELS } from '../../../core/roles';
import type { Ctx } from '../../context';
import type { Db } from '../../db/database';
import type { Account } from '../../db/schema';
import { conflict, HttpError } from '../../errors';
import { sayEvents } from '../../lib/events';
import { hashPassword } from '../../lib/passwords';
import { departmentRefs } from '../departments';
import { runTermSweep } from './termSweep';
import { isUniqueViolation } from './uniqueEmail';

const CHUNK = 500;
const chunks = <T>(list: readonly T[]) =>
  Array.from({ length: Math.ceil(list.length / CHUNK) }, (_, i) => list.slice(i * CHUNK, (i + 1) * CHUNK));

/** The accounts with these emails (kept in lower case), by email. */
export async function accountsByEmail(db: Db, emails: readonly string[]): Promise<Map<string, Account>> {
  const found = new Map<string, Account>();
  for (const part of chunks(emails)) {
    if (!part.length) continue;
    for (const a of await db.selectFrom('accounts').selectAll().where('email', 'in', part).execute()) found.set(a.email, a);
  }
  return found;
}

type Change = { id: number; full_name: string; contact_number: string; role: string; department_id: number | null; status: string };

export async function importFromRegistrar(ctx: Ctx, actor: Account, body: BulkAccountsBody): Promise<BulkAccountsResult> {
  const { rows, problems } = checkBulkRows(body.accounts, await departmentRefs(ctx.db));
  const existing = await accountsByEmail(
    ctx.db,
    rows.map((r) => r.email),
  );
  // An email of the office's own accounts cannot be turned into a student's.
  body.accounts.forEach((input, i) => {
    const email = String(input.email ?? '')
      .trim()
      .toLowerCase();
    const other = existing.get(email);
    if (other && other.role !== 'student' && other.role !== 'faculty')
      addProblem(problems, { row: i + 1, email, errors: [BULK_MSG.notStudentOrFaculty(ROLE_LABELS[other.role].toLowerCase())] });
  });
  if (problems.length) {
    problems.sort((a, b) => a.row - b.row);
    throw new HttpError(400, 'rows_invalid', BULK_MSG.rowsInvalid(problems.length), { rows: problems });
  }

  const fresh = rows.filter((r) => !existing.has(r.email));
  const changes: Change[] = [];
  let accepted = 0;
  const approvedIds: number[] = [];
  for (const r of rows) {
    const a = existing.get(r.email);
    if (!a) continue;
    const status = body.approve && a.status !== 'accepted' ? 'accepted' : a.status;
    if (status !== a.status) {
      accepted++;
      approvedIds.push(a.id);
    }
    const change: Change = {
      id: a.id,
      full_name: r.fullName,
      contact_number: r.contactNumber,
      role: r.role,
      department_id: r.departmentId,
      status,
    };
    if (
      change.full_name !== a.full_name ||
      change.contact_number !== a.contact_number ||
      change.role !== a.role ||
      change.department_id !== a.department_id ||
      status !== a.status
    )
      changes.push(change);
  }
  // Nobody knows this password: the person signs in with the campus account, or sets one by Forgot password.
  const unusable = fresh.length ? await hashPassword(crypto.randomBytes(32).toString('base64url')) : '';
  try {
    await ctx.db.transaction().execute(async (trx) => {
      const at = new Date().toISOString();
      for (const part of chunks(fresh)) approvedIds.push(...(await insertRows(trx, part, body.approve, unusable, at)));
      for (const part of chunks(changes)) await updateRows(trx, part);
      await ctx.activity.record(
        { actorId: actor.id, subjectId: null, entity: null },
        {
          actionType: 'accounts_imported',
          description: `${actor.full_name} took the registrar's accounts: ${fresh.length} added, ${changes.length} updated${body.approve ? '' : '; the new ones wait for the office to accept them'}`,
        },
        trx,
      );
      if (body.approve)
        await sayEvents(
          trx,
          approvedIds.map((id) => ({ type: 'account.approved' as const, about: { kind: 'account' as const, id } })),
        );
    });
  } catch (err) {
    // Another registration took one of the emails meanwhile: nothing was saved.
    if (isUniqueViolation(err)) throw conflict(MSG.emailTaken, 'email_taken');
    throw err;
  }
  const created = fresh.length;
  const approved = body.approve ? created + accepted : 0;
  return {
    message: `${plural(created, 'account')} added, ${plural(changes.length, 'account')} updated, ${rows.length - created - changes.length} unchanged.`,
    created,
    updated: changes.length,
    unchanged: rows.length - created - changes.length,
    approved,
    pending: body.approve ? 0 : created,
  };
}

function addProblem(problems: RowProblem[], p: RowProblem) {
  const same = problems.find((q) => q.row === p.row);
  if (same) same.errors.push(...p.errors);
  else problems.push(p);
}

async function insertRows(trx: Db, rows: CheckedRow[], approve: boolean, passwordHash: string, at: string): Promise<number[]> {
  const made = await trx
    .insertInto('accounts')
    .values(
      rows.map((r) => ({
        full_name: r.fullName,
        email: r.email,
        username: null,
        contact_number: r.contactNumber,
        role: r.role,
        status: approve ? ('accepted' as const) : ('pending' as const),
        email_verified: 0,
        job_type: null,
        department_id: r.departmentId,
        password_hash: passwordHash,
        id_file: null,
        id_file_mime: null,
        created_at: at,
      })),
    )
    .returning('id')
    .execute();
  return made.map((m) => m.id);
}

/** The changed rows in one statement: an UPDATE from a table of values. */
async function updateRows(trx: Db, rows: Change[]): Promise<void> {
  const values = sql.join(
    rows.map(
      (r) =>
        sql`(cast(${r.id} as integer), ${r.full_name}, ${r.contact_number}, ${r.role}, cast(${r.department_id} as integer), ${r.status})`,
    ),
  );
  await sql`with v(id, full_name, contact_number, role, department_id, status) as (values ${values})
    update accounts set full_name = v.full_name, contact_number = v.contact_number, role = v.role,
      department_id = v.department_id, status = v.status
    from v where accounts.id = v.id`.execute(trx);
}

/**
 * The registrar's leavers, by email: the end-of-term sweep's rules (termSweep.ts) on the active students and
 * faculty among them; the others are answered by what they are.
 */
export async function deactivateLeavers(ctx: Ctx, actor: Account, given: readonly string[]): Promise<BulkDeactivateResult> {
  const emails = [...new Set(given.map((e) => e.trim().toLowerCase()).filter(Boolean))];
  const found = await accountsByEmail(ctx.db, emails);
  const unknown = emails.filter((e) => !found.has(e));
  const people = [...found.values()];
  const notStudentOrFaculty = people.filter((a) => a.role !== 'student' && a.role !== 'faculty').map((a) => a.email);
  const leavers = people.filter((a) => (a.role === 'student' || a.role === 'faculty') && !a.deactivated_at);
  const alreadyDeactivated = people.filter((a) => (a.role === 'student' || a.role === 'faculty') && a.deactivated_at).map((a) => a.email);
  const byId = new Map(leavers.map((a) => [a.id, a]));
  const { deactivated, held } = leavers.length
    ? await runTermSweep(
        ctx,
        actor,
        leavers.map((a) => a.id),
        'registrar',
      )
    : { deactivated: 0, held: [] };
  return {
    message: `${plural(deactivated, 'account')} deactivated${held.length ? `; ${plural(held.length, 'person', 'people')} still hold items or repairs and stay active until they return` : ''}.`,
    deactivated,
    held: held.map((h) => ({ email: byId.get(h.id)!.email, fullName: h.fullName, holding: h.holding })),
    alreadyDeactivated,
    unknown,
    notStudentOrFaculty,
  };
}
