/** The words of a registration decision: the feed entry and what the registrant is told. */
import type { ActionTexts } from '../activity/notices';
import { REGISTRATION_DECISIONS, type RegistrationDecision } from './rules';

export const registrationDecided = (decision: RegistrationDecision, admin: string, registrant: string, appUrl: string): ActionTexts => {
  const status = REGISTRATION_DECISIONS[decision];
  return {
    activity: {
      actionType: `registration_${status}`,
      description: `${admin} ${status} the registration of ${registrant}`,
      ...(decision === 'accept' ? { event: 'account.approved' as const } : {}),
    },
    notice:
      decision === 'accept'
        ? {
            title: 'Registration accepted',
            message: `Your Campus GSO account has been approved. You can now sign in at ${appUrl}/login; we will ask you to verify your email the first time.`,
          }
        : {
            title: 'Registration not approved',
            message: 'Your Campus GSO registration was not approved. Please contact the General Services Office for details.',
          },
  };
};

/** A borrowing hold placed or lifted (docs/decisions/borrow-holds.md): the activity entry with the reason, and the person's notice. */
export const borrowHoldPlaced = (admin: string, person: string, reason: string): ActionTexts => ({
  activity: { actionType: 'borrow_hold_placed', description: `${admin} put a borrowing hold on ${person}: ${reason}` },
  notice: {
    title: 'Borrowing on hold',
    message: `Your borrowing is on hold: ${reason}. You cannot make new borrow requests until it is lifted. Contact the General Services Office to clear it.`,
  },
});

export const borrowHoldLifted = (admin: string, person: string, reason: string): ActionTexts => ({
  activity: { actionType: 'borrow_hold_lifted', description: `${admin} lifted the borrowing hold on ${person} (${reason})` },
  notice: { title: 'Borrowing hold lifted', message: 'The hold on your borrowing has been lifted. You can make borrow requests again.' },
});

/** What the admin sees after deciding. */
export const DECISION_DONE: Record<RegistrationDecision, string> = { accept: 'User accepted', reject: 'User rejected' };

/**
 * A person's account events: theirs and the office desk's (staff and administrators) only, never in colleagues'
 * feeds or bells (docs/decisions/notifications.md).
 */
export const ACCOUNT_EVENTS = [
  'password_changed',
  'password_reset',
  'profile_updated',
  'account_added',
  'account_updated',
  'role_changed',
  'account_deactivated',
  'account_reactivated',
  'account_deleted',
  'borrow_hold_placed',
  'borrow_hold_lifted',
  'registration_accepted',
  'registration_rejected',
  'campus_account_created',
  'campus_account_linked',
  'term_sweep',
  'accounts_imported',
] as const;
