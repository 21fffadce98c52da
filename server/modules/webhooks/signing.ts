/**
 * Signing as Standard Webhooks says (docs/decisions/webhooks.md): a secret `whsec_` and 32 random bytes in base64,
 * and each attempt's headers webhook-id (the message id, the same on every attempt), webhook-timestamp (the
 * attempt's time, in seconds) and webhook-signature (`v1,` and the HMAC-SHA256 of `id.timestamp.body`). For a day
 * after a rotation the old secret signs too, the two signatures separated by a space, so a receiver may switch
 * its secret at any moment in that day.
 */
import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

export const newSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

/** A message id: `msg_` and 16 random bytes in base64url. */
export const newMessageId = () => `msg_${randomBytes(16).toString('base64url')}`;

export function signedHeaders(
  secrets: { secret: string; previous: string | null },
  msgId: string,
  at: Date,
  body: string,
): Record<string, string> {
  const signatures = [secrets.secret, ...(secrets.previous ? [secrets.previous] : [])].map((s) => new Webhook(s).sign(msgId, at, body));
  return {
    'webhook-id': msgId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': signatures.join(' '),
  };
}
