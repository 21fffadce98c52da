/** The sign-in API contract. Registration is multipart (the ID file), checked by registrationForm (rules.ts). */
import { z } from 'zod';
import { accountSchema } from '../accounts/schemas';
import { messageResult, text } from '../common/schemas';
import { MSG } from '../messages';
import { PORTALS } from '../roles';

export const loginBody = z.object({
  email: text().trim().min(1, MSG.emailRequired).max(200),
  password: text().min(1, MSG.passwordRequired).max(200),
  remember: z.boolean().default(false),
  portal: z.enum(PORTALS),
});
export type LoginInput = z.input<typeof loginBody>;

/** Codes are submitted with the ticket cookie the sign-in set, never by email alone. */
export const verifyEmailBody = z.object({ code: z.string().regex(/^\d{6}$/, MSG.invalidCodeMessage) });

/** Where a verification stands (a reloaded page asks). */
export const verificationStatus = z.object({
  email: z.string(),
  expiresInSeconds: z.number().int(),
  attemptsLeft: z.number().int(),
  /** Seconds before another code may be sent. */
  resendIn: z.number().int(),
  /** Seconds before codes may be tried again: the hour's wrong tries are spent (no code is sent meanwhile). */
  lockedSeconds: z.number().int(),
});
export type VerificationStatus = z.infer<typeof verificationStatus>;

/** A sign-in (or a verified email, which signs in): the spec's sentence and the account. */
export const signedIn = messageResult.extend({ account: accountSchema });
export type SignedIn = z.infer<typeof signedIn>;
export const me = z.object({ account: accountSchema });
export type Me = z.infer<typeof me>;

export const codeSent = messageResult.extend({
  /** Minutes the new code is valid. */
  expiresIn: z.number().int(),
  /** Development mode only: the code itself, for the Test button. */
  code: z.string().optional(),
});
export type CodeSent = z.infer<typeof codeSent>;

/** Campus sign-in (docs/decisions/campus-sign-in.md) starts at the student and faculty or the personnel page. */
export const campusStartBody = z.object({
  portal: z.enum(['user', 'personnel']),
  remember: z.boolean().default(false),
});
export type CampusStartInput = z.input<typeof campusStartBody>;
export const campusStarted = z.object({
  /** The identity provider's sign-in page, to send the browser to. */
  url: z.string(),
});

/** The provider's answer, as it sends it; the flow reads the address itself (openid-client checks it). */
export const campusCallbackQuery = z
  .object({
    code: z.string().max(4000).optional(),
    state: z.string().max(400).optional(),
    iss: z.string().max(400).optional(),
    error: z.string().max(400).optional(),
    error_description: z.string().max(2000).optional(),
  })
  .loose();
