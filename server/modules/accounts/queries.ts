/** Reads of the accounts table, for this module and (through these functions only) for the others. */
import { sql } from 'kysely';
import { ACCOUNT_LIST_ROLES, REGISTRANT_ROLES, uniIdOf } from '../../../core/accounts/rules';
import type { Account as AccountDto, AccountList, AccountListParams } from '../../../core/accounts/schemas';
import type { MonthFigure } from '../../../core/common/schemas';
import { MSG } from '../../../core/messages';
import { ACCOUNT_STATUSES, OFFICE_ROLES, ROLES, type Role } from '../../../core/roles';
import type { Ctx } from '../../context';
import type { Db, Dialect } from '../../db/database';
import type { Account } from '../../db/schema';
import { anyContainsCI, containsCI } from '../../db/search';
import { pagedList } from '../../lib/lists';

/** The account as the browser sees it (core/accounts/schemas.ts): never the password hash or the ID file's path. */
export function toAccountDto(a: Account): AccountDto {
  return {
    id: a.id,
    uniId: uniIdOf(a.id),
    fullName: a.full_name,
    email: a.email,
    username: a.username,
    contactNumber: a.contact_number,
    role: a.role,
    status: a.status,
    jobType: a.job_type,
    departmentId: a.department_id,
    emailVerified: a.email_verified === 1,
    hasIdFile: a.id_file !== null,
    createdAt: a.created_at,
    deactivatedAt: a.deactivated_at,
    borrowHold: a.borrow_hold_reason !== null ? { reason: a.borrow_hold_reason, heldAt: a.borrow_held_at ?? a.created_at } : null,
  };
}

/** One of the three user-management lists (docs/product.md): search, status tabs with counts, pending registrations first. */
export async function listAccounts(ctx: Ctx, q: AccountListParams): Promise<AccountList> {
  let filtered = ctx.db.selectFrom('accounts').where('role', 'in', [...ACCOUNT_LIST_ROLES[q.type]]);
  if (q.search) filtered = filtered.where(anyContainsCI(ctx.dialect, ['full_name', 'email', 'contact_number'], q.search));
  if (q.department === 'none') filtered = filtered.where('department_id', 'is', null);
  else if (q.department !== undefined) filtered = filtered.where('department_id', '=', q.department);
  const { rows, total, counts } = await pagedList(filtered, {
    tabColumn: 'status',
    tabs: ACCOUNT_STATUSES,
    tab: q.status ?? 'all',
    page: q,
    order: (b) =>
      b
        .orderBy(sql`case when status = 'pending' then 0 else 1 end`)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc'),
    rows: (b) => b.selectAll().execute(),
  });
  return { items: rows.map(toAccountDto), total, counts };
}

export const findAccount = (db: Db, id: number) => db.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst();

/** By email (any case) or username: the sign-in forms accept either. */
export const findByLogin = (db: Db, login: string) =>
  db
    .selectFrom('accounts')
    .selectAll()
    .where((eb) => eb.or([eb('email', '=', login.trim().toLowerCase()), eb('username', '=', login.trim())]))
    .executeTakeFirst();

export const findByEmail = (db: Db, email: string) =>
  db.selectFrom('accounts').selectAll().where('email', '=', email.trim().toLowerCase()).executeTakeFirst();

/** Where an account's mail goes, or undefined when it is gone. */
export async function emailOf(db: Db, id: number): Promise<string | undefined> {
  return (await db.selectFrom('accounts').select('email').where('id', '=', id).executeTakeFirst())?.email;
}

/** A person's name as the feed and the notices say it; "Deleted user" when the account is gone (docs/decisions/account-deletion.md). */
/** The addresses of those among `ids` who are office staff with an accepted account. */
export async function staffEmails(db: Db, ids: number[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('accounts')
    .select('email')
    .where('id', 'in', ids)
    .where('role', 'in', [...OFFICE_ROLES])
    .where('status', '=', 'accepted')
    .execute();
  return rows.map((r) => r.email);
}

export async function nameOf(db: Db, id: number | null): Promise<string> {
  if (id === null) return MSG.deletedUser;
  const a = await db.selectFrom('accounts').select('full_name').where('id', '=', id).executeTakeFirst();
  return a?.full_name ?? MSG.deletedUser;
}

/** Accepted personnel accounts, by name: whom a repair can be assigned to. */
/** Accepted accounts per role, and registrations awaiting a decision: the office report's figures. */
export async function accountsByRole(db: Db): Promise<Record<Role, number> & { pending: number }> {
  const rows = await db
    .selectFrom('accounts')
    .select(['role', 'status', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy(['role', 'status'])
    .execute();
  const out = { ...(Object.fromEntries(ROLES.map((r) => [r, 0])) as Record<Role, number>), pending: 0 };
  for (const r of rows) {
    if (r.status === 'accepted' && r.role in out) out[r.role as Role] += Number(r.n);
    if (r.status === 'pending') out.pending += Number(r.n);
  }
  return out;
}

/** The ids of accounts whose name contains the term, as a subquery: for other lists' searches by a person's name. */
export const idsOfAccountsNamed = (db: Db, dialect: Dialect, term: string) =>
  db
    .selectFrom('accounts')
    .select('accounts.id')
    .where(containsCI(dialect, 'accounts.full_name', term));

export const personnelAccounts = (db: Db) =>
  db
    .selectFrom('accounts')
    .select(['id', 'full_name', 'job_type'])
    .where('role', '=', 'personnel')
    .where('status', '=', 'accepted')
    .where('deactivated_at', 'is', null)
    .orderBy('full_name')
    .execute();

/**
 * The office's active accounts, administrators and staff, by name: told of overdue repairs
 * (docs/decisions/repair-deadlines.md), and who may receive a scheduled report (docs/decisions/reports.md).
 */
/** The active administrators (not staff): told when the system's own working needs them (docs/decisions/webhooks.md). */
export const activeAdministrators = (db: Db) =>
  db
    .selectFrom('accounts')
    .select(['id', 'full_name', 'email'])
    .where('role', '=', 'admin')
    .where('status', '=', 'accepted')
    .where('deactivated_at', 'is', null)
    .orderBy('id')
    .execute();

export const officeAccounts = (db: Db) =>
  db
    .selectFrom('accounts')
    .select(['id', 'full_name', 'email'])
    .where('role', 'in', ['admin', 'staff'])
    .where('status', '=', 'accepted')
    .where('deactivated_at', 'is', null)
    .orderBy('full_name')
    .orderBy('id')
    .execute();

/** The stored path of the ID a registrant submitted, if any. */
export async function idFileOf(db: Db, id: number): Promise<string | null> {
  return (await db.selectFrom('accounts').select('id_file').where('id', '=', id).executeTakeFirst())?.id_file ?? null;
}

/** Landing page: students and faculty with an accepted account. */
export async function peopleServed(db: Db): Promise<number> {
  const row = await db
    .selectFrom('accounts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('role', 'in', [...REGISTRANT_ROLES])
    .where('status', '=', 'accepted')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Admin dashboard: accounts in all, and those created this month and last. */
export async function accountsFigure(db: Db, months: { lastMonth: string; thisMonth: string }): Promise<MonthFigure & { pending: number }> {
  const accepted = sql`status = 'accepted'`;
  const row = await db
    .selectFrom('accounts')
    .select([
      sql<number>`coalesce(sum(case when ${accepted} then 1 else 0 end), 0)`.as('value'),
      sql<number>`coalesce(sum(case when status = 'pending' then 1 else 0 end), 0)`.as('pending'),
      sql<number>`coalesce(sum(case when ${accepted} and created_at >= ${months.thisMonth} then 1 else 0 end), 0)`.as('thisMonth'),
      sql<number>`coalesce(sum(case when ${accepted} and created_at >= ${months.lastMonth} and created_at < ${months.thisMonth} then 1 else 0 end), 0)`.as(
        'lastMonth',
      ),
    ])
    .executeTakeFirstOrThrow();
  return { value: Number(row.value), pending: Number(row.pending), thisMonth: Number(row.thisMonth), lastMonth: Number(row.lastMonth) };
}

/** The account linked to a campus identity (issuer and subject), if any. */
export const findByCampusSubject = (db: Db, subject: string) =>
  db.selectFrom('accounts').selectAll().where('campus_subject', '=', subject).executeTakeFirst();

/** Active accepted accounts of these roles, by name (the people custody may issue to, docs/decisions/custody.md). */
export const activePeopleOf = (db: Db, roles: readonly Role[]) =>
  db
    .selectFrom('accounts')
    .select(['id', 'full_name', 'role'])
    .where('role', 'in', [...roles])
    .where('status', '=', 'accepted')
    .where('deactivated_at', 'is', null)
    .orderBy('full_name')
    .orderBy('id')
    .limit(2000)
    .execute();
