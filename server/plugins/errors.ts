import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MSG } from '../../core/messages';
import { HttpError } from '../errors';

const send = (reply: any, status: number, code: string, message: string, extra: Record<string, unknown> = {}) =>
  reply.status(status).send({ error: { code, message }, ...extra });

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof HttpError) return send(reply, err.statusCode, err.code, err.message, err.extra);
    if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0];
      const field = first?.instancePath?.replace(/^\//, '').replace(/\//g, '.');
      const message = first?.message && field ? `${field}: ${first.message}` : MSG.invalidInput;
      return send(reply, 400, 'invalid_input', message);
    }
    const status = err.statusCode ?? 500;
    if (status === 413 || err.code === 'FST_REQ_FILE_TOO_LARGE' || err.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
      return send(reply, 413, 'too_large', MSG.tooLarge);
    if (status === 429) return send(reply, 429, 'too_many_requests', MSG.tooManyRequests);
    if (status >= 400 && status < 500) return send(reply, status, err.code ?? 'bad_request', err.message || MSG.invalidInput);
    req.log.error({ err }, 'unhandled error');
    return send(reply, 500, 'server_error', MSG.serverError);
  });
}
