/**
 * Campus sign-in's rules (docs/decisions/campus-sign-in.md): which role a campus account gets here, and the words
 * of each way a campus sign-in can end without a session (the sign-in pages show them from the address).
 */

/** A rule on an email: its domain, or a pattern the whole address matches. */
export type EmailRule = { domain: string } | { pattern: RegExp };

export interface RoleRules {
  /** The claim holding the person's groups (a list or one text), such as "groups"; null: groups are not used. */
  roleClaim: string | null;
  facultyGroups: readonly string[];
  studentGroups: readonly string[];
  facultyEmails: readonly EmailRule[];
  studentEmails: readonly EmailRule[];
}

export const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

export const emailMatches = (email: string, rule: EmailRule) =>
  'domain' in rule ? domainOf(email) === rule.domain : rule.pattern.test(email);

/**
 * The role a new campus account gets: the groups claim first (faculty before student), then the email rules
 * (faculty before student). Null: no rule gives one, and no account is made. Personnel, staff and administrators
 * are never made this way: they are invited by the office, and an existing account is only linked.
 */
export function campusRole(claims: Record<string, unknown>, email: string, rules: RoleRules): 'faculty' | 'student' | null {
  if (rules.roleClaim) {
    const raw = claims[rules.roleClaim];
    const groups = (Array.isArray(raw) ? raw : typeof raw === 'string' ? [raw] : []).map((g) => String(g).toLowerCase());
    if (groups.some((g) => rules.facultyGroups.includes(g))) return 'faculty';
    if (groups.some((g) => rules.studentGroups.includes(g))) return 'student';
  }
  if (rules.facultyEmails.some((r) => emailMatches(email, r))) return 'faculty';
  if (rules.studentEmails.some((r) => emailMatches(email, r))) return 'student';
  return null;
}

/**
 * The email a campus identity vouches for, or null. `email_verified` must be `true`; where the provider says nothing
 * of it, Microsoft Entra ID's `xms_edov` (the email's domain is one the tenant has proved it owns) counts, so a
 * campus on Entra ID needs no claims mapping policy. An explicit `email_verified: false` is never overridden.
 */
export function verifiedEmail(claims: Record<string, unknown>): string | null {
  if (typeof claims.email !== 'string' || !claims.email.trim()) return null;
  const verified = claims.email_verified === undefined ? claims.xms_edov === true || claims.xms_edov === 1 : claims.email_verified === true;
  return verified ? claims.email.trim().toLowerCase() : null;
}

/** Whether the ID token says enough about the email; if not, the provider's userinfo endpoint is asked. */
export const emailSettled = (claims: Record<string, unknown>) =>
  typeof claims.email === 'string' && (claims.email_verified !== undefined || claims.xms_edov !== undefined);

/** How a campus sign-in ended without a session: the sign-in page reads `?campus=` and shows these words. */
export const CAMPUS_OUTCOMES = {
  unavailable:
    'The campus sign-in service cannot be reached right now. Nothing was changed: please try again in a few minutes, or sign in with your password.',
  failed: 'The campus sign-in could not be completed, and nothing was changed. Please try again.',
  expired: 'That campus sign-in has expired or was already used. Please start again.',
  cancelled: 'The campus sign-in was cancelled. Nothing was changed.',
  domain: 'This email address is not one the campus sign-in accepts. Please use your university account.',
  unverified: 'The university has not verified the email of this campus account, so it cannot sign you in here.',
  no_role: 'Your campus account does not say whether you are a student or faculty member. Please contact the General Services Office.',
  invitation:
    'Personnel accounts are made by the General Services Office by invitation. Please ask the office to add you, then sign in again.',
  created: 'Your account has been created and is waiting for the office’s approval. You can sign in once it is approved.',
  pending: 'Your account is pending admin approval. You can sign in once the office approves it.',
  rejected: 'This account’s registration was rejected. Please contact the General Services Office.',
  deactivated: 'This account has been deactivated. Please contact the General Services Office to have it reactivated.',
  wrong_portal: 'This account cannot sign in here. Please use the sign-in page for your role.',
  maintenance: 'The site is under maintenance. Please try again later.',
  busy: 'Too many sign-in attempts. Please wait a minute and try again.',
  off: 'Campus sign-in is not set up on this site. Please sign in with your password.',
} as const;
export type CampusOutcome = keyof typeof CAMPUS_OUTCOMES;
export const isCampusOutcome = (s: string | null): s is CampusOutcome => !!s && Object.hasOwn(CAMPUS_OUTCOMES, s);
