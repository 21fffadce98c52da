/** Sign-up and sign-in rules (docs/product.md, docs/decisions/form-checks.md; docs/decisions/passwords.md, registration-and-verification.md): the registration form's checks, passwords, codes. */
import * as z from 'zod/mini';
import { always } from '../common/forms';
import { CONTROL_MESSAGE, hasControl } from '../common/schemas';
import { ID_FILE_KINDS, MAX_UPLOAD_BYTES } from '../files';
import { MSG } from '../messages';
import { REGISTRANT_ROLES } from '../accounts/rules';

export const PASSWORD_MIN = 6;
/** The longest password sign-in accepts; registration and password changes refuse longer ones. */
export const PASSWORD_MAX = 128;

/** Lengths the forms show and both sides enforce (a contact number as typed, with its spaces and dashes). */
export const LIMITS = { fullName: 100, email: 254, contactNumber: 24 } as const;
/** The spaces, dashes, dots and brackets people write phone numbers with; everything else is kept and checked. */
export const compactContact = (s: string) => s.replace(/[\s\-.()]/g, '');
export const CONTACT_RE = /^\+?\d{7,15}$/;
/** Settings' contact number as typed: anything but digits is dropped at once, a leading + stays. */
export const typedContact = (s: string) => (s.trimStart().startsWith('+') ? '+' : '') + s.replace(/\D/g, '').slice(0, 15);

export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const isEmail = (s: string) => EMAIL_RE.test(s.trim());

export const filledIn = (message: string) => z.string({ error: message }).check(z.trim(), z.minLength(1, message));

/** A contact number as typed: "0917 123 4567" is kept as 09171234567; "abc" is refused, never silently dropped. */
export const contactField = (required: string) =>
  filledIn(required).check(z.overwrite(compactContact), z.regex(CONTACT_RE, MSG.contactInvalid));

/**
 * docs/product.md, docs/decisions/form-checks.md: the registration form, checked in this order; only the first failure is shown
 * (firstError, core/common/forms.ts). The server checks the same fields of the multipart body.
 */
export const registrationForm = z
  .object({
    full_name: filledIn(MSG.fullNameRequired).check(
      z.maxLength(LIMITS.fullName, MSG.fullNameTooLong),
      z.refine((s) => !hasControl(s), `Full name ${CONTROL_MESSAGE}`),
    ),
    email: filledIn(MSG.emailRequired).check(z.maxLength(LIMITS.email, MSG.emailTooLong), z.regex(EMAIL_RE, MSG.emailInvalid)),
    contact_number: contactField(MSG.contactRequired),
    password: z.string({ error: MSG.passwordRequired }).check(
      z.minLength(1, MSG.passwordRequired),
      z.minLength(PASSWORD_MIN, MSG.passwordTooShort),
      z.refine((p) => p.trim().length > 0, MSG.passwordBlank),
      z.maxLength(PASSWORD_MAX, MSG.passwordTooLong),
    ),
    confirm_password: z.optional(z.string()),
    role: z.enum(REGISTRANT_ROLES, { error: MSG.roleRequired }),
    /** What the form knows of the chosen file: its kind (by type, or by its bytes on the server) and its size. */
    id_file: z.object(
      {
        kind: z.enum(ID_FILE_KINDS, { error: MSG.idFileType }),
        size: z.number().check(z.lt(MAX_UPLOAD_BYTES, MSG.idFileSize)),
      },
      { error: MSG.idFileRequired },
    ),
  })
  .check(z.refine((f) => f.password === f.confirm_password, { message: MSG.passwordsDoNotMatch, path: ['confirm_password'], ...always }));
export type RegistrationInput = z.input<typeof registrationForm>;

const CODE_LENGTH = 6;
export const isSixDigitCode = (s: string) => /^\d{6}$/.test(s);
/** Digits only, at most six, as typed into the code box. */
export const sanitizeCode = (s: string) => s.replace(/\D/g, '').slice(0, CODE_LENGTH);
