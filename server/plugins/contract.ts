import type { FastifyInstance } from 'fastify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { $ZodType, safeParse } from 'zod/v4/core';
import { errorBody } from '../../core/errors';
import type { Endpoint } from '../../core/common/endpoint';
import { isKeptAnswer } from '../lib/listCache';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The operation in core/<domain>/endpoints.ts this route serves (set by routesOf). */
    endpoint?: Endpoint;
  }
}

/** The error body of every operation's 4xx and 5xx, as OpenAPI shows it. */
const ERROR_RESPONSE = {
  description: '{ error: { code, message } }, with the extras of codes that have them (core/errors.ts)',
  content: { 'application/json': { schema: errorBody } },
};

/**
 * The API contract on the server: every operation comes from an endpoint table (core/<domain>/endpoints.ts), whose
 * schemas the browser's calls are typed by; every operation documents its success body, so
 * /api/openapi.json describes every answer and nothing unlisted (a password hash, a file path) leaves the
 * server; and every operation answers its errors in the one error body.
 */
export function registerContract(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs') || route.url === '/api/openapi.json') return;
    if (!route.config?.endpoint)
      throw new Error(`Route ${route.method} ${route.url} is not declared in an endpoint table (core/<domain>/endpoints.ts)`);
    const response = (route.schema?.response ?? {}) as Record<string, unknown>;
    if (!Object.keys(response).some((status) => status.startsWith('2')))
      throw new Error(`Route ${route.method} ${route.url} does not declare its response schema`);
    route.schema = { ...route.schema, response: { '4xx': ERROR_RESPONSE, '5xx': ERROR_RESPONSE, ...response } };
  });
}

/**
 * Writes a JSON answer through its response schema: fields the schema does not list are dropped, and an
 * answer that does not fit is an error (500), never sent. Parsing, not encoding: response schemas hold no
 * transforms, and zod's compiled parse costs a quarter of encode on a page of requests (~30 µs for 20).
 */
export function serializerCompiler({ schema, method, url }: { schema: unknown; method: string; url: string }) {
  if (!(schema instanceof $ZodType)) throw new Error(`${method} ${url}: a response schema must be a zod schema`);
  // A list's kept answer (lib/listCache.ts) is written once per route and reused while the list is unchanged.
  const written = new WeakMap<object, string>();
  return (data: unknown) => {
    const kept = isKeptAnswer(data) ? written.get(data) : undefined;
    if (kept !== undefined) return kept;
    const result = safeParse(schema, data);
    if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
    const json = JSON.stringify(result.data);
    if (isKeptAnswer(data)) written.set(data, json);
    return json;
  };
}
