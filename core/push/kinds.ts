/**
 * The kinds of Web Push notices a person may choose on each device (docs/decisions/push.md), and who can receive
 * each: the settings page offers a role its kinds only, and the server refuses and never sends the others.
 */
import type { Role } from '../roles';

export const PUSH_KINDS = [
  'job_assigned',
  'job_due',
  'job_changed',
  'repair_progress',
  'request_approved',
  'loan_due',
  'loan_overdue',
  'office_new_request',
  'office_problem',
] as const;
export type PushKind = (typeof PUSH_KINDS)[number];

const BORROWERS: readonly Role[] = ['student', 'faculty'];
const OFFICE: readonly Role[] = ['staff', 'admin'];

/** Each kind's checkbox label in Settings, and the roles that receive it. */
export const PUSH_KIND_INFO: Record<PushKind, { label: string; roles: readonly Role[] }> = {
  job_assigned: { label: 'A job is assigned to me', roles: ['personnel'] },
  job_due: { label: 'My job is due soon or overdue', roles: ['personnel'] },
  job_changed: { label: 'The office changes, holds or resumes my job', roles: ['personnel'] },
  repair_progress: { label: 'A repair I reported or follow is on hold, resumed or completed', roles: BORROWERS },
  request_approved: { label: 'My request is approved and ready for pick-up', roles: BORROWERS },
  loan_due: { label: 'Borrowed items are due back tomorrow', roles: BORROWERS },
  loan_overdue: { label: 'Borrowed items are overdue', roles: BORROWERS },
  office_new_request: { label: 'A new borrow request or repair report', roles: OFFICE },
  office_problem: { label: 'A borrower reports a problem with a loan', roles: OFFICE },
};

/** The kinds a role can receive, in the settings' order. */
export const pushKindsFor = (role: Role): PushKind[] => PUSH_KINDS.filter((k) => PUSH_KIND_INFO[k].roles.includes(role));
