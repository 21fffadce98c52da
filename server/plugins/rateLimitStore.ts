import type { Db } from '../db/database';
import { hit, peek } from '../lib/counters';

type Callback = (err: Error | null, res?: { current: number; ttl: number }) => void;

/**
 * A @fastify/rate-limit store over the shared counters table, so a limit holds across every app process
 * (docs/decisions/scale.md). Each route gets its own key space through child().
 */
export function databaseRateLimitStore(db: Db) {
  return class DatabaseStore {
    constructor(
      _options?: unknown,
      private readonly prefix = 'http:',
    ) {}

    incr(key: string, cb: Callback, timeWindow: number) {
      hit(db, this.prefix + key, timeWindow).then(
        (h) => cb(null, { current: h.hits, ttl: Math.max(0, h.resetAt - Date.now()) }),
        (err: Error) => cb(err),
      );
    }

    read(key: string, cb: Callback) {
      peek(db, this.prefix + key).then(
        (h) => cb(null, { current: h.hits, ttl: Math.max(0, h.resetAt - Date.now()) }),
        (err: Error) => cb(err),
      );
    }

    child(routeOptions: object) {
      const info = (routeOptions as { routeInfo?: { method?: string; url?: string } }).routeInfo;
      const route = info ? `${info.method}${info.url}` : 'global';
      return new DatabaseStore(undefined, `http:${route}:`);
    }
  };
}
