/** The accounts and how they sign in (the accounts and auth modules). */
import type { Generated, Selectable } from 'kysely';
import type { AccountStatus, JobType, Role } from '../../../core/roles';

export interface AccountsTable {
  id: Generated<number>;
  full_name: string;
  email: string;
  username: string | null;
  contact_number: string;
  role: Role;
  status: AccountStatus;
  email_verified: number;
  job_type: JobType | null;
  password_hash: string;
  id_file: string | null;
  id_file_mime: string | null;
  created_at: string;
  /** When the account was deactivated; null while it is active. */
  deactivated_at: string | null;
  /** While borrowing is on hold: the administrator's reason (docs/decisions/borrow-holds.md); null otherwise. */
  borrow_hold_reason: string | null;
  borrow_held_at: string | null;
  /** The campus identity provider's issuer and subject of a linked account (docs/decisions/campus-sign-in.md); null otherwise. */
  campus_subject: string | null;
  /** The last sign-in, by password or campus account; null before the first since migration 037. */
  last_signed_in_at: string | null;
  /** The person's department (migration 055, docs/decisions/departments.md); null: none. */
  department_id: Generated<number | null>;
}

/** A campus sign-in under way (docs/decisions/campus-sign-in.md): spent by the provider's answer. */
export interface CampusLoginsTable {
  state_hash: string;
  binding_hash: string;
  nonce: string;
  code_verifier: string;
  portal: string;
  remember: number;
  expires_at: string;
}

export interface VerificationCodesTable {
  account_id: number;
  code_hash: string;
  expires_at: string;
  attempts_left: number;
  remember: number;
  ticket_hash: string | null;
  sent_at: string | null;
}

export interface PasswordResetsTable {
  token_hash: string;
  account_id: number;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export interface AccountTables {
  accounts: AccountsTable;
  campus_logins: CampusLoginsTable;
  verification_codes: VerificationCodesTable;
  password_resets: PasswordResetsTable;
}

export type Account = Selectable<AccountsTable>;
