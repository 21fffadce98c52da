/**
 * What the request log may keep of an address. Some addresses are keys: a calendar feed's
 * (/api/calendar/<token>/feed.ics), a password link's (/reset-password?token=…), a campus sign-in's return
 * (?code=…&state=…). Whoever reads the log (an operator, a log service, a backup) must not be able to use them, so
 * every secret in a logged address is replaced by REDACTED before the line is written.
 */
export const REDACTED = '[redacted]';

/** Query parameters that carry a secret by their name, whatever their value looks like. */
const SECRET_PARAMS = new Set(['token', 'code', 'state', 'ticket', 'key', 'secret', 'password', 'signature', 'session', 'sid']);

/**
 * A value that looks like a generated secret rather than a word a person typed: 20 or more URL-safe characters
 * with both letters and digits (the product's tokens are 43 base64url characters).
 */
const looksSecret = (value: string) => value.length >= 20 && /^[A-Za-z0-9_-]+$/.test(value) && /\d/.test(value) && /[A-Za-z]/.test(value);

/** The address as the log may show it: secret path segments and query values redacted, the rest as sent. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  const query = q === -1 ? null : url.slice(q + 1);
  const segments = path.split('/');
  const safePath = segments
    .map((segment, i) =>
      looksSecret(safeDecode(segment)) || (segments[i - 2] === 'api' && segments[i - 1] === 'calendar' && segment !== '')
        ? REDACTED
        : segment,
    )
    .join('/');
  if (query === null) return safePath;
  const safeQuery = query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq === -1) return pair;
      const name = safeDecode(pair.slice(0, eq)).toLowerCase();
      const value = safeDecode(pair.slice(eq + 1));
      // A value that is itself an address (a path to go back to after signing in) is judged as one.
      const secret = SECRET_PARAMS.has(name) || looksSecret(value) || (/[/?]/.test(value) && redactUrl(value) !== value);
      return secret ? `${pair.slice(0, eq)}=${REDACTED}` : pair;
    })
    .join('&');
  return `${safePath}?${safeQuery}`;
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return s;
  }
}

/**
 * A text for the log with the secrets of every address in it redacted: a mail logged without SMTP (its whole
 * message stays in the outbox, where the office can read it).
 */
export const redactText = (text: string): string => text.replace(/\bhttps?:\/\/\S+/g, (url) => redactUrl(url));

/** Fastify's request serializer: the fields it logs by default, with the address redacted. */
export const requestForLog = (req: { method: string; url: string; host?: string; ip?: string; socket?: { remotePort?: number } }) => ({
  method: req.method,
  url: redactUrl(req.url),
  host: req.host,
  remoteAddress: req.ip,
  remotePort: req.socket?.remotePort,
});
