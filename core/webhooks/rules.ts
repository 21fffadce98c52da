/**
 * Webhooks (docs/decisions/webhooks.md): the Add/Edit form's checks in field order (for firstError on both sides),
 * the allowed on-campus hosts, the retry schedule and the words of refusals.
 */
import * as z from 'zod/mini';
import { always } from '../common/forms';
import { WEBHOOK_EVENTS, type WebhookEvent } from './events';

export const WEBHOOK_URL_MAX = 2000;
export const WEBHOOK_DESCRIPTION_MAX = 200;
/** The most endpoints: each event is one row per endpoint in the outbox. */
export const WEBHOOK_ENDPOINTS_MAX = 50;
export const ALLOWED_HOSTS_MAX = 50;
const HOST_MAX = 253;

/** A delivery is tried again for a day after the event, then given up; an endpoint failing that long is paused. */
export const RETRY_FOR_MS = 24 * 3600_000;
/** The first retry's wait; each next one four times longer, up to RETRY_MAX_MS, with a fifth either way at random. */
export const RETRY_FIRST_MS = 5_000;
export const RETRY_MAX_MS = 4 * 3600_000;
/** How long a sender waits for the receiver's answer. */
export const SEND_TIMEOUT_MS = 10_000;
/** How much of the receiver's answer the delivery log keeps. */
export const EXCERPT_MAX = 300;

/**
 * The wait after the n-th failed attempt (1-based): 5 s, 20 s, 80 s, about 5 and 21 minutes, 1.4 hours, then every
 * 4 hours, each within a fifth of that at random so that endpoints back up do not all get their retries at once.
 */
export function retryDelayMs(attempt: number, random: number = Math.random()): number {
  const base = Math.min(RETRY_FIRST_MS * 4 ** Math.max(0, attempt - 1), RETRY_MAX_MS);
  return Math.round(base * (0.8 + 0.4 * random));
}

export const WEBHOOK_MSG = {
  urlRequired: 'Enter the address the events are sent to.',
  urlTooLong: `The address can be at most ${WEBHOOK_URL_MAX} characters.`,
  urlInvalid: 'Enter a full address such as https://hooks.campus.edu/gso.',
  urlScheme: 'The address must start with https:// (or http:// for an allowed on-campus host).',
  urlCredentials: 'The address cannot hold a user name or password: the signature proves the sender.',
  httpNotAllowed: (host: string) => `Only https:// addresses are accepted: ${host} is not an allowed on-campus host (Settings, Webhooks).`,
  privateAddress: (host: string) =>
    `${host} is on a private, loopback or link-local network. If it is a campus system, an administrator can allow it in Settings, Webhooks: allowed on-campus hosts.`,
  unresolvable: (host: string) => `${host} could not be found: the name has no address.`,
  descriptionTooLong: `The description can be at most ${WEBHOOK_DESCRIPTION_MAX} characters.`,
  eventsRequired: 'Choose at least one event, or All events.',
  tooMany: `There can be at most ${WEBHOOK_ENDPOINTS_MAX} webhooks.`,
  notFound: 'No such webhook.',
  deliveryNotFound: 'No such delivery for this webhook.',
  alreadyActive: 'This webhook is already active.',
  alreadyPaused: 'This webhook is already paused.',
  resumeFirst: 'This webhook is paused: resume it first, then resend. Send test event works while it is paused.',
  inFlight: 'This delivery is being sent right now: wait a moment and look at the log again.',
  hostInvalid: (host: string) => `"${host}" is not a host name or an IP address.`,
  tooManyHosts: `At most ${ALLOWED_HOSTS_MAX} allowed hosts.`,
};

/** A host as it is compared: lower case, no brackets around an IPv6 address, no trailing dot. */
export const tidyHost = (host: string) =>
  host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '');

const HOSTNAME = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;
const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
/** A host name or an IP address (IPv6 checked by the URL parser). */
export function isHost(host: string): boolean {
  const h = tidyHost(host);
  if (!h || h.length > HOST_MAX) return false;
  if (IPV4.test(h) || HOSTNAME.test(h)) return true;
  return h.includes(':') && URL.canParse(`http://[${h}]/`);
}

/** The address's problem in words, or null: parsed, http or https, no user name or password. */
export function urlProblem(raw: string): string | null {
  const url = raw.trim();
  if (!url) return WEBHOOK_MSG.urlRequired;
  if (url.length > WEBHOOK_URL_MAX) return WEBHOOK_MSG.urlTooLong;
  if (!URL.canParse(url)) return WEBHOOK_MSG.urlInvalid;
  const u = new URL(url);
  if (u.protocol !== 'https:' && u.protocol !== 'http:') return WEBHOOK_MSG.urlScheme;
  if (!u.hostname) return WEBHOOK_MSG.urlInvalid;
  if (u.username || u.password) return WEBHOOK_MSG.urlCredentials;
  return null;
}

/** Add Webhook and Edit: the address, a description, and the events (or all of them). */
export const webhookForm = z
  .object({
    url: z.string({ error: WEBHOOK_MSG.urlRequired }).check(
      z.trim(),
      z.refine((u) => urlProblem(u) === null, { error: (iss) => urlProblem(String(iss.input)) ?? WEBHOOK_MSG.urlInvalid }),
    ),
    description: z.string().check(z.trim(), z.maxLength(WEBHOOK_DESCRIPTION_MAX, WEBHOOK_MSG.descriptionTooLong)),
    allEvents: z.boolean(),
    events: z.array(z.enum(WEBHOOK_EVENTS)),
  })
  .check(z.refine((f) => f.allEvents || f.events.length > 0, { message: WEBHOOK_MSG.eventsRequired, path: ['events'], ...always }));
export type WebhookForm = z.infer<typeof webhookForm>;

export const newWebhookValues = (): WebhookForm => ({ url: '', description: '', allEvents: true, events: [] });

/** The events an endpoint asked for as they are kept: "*" for all, else the list. */
export const keptEvents = (f: { allEvents: boolean; events: readonly WebhookEvent[] }) =>
  JSON.stringify(f.allEvents ? ['*'] : [...new Set(f.events)].sort());

export const readEvents = (kept: string): { allEvents: boolean; events: WebhookEvent[] } => {
  const list = JSON.parse(kept) as string[];
  if (list.includes('*')) return { allEvents: true, events: [] };
  return { allEvents: false, events: list.filter((e): e is WebhookEvent => (WEBHOOK_EVENTS as readonly string[]).includes(e)) };
};

/** The allowed on-campus hosts as typed (one per line, or separated by commas or spaces), tidied and checked. */
export function readHosts(text: string): { hosts: string[]; problem: string | null } {
  const hosts = [
    ...new Set(
      text
        .split(/[\s,]+/)
        .map(tidyHost)
        .filter(Boolean),
    ),
  ];
  const bad = hosts.find((h) => !isHost(h));
  if (bad) return { hosts, problem: WEBHOOK_MSG.hostInvalid(bad) };
  if (hosts.length > ALLOWED_HOSTS_MAX) return { hosts, problem: WEBHOOK_MSG.tooManyHosts };
  return { hosts, problem: null };
}

export const allowedHostsForm = z.object({
  hosts: z.string().check(z.refine((t) => readHosts(t).problem === null, { error: (iss) => readHosts(String(iss.input)).problem ?? '' })),
});
