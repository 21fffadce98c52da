/**
 * One attempt of a delivery (docs/decisions/webhooks.md): a POST of the signed payload, connected only through the
 * guarded lookup (or, for an IP address, after checking it), answered within SEND_TIMEOUT_MS, its redirects not
 * followed. Answers the receiver's status, the start of its answer, and how long it took; it never throws.
 */
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { EXCERPT_MAX, SEND_TIMEOUT_MS, tidyHost } from '../../../core/webhooks/rules';
import { guardedLookup, isAllowedHost, isBlockedAddress } from './addresses';

export interface Attempt {
  ok: boolean;
  code: number | null;
  excerpt: string | null;
  durationMs: number;
}

export function postOnce(url: string, headers: Record<string, string>, body: string, allowed: readonly string[]): Promise<Attempt> {
  const started = performance.now();
  const took = () => Math.round(performance.now() - started);
  return new Promise<Attempt>((resolve) => {
    const fail = (why: string) => resolve({ ok: false, code: null, excerpt: why.slice(0, EXCERPT_MAX), durationMs: took() });
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      return fail('not a valid address');
    }
    const host = tidyHost(target.hostname);
    if (net.isIP(host) && !isAllowedHost(host, allowed) && isBlockedAddress(host)) return fail(`${host} is on a private network: not sent`);
    const client = target.protocol === 'https:' ? https : http;
    const req = client.request(
      target,
      {
        method: 'POST',
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': 'CampusGSO-Webhooks/1',
        },
        lookup: guardedLookup(allowed) as unknown as net.LookupFunction,
        agent: false,
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          if (text.length < EXCERPT_MAX) text += chunk;
        });
        res.on('end', () => {
          clearTimeout(timer);
          const code = res.statusCode ?? 0;
          resolve({ ok: code >= 200 && code < 300, code, excerpt: text.slice(0, EXCERPT_MAX) || null, durationMs: took() });
        });
        res.on('error', (err) => {
          clearTimeout(timer);
          fail(err.message);
        });
      },
    );
    const timer = setTimeout(() => {
      req.destroy(new Error(`no answer within ${SEND_TIMEOUT_MS / 1000} seconds`));
    }, SEND_TIMEOUT_MS);
    req.on('error', (err) => {
      clearTimeout(timer);
      fail(err.message);
    });
    req.end(body);
  });
}
