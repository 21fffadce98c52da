import type { FastifyContextConfig } from 'fastify';
import type { Endpoint } from '../../core/common/endpoint';

/**
 * A module's route options from its endpoints in core/<domain>/endpoints.ts: method, path, access and schemas,
 * under the module's OpenAPI tag, with any server-only settings (a rate limit). Spread into
 * `app.withTypeProvider<ZodTypeProvider>().route({ ...route(ep.list), handler })`, so the handler's request and
 * answer are typed by the same schemas the browser's calls are.
 */
export const routesOf =
  (tag: string) =>
  <const E extends Endpoint>(ep: E, config: Omit<FastifyContextConfig, 'access'> = {}) => ({
    method: ep.method,
    url: ep.path,
    config: { ...config, access: ep.access, endpoint: ep },
    schema: { tags: [tag], ...ep.schema } as E['schema'] & { tags: string[] },
  });
