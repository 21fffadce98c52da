import type { FastifyInstance } from 'fastify';
import { MSG } from '../../core/messages';
import { HttpError } from '../errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const BODY_TYPES = /^(application\/json|multipart\/form-data)\b/i;

/**
 * A second guard besides SameSite cookies: a request that changes something must come from this site
 * (Sec-Fetch-Site or Origin, when the browser sends them) and carry JSON or a form upload, never a body
 * another site could post without asking (text/plain, urlencoded).
 */
export function registerSameOriginCheck(app: FastifyInstance) {
  app.addHook('onRequest', async (req) => {
    if (SAFE_METHODS.has(req.method) || !req.url.startsWith('/api/')) return;
    const site = req.headers['sec-fetch-site'];
    if (site && site !== 'same-origin' && site !== 'none') throw new HttpError(403, 'forbidden', MSG.crossSite);
    const origin = req.headers.origin;
    if (origin && !sameHost(origin, req.host)) throw new HttpError(403, 'forbidden', MSG.crossSite);
    const type = req.headers['content-type'];
    if (type && !BODY_TYPES.test(type)) throw new HttpError(415, 'invalid_input', MSG.jsonOnly);
  });
}

/** Whether the Origin names this host (a default port written out or not). */
function sameHost(origin: string, host: string): boolean {
  try {
    const o = new URL(origin);
    return o.host === new URL(`${o.protocol}//${host}`).host;
  } catch {
    return false;
  }
}
