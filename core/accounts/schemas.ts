/** The accounts API contract: the account as the browser sees it (never its password hash or file paths). */
import { z } from 'zod';
import { countsOf, isoTime, messageResult, pageOf, pagingQuery } from '../common/schemas';
import { ACCOUNT_STATUSES, JOB_TYPES, ROLES } from '../roles';
import { ACCOUNT_LIST_TYPES } from './rules';

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
    emailVerified: z.boolean(),
    /** Whether a submitted ID can be viewed (admins, GET /api/accounts/{id}/id-file). */
    hasIdFile: z.boolean(),
    createdAt: isoTime,
  })
  .meta({ id: 'Account' });
export type Account = z.infer<typeof accountSchema>;

export const accountListQuery = z.object({
  ...pagingQuery,
  type: z.enum(ACCOUNT_LIST_TYPES),
  status: z.enum(ACCOUNT_STATUSES).optional(),
});
export type AccountListQuery = z.input<typeof accountListQuery>;
export type AccountListParams = z.infer<typeof accountListQuery>;

export const accountList = pageOf(accountSchema).extend({ counts: countsOf(['all', ...ACCOUNT_STATUSES]) });
export type AccountList = z.infer<typeof accountList>;

export const decisionResult = messageResult.extend({ data: z.object({ status: z.enum(ACCOUNT_STATUSES) }) });
export type DecisionResult = z.infer<typeof decisionResult>;
