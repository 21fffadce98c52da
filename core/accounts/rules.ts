/** Accounts and registrations (spec 001 user management; DECISIONS 2, 5-7). */
import type { AccountStatus, Role } from '../roles';

/** Who may register: students and faculty, whose registrations an admin accepts or rejects. */
export const REGISTRANT_ROLES = ['student', 'faculty'] as const satisfies readonly Role[];
export const isRegistrant = (role: Role) => (REGISTRANT_ROLES as readonly Role[]).includes(role);

/** The three lists of spec 001 user management, and the roles each shows. */
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
