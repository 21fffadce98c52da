import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isErrorCode, type ErrorCode } from '../../core/errors';
import { MSG } from '../../core/messages';
import { HttpError } from '../errors';

const send = (reply: any, status: number, code: ErrorCode, message: string, extra: object = {}) =>
  reply.status(status).send({ error: { code, message }, ...extra });

/** The code of a 4xx the framework or a plugin raised, from the shared list (core/errors.ts). */
const CODE_OF_STATUS: Record<number, ErrorCode> = {
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'too_large',
  429: 'too_many_requests',
};

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
    if (status >= 400 && status < 500) {
      const code = isErrorCode(err.code) ? err.code : (CODE_OF_STATUS[status] ?? 'bad_request');
      return send(reply, status, code, err.message || MSG.invalidInput);
    }
    req.log.error({ err }, 'unhandled error');
    return send(reply, 500, 'server_error', MSG.serverError);
  });
}

/**
 * Errors the router raises before any route runs (a malformed %-escape, a path parameter over the router's
 * length limit): answered in the one error body as 400, as any other bad input. Given to Fastify as `frameworkErrors`.
 */
export function frameworkErrors(err: FastifyError, _req: FastifyRequest, reply: FastifyReply) {
  const message = err.code === 'FST_ERR_MAX_PARAM_LENGTH' ? MSG.urlPartTooLong : MSG.badUrl;
  return send(reply, 400, 'invalid_input', message);
}
