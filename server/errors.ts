/** An error a person can act on, answered as { error: { code, message } } with its status. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string, code = 'invalid_input') => new HttpError(400, code, message);
export const forbidden = (message: string, code = 'forbidden', extra: Record<string, unknown> = {}) =>
  new HttpError(403, code, message, extra);
export const notFound = (message: string) => new HttpError(404, 'not_found', message);
export const conflict = (message: string, code = 'conflict') => new HttpError(409, code, message);
export const tooLarge = (message: string) => new HttpError(413, 'too_large', message);
export const tooMany = (message: string) => new HttpError(429, 'too_many_requests', message);
