/** Accounts from the registrar (docs/decisions/registrar-accounts.md): the calls' bodies and answers. */
import { z } from 'zod';
import { line, messageResult } from '../common/schemas';
import { BULK_MAX, BULK_MSG } from './bulk';

/** A row as sent; core's bulkRowForm answers what is wrong with it, so this only bounds it. */
const bulkRow = z.object({
  role: line().max(40),
  fullName: line().max(400),
  email: line().max(1000),
  contactNumber: line().max(100),
  /** A department's code or name from the Departments list; empty or absent: none. */
  department: line().max(400).nullish(),
});

export const bulkAccountsBody = z.object({
  /** true: the accounts can sign in at once; false: new ones wait for the office's decision, as registrations do. */
  approve: z.boolean(),
  accounts: z.array(bulkRow).min(1, BULK_MSG.noneGiven).max(BULK_MAX, BULK_MSG.tooMany),
});
export type BulkAccountsBody = z.input<typeof bulkAccountsBody>;

export const bulkAccountsResult = messageResult.extend({
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  /** Of those, the ones that can sign in now (made or accepted by this call). */
  approved: z.number().int(),
  /** New accounts left for the office to accept (approve: false). */
  pending: z.number().int(),
});
export type BulkAccountsResult = z.infer<typeof bulkAccountsResult>;

export const bulkDeactivateBody = z.object({
  emails: z.array(line().max(1000)).min(1, 'Send at least one email.').max(BULK_MAX, BULK_MSG.tooMany),
});

export const bulkDeactivateResult = messageResult.extend({
  deactivated: z.number().int(),
  /** Left active because they still hold items, custody or repairs (the end-of-term sweep's rule), with what. */
  held: z.array(z.object({ email: z.string(), fullName: z.string(), holding: z.string() })),
  /** Already deactivated before this call. */
  alreadyDeactivated: z.array(z.string()),
  /** No account has the email. */
  unknown: z.array(z.string()),
  /** Not a student or faculty account: the registrar's call leaves them alone. */
  notStudentOrFaculty: z.array(z.string()),
});
export type BulkDeactivateResult = z.infer<typeof bulkDeactivateResult>;
