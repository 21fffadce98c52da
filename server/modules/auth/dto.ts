import type { Account } from '../../db/schema';

/** The account as the browser sees it. */
export function toAccountDto(a: Account) {
  return {
    id: a.id,
    uniId: `GSO-${String(a.id).padStart(5, '0')}`,
    fullName: a.full_name,
    email: a.email,
    username: a.username,
    contactNumber: a.contact_number,
    role: a.role,
    status: a.status,
    jobType: a.job_type,
    emailVerified: a.email_verified === 1,
    hasIdFile: a.id_file !== null,
    createdAt: a.created_at,
  };
}
export type AccountDto = ReturnType<typeof toAccountDto>;
