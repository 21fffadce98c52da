/** The API tokens' contract (docs/decisions/api-tokens.md). */
import { z } from 'zod';
import { line } from '../common/schemas';
import { SCOPE_LEVELS, TOKEN_NAME_MAX } from './rules';

const level = z.enum(SCOPE_LEVELS);
const scopes = z
  .object({ borrowing: level, repairs: level, inventory: level, locations: level, people: level })
  .meta({ id: 'TokenScopes' });

/** New API Token. The form rule (core apiTokenForm) answers each wrong field; this only bounds the body. */
export const apiTokenBody = z.object({
  name: line().max(TOKEN_NAME_MAX * 4),
  expiresOn: z.string().max(20),
  scopes,
});
export type ApiTokenBody = z.input<typeof apiTokenBody>;

const apiTokenSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    scopes,
    createdBy: z.string(),
    createdAt: z.string(),
    /** The last day the token works (a campus date); it stops at the start of the next. */
    expiresOn: z.string(),
    lastUsedAt: z.string().nullable(),
    revokedAt: z.string().nullable(),
    status: z.enum(['active', 'expired', 'revoked']),
  })
  .meta({ id: 'ApiToken' });
export type ApiTokenDto = z.infer<typeof apiTokenSchema>;

export const apiTokenList = z.object({ items: z.array(apiTokenSchema) });
export type ApiTokenList = z.infer<typeof apiTokenList>;

/** The token made, with its secret: answered this once, never readable again. */
export const createdApiToken = z.object({ token: apiTokenSchema, secret: z.string() });
export type CreatedApiToken = z.infer<typeof createdApiToken>;

export const revokedApiToken = z.object({ token: apiTokenSchema, message: z.string() });
