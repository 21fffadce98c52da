/** Web Push subscriptions, one per person per device (docs/decisions/push.md). */
import { z } from 'zod';
import { isoTime, text } from '../common/schemas';
import { PUSH_KINDS } from './kinds';

/** A push service's address for one browser: https in production (http only for a local test service). */
const endpoint = text()
  .trim()
  .min(1)
  .max(2000)
  .refine((v) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol), 'must be the push service address the browser gave')
  .meta({ description: "the subscription's endpoint, as the browser's PushSubscription gives it" });

/** Base64url of the browser's keys: P-256 public key (65 bytes, 87 characters) and auth secret (16 bytes, 22 characters). */
const base64url = (min: number, max: number) =>
  text()
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, 'must be base64url')
    .min(min)
    .max(max);

export const pushKind = z.enum(PUSH_KINDS);

export const pushSubscriptionBody = z.object({
  endpoint,
  keys: z.object({ p256dh: base64url(80, 100), auth: base64url(16, 32) }),
  /** The kinds chosen on this device; each must be one the person's role receives (else 400). */
  kinds: z.array(pushKind).max(PUSH_KINDS.length),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBody>;

export const pushSubscriptionDto = z.object({
  id: z.number().int(),
  endpoint: z.string(),
  kinds: z.array(pushKind),
  createdAt: isoTime,
  lastSuccessAt: isoTime.nullable(),
});
export type PushSubscriptionDto = z.infer<typeof pushSubscriptionDto>;

export const pushSubscriptionList = z.object({ items: z.array(pushSubscriptionDto) });

export const pushPublicKey = z.object({
  /** The VAPID public key, base64url: the browser's applicationServerKey. */
  publicKey: z.string(),
  /** The kinds the signed-in person's role can receive. */
  kinds: z.array(pushKind),
});
export type PushPublicKey = z.infer<typeof pushPublicKey>;

/** What a notice carries to the phone: the worker shows the title and body, and a tap opens the url. */
export interface PushPayload {
  title: string;
  body: string;
  url: string;
}
