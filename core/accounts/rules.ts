/** Accounts and registrations (docs/product.md user management; docs/decisions/accounts-and-portals.md, registration-and-verification.md, id-files.md, account-deletion.md). */
import { ADMIN_ONLY, STAFF_ROLES, type AccountStatus, type Role } from '../roles';

/** Who may register: students and faculty, whose registrations an admin accepts or rejects. */
export const REGISTRANT_ROLES = ['student', 'faculty'] as const satisfies readonly Role[];
export const isRegistrant = (role: Role) => (REGISTRANT_ROLES as readonly Role[]).includes(role);

/** The three lists of docs/product.md user management, and the roles each shows. */
export const ACCOUNT_LIST_TYPES = ['admins', 'faculty', 'personnel'] as const;
export type AccountListType = (typeof ACCOUNT_LIST_TYPES)[number];
export const ACCOUNT_LIST_ROLES: Record<AccountListType, readonly Role[]> = {
  admins: ['admin', 'staff'],
  faculty: REGISTRANT_ROLES,
  personnel: ['personnel'],
};

/** An admin's decision on a pending registration, and the status it leaves. */
export const REGISTRATION_DECISIONS = { accept: 'accepted', reject: 'rejected' } as const satisfies Record<string, AccountStatus>;
export type RegistrationDecision = keyof typeof REGISTRATION_DECISIONS;

/** The university id shown for an account: GSO-00012. */
export const uniIdOf = (id: number) => `GSO-${String(id).padStart(5, '0')}`;

/** Administrator and staff accounts: only administrators add, edit or delete them. */
export const isOfficeDesk = (role: Role) => STAFF_ROLES.includes(role);
export const isAdministrator = (role: Role) => ADMIN_ONLY.includes(role);

/**
 * Who may manage whose account (docs/decisions/staff-and-administrators.md): administrators anyone's; staff
 * students', faculty's and personnel's. Both the server and the screens ask this one function.
 */
export const mayManageAccount = (actor: Role, target: Role) => isAdministrator(actor) || (isOfficeDesk(actor) && !isOfficeDesk(target));

/**
 * Borrowing holds (docs/decisions/borrow-holds.md): administrators put them on borrowers (students and faculty)
 * only, with a reason of at most this many characters, which the person is shown.
 */
export const BORROW_HOLD_REASON_MAX = 300;
export const mayBeHeld = (role: Role) => isRegistrant(role);

/** Changing a role decides what someone may do: administrators only. */
export const mayChangeRoles = (actor: Role) => isAdministrator(actor);
