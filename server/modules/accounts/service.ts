/** Every change to an account: registrations made and decided, emails verified, profiles, passwords, deletion. */
import crypto from 'node:crypto';
import { addPersonnelForm, addUserForm, editableRoles, editUserForm, profileForm } from '../../../core/accounts/forms';
import {
  termSweepQuery,
  type AddPersonnelBody,
  type AddUserBody,
  type BorrowHoldBody,
  type EditUserBody,
  type TermSweepPreview,
  type TermSweepQuery,
} from '../../../core/accounts/schemas';
import { ROLE_LABELS, STAFF_ROLES, type JobType, type Role } from '../../../core/roles';
import { hashPassword } from '../../lib/passwords';
import { borrowHoldLifted, borrowHoldPlaced, registrationDecided } from '../../../core/accounts/notices';
import {
  BORROW_HOLD_REASON_MAX,
  isAdministrator,
  isOfficeDesk,
  isRegistrant,
  mayChangeRoles,
  mayBeHeld,
  mayManageAccount,
  REGISTRANT_ROLES,
  REGISTRATION_DECISIONS,
  type RegistrationDecision,
} from '../../../core/accounts/rules';
import { firstError } from '../../../core/common/forms';
import { MSG, type OpenRepairs, type UnitsOut } from '../../../core/messages';
import type { Ctx } from '../../context';
import type { Db } from '../../db/database';
import type { Account } from '../../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../../errors';
import { findAccount, findByEmail } from './queries';

/**
 * An admin accepts or rejects a pending registration (docs/product.md). The UPDATE is guarded by the pending
 * status, so when two admins decide at once exactly one wins; the other gets 409. The winner's decision is
 * recorded in the feed and told to the registrant, in the same transaction. A rejected registration's ID
 * file is deleted (docs/decisions/id-files.md).
 */
export async function decideRegistration(ctx: Ctx, admin: Account, id: number, decision: RegistrationDecision) {
  const status = REGISTRATION_DECISIONS[decision];
  const { send, idFile } = await ctx.db.transaction().execute(async (trx) => {
    const account = await trx.selectFrom('accounts').select(['id', 'role', 'full_name', 'id_file']).where('id', '=', id).executeTakeFirst();
    if (!account || !isRegistrant(account.role)) throw notFound(MSG.registrationNotFound);
    const decided = await trx
      .updateTable('accounts')
      .set({ status, ...(decision === 'reject' ? { id_file: null, id_file_mime: null } : {}) })
      .where('id', '=', id)
      .where('role', 'in', [...REGISTRANT_ROLES])
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow();
    if (Number(decided.numUpdatedRows) === 0) {
      const now = await trx.selectFrom('accounts').select('status').where('id', '=', id).executeTakeFirst();
      throw conflict(MSG.alreadyDecided(now?.status ?? status), 'already_decided');
    }
    const send = await ctx.activity.tell(
      { actorId: admin.id, subjectId: id, entity: { type: 'account', id } },
      registrationDecided(decision, admin.full_name, account.full_name, ctx.config.appUrl),
      trx,
    );
    return { send, idFile: account.id_file };
  });
  send();
  if (decision === 'reject') await ctx.files.remove(idFile);
  return status;
}

/** A new student or faculty registration, pending an admin's decision (docs/product.md). */
export async function createRegistration(
  db: Db,
  fields: { fullName: string; email: string; contactNumber: string; role: 'student' | 'faculty'; passwordHash: string },
  idFile: { path: string; mime: string },
): Promise<void> {
  await db
    .insertInto('accounts')
    .values({
      full_name: fields.fullName,
      email: fields.email,
      username: null,
      contact_number: fields.contactNumber,
      role: fields.role,
      status: 'pending',
      email_verified: 0,
      job_type: null,
      password_hash: fields.passwordHash,
      id_file: idFile.path,
      id_file_mime: idFile.mime,
      created_at: new Date().toISOString(),
    })
    .execute();
}

/** An administrator made from the command line (npm run create-admin): accepted and verified. */
export async function createAdministrator(
  db: Db,
  fields: { fullName: string; email: string; username: string | null; contactNumber: string; passwordHash: string },
): Promise<void> {
  await db
    .insertInto('accounts')
    .values({
      full_name: fields.fullName,
      email: fields.email.trim().toLowerCase(),
      username: fields.username,
      contact_number: fields.contactNumber,
      role: 'admin',
      status: 'accepted',
      email_verified: 1,
      job_type: null,
      password_hash: fields.passwordHash,
      id_file: null,
      id_file_mime: null,
      created_at: new Date().toISOString(),
    })
    .execute();
}

/** The first sign-in proved the email (docs/product.md); runs in the caller's transaction. */
export async function markEmailVerified(trx: Db, id: number): Promise<void> {
  await trx.updateTable('accounts').set({ email_verified: 1 }).where('id', '=', id).execute();
}

/** A new password hash; runs in the caller's transaction. */
export async function setPasswordHash(trx: Db, id: number, passwordHash: string): Promise<void> {
  await trx.updateTable('accounts').set({ password_hash: passwordHash }).where('id', '=', id).execute();
}

const isUniqueViolation = (err: unknown) => /unique|duplicate/i.test(String((err as Error).message));

/**
 * One's own profile (docs/product.md settings): checked in the form's order. A changed email must be
 * verified again before it signs anyone in (the next sign-in sends a code to it); admins sign in without codes.
 */
export async function updateProfile(
  ctx: Ctx,
  me: Account,
  body: { fullName: string; email: string; contactNumber: string; jobType?: string },
): Promise<{ account: Account; emailChanged: boolean }> {
  const error = firstError(profileForm, body);
  if (error) throw badRequest(error);
  const form = profileForm.parse(body);
  const email = form.email.toLowerCase();
  const emailChanged = email !== me.email.toLowerCase();
  if (emailChanged) {
    const other = await findByEmail(ctx.db, email);
    if (other && other.id !== me.id) throw conflict(MSG.emailTaken, 'email_taken');
  }
  try {
    await ctx.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('accounts')
        .set({
          full_name: form.fullName,
          email,
          contact_number: form.contactNumber,
          ...(me.role === 'personnel' && form.jobType ? { job_type: form.jobType } : {}),
          ...(emailChanged && me.role !== 'admin' && me.role !== 'staff' ? { email_verified: 0 } : {}),
        })
        .where('id', '=', me.id)
        .execute();
      await ctx.activity.record(
        { actorId: me.id, subjectId: me.id, entity: { type: 'account', id: me.id } },
        { actionType: 'profile_updated', description: `${form.fullName} updated their profile` },
        trx,
      );
    });
  } catch (err) {
    // Two accounts racing for one email: the unique index decides.
    if (isUniqueViolation(err)) throw conflict(MSG.emailTaken, 'email_taken');
    throw err;
  }
  return { account: (await findAccount(ctx.db, me.id))!, emailChanged };
}

/** What an account still has open in another module: borrowed units not yet returned, or repairs not finished. */
export type AccountHolding = { loans: UnitsOut } | { repairs: OpenRepairs };

/**
 * Another module's say in removing an account (deleting or deactivating it): what the account still holds
 * there, and what to tidy once it goes (run in the removal's transaction). The modules that build on accounts
 * (borrowing, repairs) provide them and app.ts lists them in `ctx.accountHolds`, so this module imports none of
 * them.
 */
export interface AccountHold {
  holding(trx: Db, accountId: number): Promise<AccountHolding | null>;
  release?(ctx: Ctx, trx: Db, account: Account): Promise<void>;
}

/** The refusal's words, which depend on who asks: the person themselves, or the office deleting or deactivating. */
type HoldWords = { loans: (out: UnitsOut) => string; repairs: (open: OpenRepairs) => string };

/** Refuses (409) while another module says the account still holds something there, in `ctx.accountHolds` order. */
async function refuseWhileHeld(ctx: Ctx, trx: Db, accountId: number, words: HoldWords): Promise<void> {
  for (const hold of ctx.accountHolds) {
    const held = await hold.holding(trx, accountId);
    if (held) throw conflict('loans' in held ? words.loans(held.loans) : words.repairs(held.repairs), 'account_in_use');
  }
}

async function releaseHolds(ctx: Ctx, trx: Db, account: Account): Promise<void> {
  for (const hold of ctx.accountHolds) await hold.release?.(ctx, trx, account);
}

/**
 * Removes an account in the caller's transaction (docs/decisions/account-deletion.md), for its owner and for an administrator alike:
 * refused while borrowed items are out or repairs are in progress (each with the words of whoever asked);
 * otherwise its pending requests are cancelled and the account removed. Its history stays, shown as
 * "Deleted user" (the foreign keys set null), and its sessions and designations go with it. Answers the path
 * of its ID file, for the caller to delete once the transaction has committed (docs/decisions/id-files.md).
 */
async function removeAccount(ctx: Ctx, trx: Db, account: Account, words: HoldWords): Promise<string | null> {
  await refuseWhileHeld(ctx, trx, account.id, words);
  await releaseHolds(ctx, trx, account);
  const row = await trx.deleteFrom('accounts').where('id', '=', account.id).returning('id_file').executeTakeFirst();
  if (!row) throw notFound(MSG.accountNotFound);
  return row.id_file;
}

/** Deleting one's own account (docs/decisions/account-deletion.md). */
export async function deleteOwnAccount(ctx: Ctx, me: Account): Promise<void> {
  const idFile = await ctx.db.transaction().execute(async (trx) => {
    const idFile = await removeAccount(ctx, trx, me, { loans: MSG.accountHasLoans, repairs: MSG.accountHasRepairs });
    await ctx.activity.record(
      { actorId: null, subjectId: null, entity: null },
      { actionType: 'account_deleted', description: `A ${me.role} account was deleted by its owner` },
      trx,
    );
    return idFile;
  });
  await ctx.files.remove(idFile);
}

/**
 * The office's own accounts as they are now, inside the caller's transaction: on PostgreSQL the administrator
 * and staff rows are locked first (SQLite runs one write transaction at a time), then the actor's role is read
 * again, so a demotion, deactivation or deletion committed a moment ago counts. Answers the actor's role now
 * (null once deleted or deactivated) and how many active administrators other than `exceptId` remain.
 */
async function officeDeskNow(ctx: Ctx, trx: Db, actorId: number, exceptId: number): Promise<{ actorRole: Role | null; admins: number }> {
  if (ctx.dialect === 'postgres') {
    await trx
      .selectFrom('accounts')
      .select('id')
      .where('role', 'in', [...STAFF_ROLES])
      .orderBy('id')
      .forUpdate()
      .execute();
  }
  const actor = await trx
    .selectFrom('accounts')
    .select('role')
    .where('id', '=', actorId)
    .where('deactivated_at', 'is', null)
    .executeTakeFirst();
  const others = await trx
    .selectFrom('accounts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('role', '=', 'admin')
    .where('status', '=', 'accepted')
    .where('deactivated_at', 'is', null)
    .where('id', '!=', exceptId)
    .executeTakeFirstOrThrow();
  return { actorRole: actor?.role ?? null, admins: Number(others.n) };
}

/**
 * An administrator or staff member deletes a person from user management. Never oneself (another
 * administrator does that); administrator and staff accounts only by an administrator; never the last
 * administrator, counted inside the transaction (officeDeskNow), so two administrators deleting each other at
 * once leave one. The loan and repair refusals are those of one's own deletion.
 */
export async function deleteAccountAsAdmin(ctx: Ctx, actor: Account, id: number): Promise<void> {
  if (id === actor.id) throw conflict(MSG.cannotDeleteSelf, 'cannot_delete_self');
  const idFile = await ctx.db.transaction().execute(async (trx) => {
    const account = await trx.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst();
    if (!account) throw notFound(MSG.accountNotFound);
    if (!mayManageAccount(actor.role, account.role)) throw forbidden(MSG.officeAccountsAdminsOnly);
    if (isOfficeDesk(account.role)) {
      const now = await officeDeskNow(ctx, trx, actor.id, id);
      if (isAdministrator(account.role) && now.admins === 0) throw conflict(MSG.lastAdministrator, 'last_administrator');
      if (!now.actorRole || !mayManageAccount(now.actorRole, account.role)) throw forbidden(MSG.officeAccountsAdminsOnly);
    }
    const idFile = await removeAccount(ctx, trx, account, { loans: MSG.userHasLoans, repairs: MSG.userHasRepairs });
    await ctx.activity.record(
      { actorId: actor.id, subjectId: null, entity: null },
      {
        actionType: 'account_deleted',
        description: `${actor.full_name} deleted ${ROLE_LABELS[account.role].toLowerCase()} ${account.full_name}`,
      },
      trx,
    );
    return idFile;
  });
  await ctx.files.remove(idFile);
}

/**
 * An administrator or staff member deactivates a person, or reactivates them (docs/decisions/account-deactivation.md).
 * The same rights as deleting: never oneself, administrator and staff accounts by an administrator only, never
 * the last active administrator (counted inside the transaction, so two administrators deactivating each other
 * at once leave one). Deactivating is refused while the person has borrowed items out or repairs open, like
 * deleting; their pending requests are cancelled and their sessions end at once. The UPDATE is guarded by the
 * present state, so a double click or two people acting at once change it once.
 */
export async function setAccountActive(ctx: Ctx, actor: Account, id: number, active: boolean): Promise<Account> {
  if (id === actor.id) throw conflict(MSG.cannotDeactivateSelf, 'cannot_delete_self');
  await ctx.db.transaction().execute(async (trx) => {
    const account = await trx.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst();
    if (!account) throw notFound(MSG.accountNotFound);
    if (!mayManageAccount(actor.role, account.role)) throw forbidden(MSG.officeAccountsAdminsOnly);
    if (isOfficeDesk(account.role)) {
      const now = await officeDeskNow(ctx, trx, actor.id, id);
      if (!active && isAdministrator(account.role) && now.admins === 0) {
        throw conflict(MSG.lastAdministratorDeactivate, 'last_administrator');
      }
      if (!now.actorRole || !mayManageAccount(now.actorRole, account.role)) throw forbidden(MSG.officeAccountsAdminsOnly);
    }
    if (!active) await refuseWhileHeld(ctx, trx, id, { loans: MSG.userOutHasLoans, repairs: MSG.userOutHasRepairs });
    const done = await trx
      .updateTable('accounts')
      .set({ deactivated_at: active ? null : new Date().toISOString() })
      .where('id', '=', id)
      .where('deactivated_at', active ? 'is not' : 'is', null)
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) === 0) throw conflict(active ? MSG.alreadyActive : MSG.alreadyDeactivated, 'already_done');
    if (!active) {
      await releaseHolds(ctx, trx, account);
      await ctx.sessions.endOtherSessions(id, null, trx);
    }
    await ctx.activity.record(
      { actorId: actor.id, subjectId: id, entity: { type: 'account', id } },
      {
        actionType: active ? 'account_reactivated' : 'account_deactivated',
        description: `${actor.full_name} ${active ? 'reactivated' : 'deactivated'} ${ROLE_LABELS[account.role].toLowerCase()} ${account.full_name}`,
      },
      trx,
    );
  });
  return (await findAccount(ctx.db, id))!;
}

/**
 * A person edited from user management: name, email, contact number, the role within the person's list and
 * a personnel member's job type. Administrator and staff accounts, and any change of role, are for
 * administrators only; nobody changes their own role, and the last administrator keeps theirs (counted inside
 * the transaction). A role change is recorded with who made it. The email stays unique (409, also when two
 * edits race: the unique index decides); a changed email is verified again at the next sign-in.
 */
export async function editAccount(ctx: Ctx, actor: Account, id: number, body: EditUserBody): Promise<Account> {
  const error = firstError(editUserForm, body);
  if (error) throw badRequest(error);
  const form = editUserForm.parse(body);
  const account = await findAccount(ctx.db, id);
  if (!account) throw notFound(MSG.accountNotFound);
  if (!mayManageAccount(actor.role, account.role)) throw forbidden(MSG.officeAccountsAdminsOnly);
  const role = form.role ?? account.role;
  if (!editableRoles(account.role).includes(role)) throw badRequest(MSG.roleChoiceRequired);
  const roleChanged = role !== account.role;
  if (roleChanged && id === actor.id) throw forbidden(MSG.cannotChangeOwnRole);
  if (roleChanged && !mayChangeRoles(actor.role)) throw forbidden(MSG.rolesAdminsOnly);
  if (account.role === 'personnel' && !form.jobType && !account.job_type) throw badRequest(MSG.jobTypeRequired);
  const email = form.email.toLowerCase();
  const emailChanged = email !== account.email.toLowerCase();
  if (emailChanged) {
    const other = await findByEmail(ctx.db, email);
    if (other && other.id !== id) throw conflict(MSG.emailTaken, 'email_taken');
  }
  try {
    await ctx.db.transaction().execute(async (trx) => {
      if (isOfficeDesk(account.role) || roleChanged) {
        const now = await officeDeskNow(ctx, trx, actor.id, id);
        if (account.role === 'admin' && role !== 'admin' && now.admins === 0) {
          throw conflict(MSG.lastAdministratorRole, 'last_administrator');
        }
        if (!now.actorRole || !mayManageAccount(now.actorRole, account.role)) throw forbidden(MSG.officeAccountsAdminsOnly);
        if (roleChanged && !mayChangeRoles(now.actorRole)) throw forbidden(MSG.rolesAdminsOnly);
      }
      const done = await trx
        .updateTable('accounts')
        .set({
          full_name: form.fullName,
          email,
          contact_number: form.contactNumber,
          role,
          ...(account.role === 'personnel' && form.jobType ? { job_type: form.jobType } : {}),
          ...(emailChanged && !isOfficeDesk(role) ? { email_verified: 0 } : {}),
        })
        .where('id', '=', id)
        .where('role', '=', account.role)
        .executeTakeFirst();
      if (Number(done.numUpdatedRows) === 0) throw conflict(MSG.accountChangedMeanwhile);
      const who = { actorId: actor.id, subjectId: id, entity: { type: 'account' as const, id } };
      await ctx.activity.record(
        who,
        { actionType: 'account_updated', description: `${actor.full_name} updated the account of ${form.fullName}` },
        trx,
      );
      if (roleChanged) {
        await ctx.activity.record(
          who,
          {
            actionType: 'role_changed',
            description: `${actor.full_name} changed the role of ${form.fullName} from ${ROLE_LABELS[account.role]} to ${ROLE_LABELS[role]}`,
          },
          trx,
        );
      }
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(MSG.emailTaken, 'email_taken');
    throw err;
  }
  return (await findAccount(ctx.db, id))!;
}

/** An account an administrator adds: accepted, its email verified at the first sign-in or by its password link. */
async function insertAccount(
  ctx: Ctx,
  admin: Account,
  fields: { fullName: string; email: string; contactNumber: string; role: Role; jobType: JobType | null; passwordHash: string },
  afterInsert?: (trx: Db, account: Account) => Promise<void>,
): Promise<Account> {
  const email = fields.email.trim().toLowerCase();
  if (await findByEmail(ctx.db, email)) throw conflict(MSG.emailTaken, 'email_taken');
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      const account = await trx
        .insertInto('accounts')
        .values({
          full_name: fields.fullName.trim(),
          email,
          username: null,
          contact_number: fields.contactNumber,
          role: fields.role,
          status: 'accepted',
          email_verified: 0,
          job_type: fields.jobType,
          password_hash: fields.passwordHash,
          id_file: null,
          id_file_mime: null,
          created_at: new Date().toISOString(),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await ctx.activity.record(
        { actorId: admin.id, subjectId: account.id, entity: { type: 'account', id: account.id } },
        {
          actionType: 'account_added',
          description: `${admin.full_name} added ${ROLE_LABELS[fields.role].toLowerCase()} ${account.full_name}`,
        },
        trx,
      );
      await afterInsert?.(trx, account);
      return account;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(MSG.emailTaken, 'email_taken');
    throw err;
  }
}

/** Add Personnel (docs/product.md): the admin sets the password; the person verifies their email at the first sign-in. */
export async function addPersonnel(ctx: Ctx, admin: Account, body: AddPersonnelBody): Promise<Account> {
  const error = firstError(addPersonnelForm, body);
  if (error) throw badRequest(error);
  const form = addPersonnelForm.parse(body);
  return insertAccount(ctx, admin, { ...form, role: 'personnel', passwordHash: await hashPassword(form.password) });
}

/**
 * Add User from the dashboard (docs/product.md): no password field, so the account starts with none that works and
 * `welcome` mails the person a link to choose one (in the same transaction, so no account exists without it).
 */
export async function addUser(
  ctx: Ctx,
  admin: Account,
  body: AddUserBody,
  welcome: (trx: Db, account: Account) => Promise<void>,
): Promise<Account> {
  const error = firstError(addUserForm, body);
  if (error) throw badRequest(error);
  const form = addUserForm.parse(body);
  const role: Role = form.kind === 'admin' ? form.adminRole! : form.kind;
  if (!mayManageAccount(admin.role, role)) throw forbidden(MSG.officeAccountsAdminsOnly);
  const unusable = await hashPassword(crypto.randomBytes(32).toString('base64url'));
  return insertAccount(
    ctx,
    admin,
    { ...form, role, jobType: form.kind === 'personnel' ? form.jobType! : null, passwordHash: unusable },
    welcome,
  );
}

// ---- borrowing holds (docs/decisions/borrow-holds.md) ----

/**
 * An administrator puts a borrowing hold on a student or faculty member, with a reason (trimmed, required, at most
 * BORROW_HOLD_REASON_MAX characters). The UPDATE is guarded on no hold being on, so two administrators at once
 * place one (the other gets 409 `already_done`). The activity entry carries the reason; the person is told by
 * bell and mail once it has committed.
 */
export async function placeBorrowHold(ctx: Ctx, admin: Account, id: number, body: BorrowHoldBody): Promise<Account> {
  const reason = body.reason.trim().replace(/\s+/g, ' ');
  if (!reason) throw badRequest(MSG.borrowHoldReasonRequired);
  if (reason.length > BORROW_HOLD_REASON_MAX) throw badRequest(MSG.holdReasonTooLong(BORROW_HOLD_REASON_MAX));
  const send = await ctx.db.transaction().execute(async (trx) => {
    const account = await trx.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst();
    if (!account) throw notFound(MSG.accountNotFound);
    if (!mayBeHeld(account.role)) throw badRequest(MSG.holdBorrowersOnly, 'not_borrower');
    const done = await trx
      .updateTable('accounts')
      .set({ borrow_hold_reason: reason, borrow_held_at: new Date().toISOString() })
      .where('id', '=', id)
      .where('role', 'in', [...REGISTRANT_ROLES])
      .where('borrow_hold_reason', 'is', null)
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) === 0) throw conflict(MSG.alreadyOnHold, 'already_done');
    return ctx.activity.tell(
      { actorId: admin.id, subjectId: id, entity: { type: 'account', id } },
      borrowHoldPlaced(admin.full_name, account.full_name, reason),
      trx,
    );
  });
  send();
  return (await findAccount(ctx.db, id))!;
}

/** An administrator lifts the hold: guarded on the hold being on, recorded with the reason it had, the person told. */
export async function liftBorrowHold(ctx: Ctx, admin: Account, id: number): Promise<Account> {
  const send = await ctx.db.transaction().execute(async (trx) => {
    const account = await trx.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst();
    if (!account) throw notFound(MSG.accountNotFound);
    const done = await trx
      .updateTable('accounts')
      .set({ borrow_hold_reason: null, borrow_held_at: null })
      .where('id', '=', id)
      .where('borrow_hold_reason', 'is not', null)
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) === 0) throw conflict(MSG.notOnBorrowHold, 'already_done');
    return ctx.activity.tell(
      { actorId: admin.id, subjectId: id, entity: { type: 'account', id } },
      borrowHoldLifted(admin.full_name, account.full_name, account.borrow_hold_reason ?? ''),
      trx,
    );
  });
  send();
  return (await findAccount(ctx.db, id))!;
}

/**
 * The borrower's hold as it is inside the caller's transaction (borrowing asks before it writes a request). On
 * PostgreSQL the account's row is read FOR SHARE, so a hold being placed at that instant is waited for and wins;
 * SQLite runs one write transaction at a time. Answers the reason, or null when borrowing is not on hold.
 */
export async function borrowHoldNow(ctx: Ctx, trx: Db, accountId: number): Promise<string | null> {
  let q = trx.selectFrom('accounts').select('borrow_hold_reason').where('id', '=', accountId);
  if (ctx.dialect === 'postgres') q = q.forShare();
  const row = await q.executeTakeFirst();
  return row?.borrow_hold_reason ?? null;
}

// ---- campus sign-in (docs/decisions/campus-sign-in.md) ----

/**
 * A person's first campus sign-in: their account, its email verified by the provider, linked to the provider's
 * subject; waiting for the office's approval unless its domain is approved at once. No ID file and no password
 * anyone knows (a random one, so "Forgot password?" can give them one). Runs in the caller's transaction and
 * records the activity entry there.
 */
export async function createCampusAccount(
  ctx: Ctx,
  trx: Db,
  fields: { fullName: string; email: string; role: 'student' | 'faculty'; subject: string; accepted: boolean; providerName: string },
): Promise<Account> {
  const passwordHash = await hashPassword(crypto.randomBytes(32).toString('base64url'));
  const row = await trx
    .insertInto('accounts')
    .values({
      full_name: fields.fullName,
      email: fields.email,
      username: null,
      contact_number: '',
      role: fields.role,
      status: fields.accepted ? 'accepted' : 'pending',
      email_verified: 1,
      job_type: null,
      password_hash: passwordHash,
      id_file: null,
      id_file_mime: null,
      created_at: new Date().toISOString(),
      campus_subject: fields.subject,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await ctx.activity.record(
    { actorId: row.id, subjectId: row.id, entity: { type: 'account', id: row.id } },
    {
      actionType: 'campus_account_created',
      description: `${fields.fullName} signed in with their ${fields.providerName} for the first time: a ${ROLE_LABELS[fields.role].toLowerCase()} account was made${fields.accepted ? ' and approved (its domain is approved at once)' : ', waiting for approval'}`,
    },
    trx,
  );
  return (await findAccount(trx, row.id))!;
}

/**
 * An existing account with the same verified email is linked to the provider's subject, not duplicated; its email
 * counts as verified. Guarded so that an account already linked to another subject is not taken over.
 */
export async function linkCampusAccount(ctx: Ctx, trx: Db, account: Account, subject: string, providerName: string): Promise<boolean> {
  const done = await trx
    .updateTable('accounts')
    .set({ campus_subject: subject, email_verified: 1 })
    .where('id', '=', account.id)
    .where('campus_subject', 'is', null)
    .executeTakeFirst();
  if (Number(done.numUpdatedRows) === 0) return false;
  await ctx.activity.record(
    { actorId: account.id, subjectId: account.id, entity: { type: 'account', id: account.id } },
    { actionType: 'campus_account_linked', description: `${account.full_name} linked their account to their ${providerName}` },
    trx,
  );
  return true;
}

/** Notes a sign-in of any kind: the end-of-term sweep chooses by it. */
export async function markSignedIn(db: Db, id: number): Promise<void> {
  await db.updateTable('accounts').set({ last_signed_in_at: new Date().toISOString() }).where('id', '=', id).execute();
}

// ---- the end-of-term sweep (docs/decisions/campus-sign-in.md) ----

const holdingWords = (held: AccountHolding) => ('loans' in held ? MSG.userOutHasLoans(held.loans) : MSG.userOutHasRepairs(held.repairs));

async function holdingOf(ctx: Ctx, trx: Db, accountId: number): Promise<string | null> {
  for (const hold of ctx.accountHolds) {
    const held = await hold.holding(trx, accountId);
    if (held) return holdingWords(held);
  }
  return null;
}

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
          description: `${actor.full_name} deactivated ${ROLE_LABELS[account.role].toLowerCase()} ${account.full_name} (end-of-term sweep)`,
        },
        trx,
      );
      deactivated++;
    }
    await ctx.activity.record(
      { actorId: actor.id, subjectId: null, entity: null },
      {
        actionType: 'term_sweep',
        description: `${actor.full_name} ran the end-of-term sweep: ${deactivated} deactivated${held.length ? `, ${held.length} kept active while they still hold items or repairs` : ''}`,
      },
      trx,
    );
    return { deactivated, held };
  });
}
