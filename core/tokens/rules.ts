/**
 * API tokens for the campus's other systems (docs/decisions/api-tokens.md): the areas a token may be given, how
 * much of each, the words of a refusal, and the New Token form's checks in field order (for firstError).
 */
import * as z from 'zod/mini';
import { addDays, isCalendarDate } from '../time';

/** The areas of the API a token may be let into; each endpoint table belongs to one or none (core/tokens/areas.ts). */
export const TOKEN_AREAS = ['borrowing', 'repairs', 'inventory', 'locations', 'people'] as const;
export type TokenArea = (typeof TOKEN_AREAS)[number];

/** How much of an area: nothing, reading (GET), or reading and changing (every other method). */
export const SCOPE_LEVELS = ['none', 'read', 'write'] as const;
export type ScopeLevel = (typeof SCOPE_LEVELS)[number];
export type TokenScopes = Record<TokenArea, ScopeLevel>;

export const AREA_WORDS: Record<TokenArea, { label: string; what: string }> = {
  borrowing: { label: 'Borrowing', what: 'borrow requests and records' },
  repairs: { label: 'Repairs', what: 'repair reports, the schedule and maintenance plans' },
  inventory: { label: 'Inventory', what: 'items, stock, deliveries, custody and counts' },
  locations: { label: 'Locations', what: 'buildings and rooms' },
  people: { label: 'People', what: 'accounts and departments' },
};

/** The log's entries about tokens: the office desk's only, never in personnel's feeds or bells. */
export const TOKEN_EVENTS = { created: 'api_token_created', revoked: 'api_token_revoked' } as const;

export const LEVEL_WORDS: Record<ScopeLevel, string> = { none: 'None', read: 'Read', write: 'Read and write' };

/** A token's secret: this prefix, its row's id, an underscore, then 32 random bytes in base64url (43 characters). */
export const TOKEN_PREFIX = 'gso_';
export const TOKEN_SHAPE = /^gso_([1-9][0-9]{0,9})_([A-Za-z0-9_-]{43})$/;
export const TOKEN_NAME_MAX = 80;
/** A token lasts at most two years: integrations are looked at again at least that often. */
export const TOKEN_MAX_YEARS = 2;
/** Requests one token may make per minute, unless API_TOKEN_RATE_LIMIT says otherwise. */
export const TOKEN_RATE_LIMIT = 600;

/** How a token's writes are named in the Activity Log. */
export const tokenActorName = (name: string) => `${name} (API token)`;

export const TOKEN_MSG = {
  nameRequired: 'Enter a name for the token, such as the system that will use it.',
  nameTooLong: `The token's name can be at most ${TOKEN_NAME_MAX} characters.`,
  expiryRequired: 'Choose the date the token expires.',
  expiryPast: 'The expiry date must be after today.',
  expiryTooFar: `A token can last at most ${TOKEN_MAX_YEARS} years: choose an earlier expiry date.`,
  scopesRequired: 'Give the token read or read and write access to at least one area.',
  missing: 'Send the API token as "Authorization: Bearer gso_...".',
  malformed: 'The Authorization header is not a Campus GSO API token ("Bearer gso_...").',
  unknown: 'This API token is not known.',
  revoked: 'This API token was revoked.',
  expired: 'This API token has expired.',
  ownerGone: 'The administrator who made this API token can no longer use the API.',
  rateLimited: (limit: number) => `This API token made more than ${limit} requests in a minute: wait and try again.`,
  notHere: 'This token may not be used for this operation: it is for browser sessions only.',
  notAllowed: (area: TokenArea, needs: 'read' | 'write', has: ScopeLevel) =>
    `This token may not ${needs === 'read' ? 'read' : 'change'} ${AREA_WORDS[area].what}: ${
      has === 'read' ? `its access to ${AREA_WORDS[area].label} is read-only` : `it has no access to ${AREA_WORDS[area].label}`
    }.`,
  notFound: 'No such API token.',
  alreadyRevoked: 'This API token was already revoked.',
};

/** The latest expiry allowed on a day: the same date two years on (29 February becomes 28 February). */
export function latestExpiry(today: string): string {
  const year = Number(today.slice(0, 4)) + TOKEN_MAX_YEARS;
  const monthDay = today.slice(5) === '02-29' ? '02-28' : today.slice(5);
  return `${year}-${monthDay}`;
}

const level = z.enum(SCOPE_LEVELS);

/** New API Token: name, expiry (after today, at most two years ahead), and at least one area. */
export const apiTokenForm = (today: string) =>
  z.object({
    name: z
      .string({ error: TOKEN_MSG.nameRequired })
      .check(z.trim(), z.minLength(1, TOKEN_MSG.nameRequired), z.maxLength(TOKEN_NAME_MAX, TOKEN_MSG.nameTooLong)),
    expiresOn: z.string({ error: TOKEN_MSG.expiryRequired }).check(
      z.refine((d) => isCalendarDate(d), TOKEN_MSG.expiryRequired),
      z.refine((d) => !isCalendarDate(d) || d > today, TOKEN_MSG.expiryPast),
      z.refine((d) => !isCalendarDate(d) || d <= latestExpiry(today), TOKEN_MSG.expiryTooFar),
    ),
    scopes: z
      .object({
        borrowing: level,
        repairs: level,
        inventory: level,
        locations: level,
        people: level,
      })
      .check(z.refine((s) => Object.values(s).some((l) => l !== 'none'), TOKEN_MSG.scopesRequired)),
  });
export type ApiTokenForm = z.infer<ReturnType<typeof apiTokenForm>>;

/** The New Token form's first values: a year ahead, no area chosen. */
export const newTokenValues = (today: string): ApiTokenForm => ({
  name: '',
  expiresOn: addDays(today, 365),
  scopes: { borrowing: 'none', repairs: 'none', inventory: 'none', locations: 'none', people: 'none' },
});

/** Whether a token's scopes let it make a call of this kind in this area. */
export const scopeAllows = (scopes: TokenScopes, area: TokenArea, needs: 'read' | 'write') =>
  needs === 'read' ? scopes[area] !== 'none' : scopes[area] === 'write';
