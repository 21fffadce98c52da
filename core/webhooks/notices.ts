/** The words of the webhooks' Activity Log entries and of the administrators' notice when one is paused. */
import type { ActivityText, NoticeText } from '../activity/notices';
import { formatDateTimeIn } from '../time';

const WEBHOOK_UPDATE = 'webhook_update';

export const webhookAdded = (actor: string, url: string, events: string): ActivityText => ({
  actionType: WEBHOOK_UPDATE,
  description: `${actor} added the webhook ${url} (${events})`,
});

export const webhookEdited = (actor: string, url: string, changes: string[]): ActivityText => ({
  actionType: WEBHOOK_UPDATE,
  description: changes.length
    ? `${actor} edited the webhook ${url}: ${changes.join(', ')}`
    : `${actor} saved the webhook ${url} without changes`,
});

export const webhookPaused = (actor: string, url: string): ActivityText => ({
  actionType: WEBHOOK_UPDATE,
  description: `${actor} paused the webhook ${url}`,
});

export const webhookResumed = (actor: string, url: string): ActivityText => ({
  actionType: WEBHOOK_UPDATE,
  description: `${actor} resumed the webhook ${url}`,
});

export const webhookSecretRotated = (actor: string, url: string): ActivityText => ({
  actionType: WEBHOOK_UPDATE,
  description: `${actor} rotated the signing secret of the webhook ${url}`,
});

export const webhookDeleted = (actor: string, url: string): ActivityText => ({
  actionType: WEBHOOK_UPDATE,
  description: `${actor} deleted the webhook ${url}`,
});

export const allowedHostsChanged = (actor: string, hosts: string[]): ActivityText => ({
  actionType: 'site_settings',
  description: hosts.length
    ? `${actor} set the webhooks' allowed on-campus hosts: ${hosts.join(', ')}`
    : `${actor} cleared the webhooks' allowed on-campus hosts`,
});

/** The server paused an endpoint after a day of failed deliveries (an automatic entry). */
export const endpointPausedEntry = (url: string): ActivityText => ({
  actionType: WEBHOOK_UPDATE,
  description: `The webhook ${url} was paused: its deliveries have failed for a day`,
});

export const endpointPausedNotice = (url: string, since: string, timeZone: string): NoticeText => ({
  title: 'Webhook paused',
  message:
    `The webhook ${url} was paused: every delivery to it has failed since ${formatDateTimeIn(since, timeZone)}. ` +
    'Its events wait in its outbox. Check the receiver, then resume it on Webhooks, where its delivery log says what it answered.',
});
