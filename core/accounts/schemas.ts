/** The accounts API contract: the account as the browser sees it (never its password hash or file paths). */
import { z } from 'zod';
import { countsOf, id, idParam, isoTime, line, messageResult, pageOf, pagingQuery, text } from '../common/schemas';
import { ACCOUNT_STATUSES, JOB_TYPES, PORTALS, ROLES } from '../roles';
import { departmentField } from '../departments/schemas';
import { ACCOUNT_LIST_TYPES } from './rules';
import { firstIssue } from '../common/forms';
import { termSweepForm } from './forms';

export const accountSchema = z
  .object({
    id: z.number().int(),
    /** GSO-00012 */
    uniId: z.string(),
    fullName: z.string(),
    email: z.string(),
    username: z.string().nullable(),
    contactNumber: z.string(),
    role: z.enum(ROLES),
    status: z.enum(ACCOUNT_STATUSES),
    jobType: z.enum(JOB_TYPES).nullable(),
    /** The person's department (GET /api/departments names it); null: none. */
    departmentId: z.number().int().nullable(),
    emailVerified: z.boolean(),
    /** Whether a submitted ID can be viewed (admins, GET /api/accounts/{id}/id-file). */
    hasIdFile: z.boolean(),
    createdAt: isoTime,
    /** Set while the account is deactivated: it cannot sign in, and its history stays. */
    deactivatedAt: isoTime.nullable(),
    /** Set while an administrator holds the person's borrowing: new borrow requests are refused with the reason. */
    borrowHold: z.object({ reason: z.string(), heldAt: isoTime }).nullable(),
  })
  .meta({ id: 'Account' });
export type Account = z.infer<typeof accountSchema>;

export const accountListQuery = z.object({
  ...pagingQuery,
  type: z.enum(ACCOUNT_LIST_TYPES),
  status: z.enum(ACCOUNT_STATUSES).optional(),
  /** A department's id, or "none" for people without one. */
  department: z.union([z.literal('none'), idParam]).optional(),
});
export type AccountListQuery = z.input<typeof accountListQuery>;
export type AccountListParams = z.infer<typeof accountListQuery>;

export const accountList = pageOf(accountSchema).extend({ counts: countsOf(['all', ...ACCOUNT_STATUSES]) });
export type AccountList = z.infer<typeof accountList>;

export const decisionResult = messageResult.extend({ data: z.object({ status: z.enum(ACCOUNT_STATUSES) }) });
export type DecisionResult = z.infer<typeof decisionResult>;

// ---- one's own account (settings) ----

/** Profile fields as typed; the service checks them in the form's order (core/accounts/forms.ts). */
export const profileBody = z.object({
  fullName: line().max(500),
  email: text().max(500),
  contactNumber: text().max(100),
  /** Personnel only. */
  jobType: z.enum(JOB_TYPES).optional(),
  /** One's department (null: none); left as it is when not sent. */
  departmentId: departmentField.optional(),
});
export type ProfileBody = z.infer<typeof profileBody>;
export const profileResult = messageResult.extend({ account: accountSchema });
export type ProfileResult = z.infer<typeof profileResult>;

export const passwordChangeBody = z.object({
  currentPassword: text().max(500),
  newPassword: text().max(500),
  confirmPassword: text().max(500),
});
export type PasswordChangeBody = z.infer<typeof passwordChangeBody>;

export const forgotPasswordBody = z.object({ email: text().max(500) });
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBody>;
export const resetLinkBody = z.object({ token: text().max(200) });
export const resetLinkStatus = z.object({ valid: z.boolean() });
export type ResetLinkStatus = z.infer<typeof resetLinkStatus>;
export const resetPasswordBody = z.object({
  token: text().max(200),
  newPassword: text().max(500),
  confirmPassword: text().max(500),
});
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;
/** Where the person signs in with the new password. */
export const resetPasswordResult = messageResult.extend({ portal: z.enum(PORTALS) });
export type ResetPasswordResult = z.infer<typeof resetPasswordResult>;

// ---- borrowing holds (docs/decisions/borrow-holds.md) ----

/** Checked by the service (trimmed, required, at most BORROW_HOLD_REASON_MAX) so the error is the form's. */
export const borrowHoldBody = z.object({ reason: line().max(2000) });
export type BorrowHoldBody = z.infer<typeof borrowHoldBody>;

// ---- accounts an administrator adds ----

export const addPersonnelBody = z.object({
  fullName: line().max(500),
  email: text().max(500),
  contactNumber: text().max(100),
  password: text().max(500),
  jobType: z.string().max(50),
  departmentId: departmentField.optional(),
});
export type AddPersonnelBody = z.infer<typeof addPersonnelBody>;

export const addUserBody = z.object({
  kind: z.string().max(20),
  fullName: line().max(500),
  email: text().max(500),
  contactNumber: text().max(100),
  jobType: z.string().max(50).optional(),
  adminRole: z.string().max(20).optional(),
  departmentId: departmentField.optional(),
});
export type AddUserBody = z.infer<typeof addUserBody>;
export const addedAccount = messageResult.extend({ account: accountSchema });
export type AddedAccount = z.infer<typeof addedAccount>;

// ---- editing and deleting from user management ----

export const editUserBody = z.object({
  fullName: line().max(500),
  email: text().max(500),
  contactNumber: text().max(100),
  /** Within the person's list: admin or staff; student or faculty. */
  role: z.string().max(20).optional(),
  /** Personnel only. */
  jobType: z.string().max(50).optional(),
  /** The person's department (null: none); left as it is when not sent. */
  departmentId: departmentField.optional(),
});
export type EditUserBody = z.infer<typeof editUserBody>;
export const editedAccount = messageResult.extend({ account: accountSchema });
export type EditedAccount = z.infer<typeof editedAccount>;

// ---- the end-of-term sweep (docs/decisions/campus-sign-in.md) ----

/** Who to look at: students or faculty, not signed in since a day, and/or the emails of a list (a CSV's column). */
export const termSweepQuery = z
  .object({
    role: z.enum(['student', 'faculty']).default('student'),
    notSignedInSince: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'Choose a date such as 2026-05-31.')
      .refine((d) => !Number.isNaN(Date.parse(d)), 'Choose a real date.')
      .optional(),
    emails: z.array(text().trim().toLowerCase().max(254)).max(2000, 'At most 2000 emails at a time.').optional(),
  })
  .superRefine((q, c) => {
    const problem = firstIssue(termSweepForm, q);
    if (problem) c.addIssue({ code: 'custom', path: [problem.field ?? 'notSignedInSince'], message: problem.message });
  });
export type TermSweepQuery = z.input<typeof termSweepQuery>;

export const termSweepPerson = z.object({
  id: z.number().int(),
  fullName: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  lastSignedInAt: z.string().nullable(),
  /** Why the account cannot be deactivated yet (items out, repairs open); null: it can. */
  holding: z.string().nullable(),
});
export type TermSweepPerson = z.infer<typeof termSweepPerson>;
export const termSweepPreview = z.object({
  people: z.array(termSweepPerson),
  /** Emails of the list that match no active account of that role. */
  unmatched: z.array(z.string()),
});
export type TermSweepPreview = z.infer<typeof termSweepPreview>;

export const termSweepBody = z.object({ ids: z.array(id).min(1, 'Choose at least one person.').max(2000) });
export const termSweepResult = messageResult.extend({
  deactivated: z.number().int(),
  /** Those left active because they still hold something, with why. */
  held: z.array(z.object({ id: z.number().int(), fullName: z.string(), holding: z.string() })),
});
export type TermSweepResult = z.infer<typeof termSweepResult>;
