import { MSG } from './messages';

export const PASSWORD_MIN = 6;
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const isEmail = (s: string) => EMAIL_RE.test(s.trim());

export interface RegistrationInput {
  full_name?: string;
  email?: string;
  contact_number?: string;
  password?: string;
  confirm_password?: string;
  role?: string;
  id_file?: { size: number; kind: string | null } | null;
}

/** Spec 000 section 5: checked in this order; only the first failure is shown. */
export function firstRegistrationError(input: RegistrationInput): string | null {
  if (!input.full_name?.trim()) return MSG.fullNameRequired;
  if (!input.email?.trim()) return MSG.emailRequired;
  if (!isEmail(input.email)) return MSG.emailInvalid;
  if (!input.contact_number?.trim()) return MSG.contactRequired;
  if (!input.password) return MSG.passwordRequired;
  if (input.password.length < PASSWORD_MIN) return MSG.passwordTooShort;
  if (input.password !== input.confirm_password) return MSG.passwordsDoNotMatch;
  if (input.role !== 'student' && input.role !== 'faculty') return MSG.roleRequired;
  if (!input.id_file) return MSG.idFileRequired;
  if (!input.id_file.kind || !ID_FILE_KINDS.includes(input.id_file.kind as FileKind)) return MSG.idFileType;
  if (input.id_file.size >= MAX_UPLOAD_BYTES) return MSG.idFileSize;
  return null;
}

export const CODE_LENGTH = 6;
export const isSixDigitCode = (s: string) => /^\d{6}$/.test(s);
/** Digits only, at most six, as typed into the code box. */
export const sanitizeCode = (s: string) => s.replace(/\D/g, '').slice(0, CODE_LENGTH);

/** Spec 000 section 4: the first number in a message containing 'attempts remaining'. */
export function attemptsRemainingFrom(message: string): number | null {
  if (!message.includes('attempts remaining')) return null;
  const m = message.match(/\d+/);
  return m ? Number(m[0]) : null;
}

export type FileKind = 'jpeg' | 'png' | 'gif' | 'pdf';
export const ID_FILE_KINDS: FileKind[] = ['jpeg', 'png', 'pdf'];
export const PROOF_IMAGE_KINDS: FileKind[] = ['jpeg', 'png', 'gif'];
export const FILE_KIND_MIME: Record<FileKind, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  pdf: 'application/pdf',
};

/** Declared MIME type to kind, for the browser's quick check before upload. */
export function kindFromMime(mime: string): FileKind | null {
  const found = (Object.entries(FILE_KIND_MIME) as [FileKind, string][]).find(([, m]) => m === mime);
  if (found) return found[0];
  return mime === 'image/jpg' ? 'jpeg' : null;
}

/** What a file really is, from its first bytes (the server trusts nothing else). */
export function sniffFileKind(bytes: Uint8Array): FileKind | null {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts(0xff, 0xd8, 0xff)) return 'jpeg';
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  if (starts(0x47, 0x49, 0x46, 0x38)) return 'gif';
  if (starts(0x25, 0x50, 0x44, 0x46, 0x2d)) return 'pdf';
  return null;
}

/** Sizes shown in MB with two decimals (spec 000 section 9). */
export const formatMB = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(2)} MB`;
