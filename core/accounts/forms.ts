/** The settings forms (docs/product.md, docs/decisions/form-checks.md; docs/decisions/passwords.md), checked in the form's order on both sides. */
import * as z from 'zod/mini';
import { always } from '../common/forms';
import { compactContact, contactField, CONTACT_RE, EMAIL_RE, filledIn, LIMITS, PASSWORD_MAX, PASSWORD_MIN } from '../auth/rules';
import { MSG } from '../messages';
import { JOB_TYPES, ROLES, type Role } from '../roles';
import { BORROW_HOLD_REASON_MAX } from './rules';

/** Full name, email and contact number, all required; personnel also keep their job type. */
export const profileForm = z.object({
  fullName: filledIn(MSG.fullNameRequired).check(z.maxLength(LIMITS.fullName, MSG.fullNameTooLong)),
  email: filledIn(MSG.emailRequired).check(z.maxLength(LIMITS.email, MSG.emailTooLong), z.regex(EMAIL_RE, MSG.emailInvalid)),
  contactNumber: contactField(MSG.contactRequired),
  jobType: z.optional(z.enum(JOB_TYPES, { error: 'Please choose a job type' })),
});
export type ProfileInput = z.input<typeof profileForm>;

/** Six characters at least everywhere (docs/decisions/passwords.md), and no longer than sign-in accepts. */
const newPassword = z.string({ error: MSG.newPasswordRequired }).check(
  z.minLength(1, MSG.newPasswordRequired),
  z.minLength(PASSWORD_MIN, MSG.newPasswordTooShort),
  z.refine((p) => p.trim().length > 0, MSG.passwordBlank),
  z.maxLength(PASSWORD_MAX, MSG.newPasswordTooLong),
);
const confirmed = z.refine<{ newPassword: string; confirmPassword: string }>((f) => f.newPassword === f.confirmPassword, {
  message: MSG.newPasswordMismatch,
  path: ['confirmPassword'],
  ...always,
});

/** Current, new and confirmation. */
export const passwordChangeForm = z
  .object({
    currentPassword: z.string({ error: MSG.currentPasswordRequired }).check(z.minLength(1, MSG.currentPasswordRequired)),
    newPassword,
    confirmPassword: z.string(),
  })
  .check(confirmed);
export type PasswordChangeInput = z.input<typeof passwordChangeForm>;

/** A new password chosen from an emailed link: the same rules, without the current one. */
export const passwordResetForm = z.object({ newPassword, confirmPassword: z.string() }).check(confirmed);

/** Add Personnel (docs/product.md, docs/decisions/form-checks.md): all five fields, then the email, then the password's length. */
export const addPersonnelForm = z.pipe(
  z.object({
    fullName: filledIn(MSG.allFieldsRequired),
    email: filledIn(MSG.allFieldsRequired),
    contactNumber: filledIn(MSG.allFieldsRequired),
    password: filledIn(MSG.allFieldsRequired),
    jobType: z.enum(JOB_TYPES, { error: MSG.allFieldsRequired }),
  }),
  z.object({
    fullName: z.string().check(z.maxLength(LIMITS.fullName, MSG.fullNameTooLong)),
    email: z.string().check(z.maxLength(LIMITS.email, MSG.emailTooLong), z.regex(EMAIL_RE, MSG.emailInvalid)),
    contactNumber: z.string().check(z.overwrite(compactContact), z.regex(CONTACT_RE, MSG.contactInvalid)),
    password: z.string().check(z.minLength(PASSWORD_MIN, MSG.passwordTooShort), z.maxLength(PASSWORD_MAX, MSG.passwordTooLong)),
    jobType: z.enum(JOB_TYPES),
  }),
);
export type AddPersonnelInput = z.input<typeof addPersonnelForm>;

export const NEW_ACCOUNT_KINDS = ['student', 'faculty', 'personnel', 'admin'] as const;
const ADMIN_ROLES = ['admin', 'staff'] as const;

/** A person's name, email and contact number as Add User checks them (and the registrar's rows, core/accounts/bulk.ts). */
export const userFields = {
  fullName: filledIn(MSG.fullNameRequired).check(z.maxLength(LIMITS.fullName, MSG.fullNameTooLong)),
  email: filledIn(MSG.emailRequired).check(z.maxLength(LIMITS.email, MSG.emailTooLong), z.regex(EMAIL_RE, MSG.emailInvalid)),
  contactNumber: contactField(MSG.contactRequired),
};

/** Add User from the dashboard (docs/product.md, docs/decisions/form-checks.md): no password field; the person sets one from an emailed link. */
export const addUserForm = z
  .object({
    kind: z.enum(NEW_ACCOUNT_KINDS, { error: 'Please choose Student, Faculty, Personnel or Administrator' }),
    ...userFields,
    jobType: z.optional(z.enum(JOB_TYPES, { error: MSG.jobTypeRequired })),
    adminRole: z.optional(z.enum(ADMIN_ROLES, { error: 'Please choose admin or staff' })),
  })
  .check(
    z.refine((f) => f.kind !== 'personnel' || !!f.jobType, { message: MSG.jobTypeRequired, path: ['jobType'], ...always }),
    z.refine((f) => f.kind !== 'admin' || !!f.adminRole, { message: 'Please choose admin or staff', path: ['adminRole'], ...always }),
  );
export type AddUserInput = z.input<typeof addUserForm>;

/**
 * Edit a person from user management (docs/product.md): name, email and contact number for everyone; the role within
 * the person's own list (admin or staff; student or faculty); a job type for personnel. A role outside the list
 * (which would move the person to another list) is refused.
 */
export const editUserForm = z.object({
  fullName: filledIn(MSG.fullNameRequired).check(z.maxLength(LIMITS.fullName, MSG.fullNameTooLong)),
  email: filledIn(MSG.emailRequired).check(z.maxLength(LIMITS.email, MSG.emailTooLong), z.regex(EMAIL_RE, MSG.emailInvalid)),
  contactNumber: contactField(MSG.contactRequired),
  role: z.optional(z.enum(ROLES, { error: MSG.roleChoiceRequired })),
  jobType: z.optional(z.enum(JOB_TYPES, { error: MSG.jobTypeRequired })),
});
export type EditUserInput = z.input<typeof editUserForm>;

/** The roles a person of `role` may be given on edit: those of the same list. */
export const editableRoles = (role: Role): readonly Role[] =>
  role === 'admin' || role === 'staff' ? ADMIN_ROLES : role === 'student' || role === 'faculty' ? ['student', 'faculty'] : [role];

/** A borrowing hold's reason as it is kept: trimmed, its runs of spaces and line breaks made one space. */
export const borrowHoldReason = (text: string) => text.trim().replace(/\s+/g, ' ');

/** Place Borrowing Hold (docs/decisions/borrow-holds.md): a reason, required, of at most BORROW_HOLD_REASON_MAX characters. */
export const borrowHoldForm = z.object({
  reason: z.string(MSG.borrowHoldReasonRequired).check(
    z.refine((s) => borrowHoldReason(s) !== '', MSG.borrowHoldReasonRequired),
    z.refine((s) => borrowHoldReason(s).length <= BORROW_HOLD_REASON_MAX, MSG.holdReasonTooLong(BORROW_HOLD_REASON_MAX)),
  ),
});

/** The end-of-term sweep's question (docs/decisions/campus-sign-in.md): those not signed in since a day, a list of emails, or both. */
export const termSweepForm = z.object({ notSignedInSince: z.optional(z.string()), emails: z.optional(z.array(z.string())) }).check(
  z.refine((q) => !!q.notSignedInSince || !!q.emails?.length, {
    message: 'Choose a date or give a list of emails.',
    path: ['notSignedInSince'],
    ...always,
  }),
);
