/** The words of a registration decision: the feed entry and what the registrant is told. */
import type { ActionTexts } from '../activity/notices';
import { REGISTRATION_DECISIONS, type RegistrationDecision } from './rules';

export const registrationDecided = (decision: RegistrationDecision, admin: string, registrant: string, appUrl: string): ActionTexts => {
  const status = REGISTRATION_DECISIONS[decision];
  return {
    activity: { actionType: `registration_${status}`, description: `${admin} ${status} the registration of ${registrant}` },
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

/** What the admin sees after deciding. */
export const DECISION_DONE: Record<RegistrationDecision, string> = { accept: 'User accepted', reject: 'User rejected' };
