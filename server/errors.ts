import type { ErrorCode, ErrorExtras, ExtrasOf, PlainErrorCode } from '../core/errors';

/** An error a person can act on, answered as { error: { code, message } } (and the code's extras) with its status. */
export class HttpError<C extends ErrorCode = ErrorCode> extends Error {
  readonly extra: ExtrasOf<C>;
  constructor(
    readonly statusCode: number,
    readonly code: C,
    message: string,
    ...extra: C extends keyof ErrorExtras ? [ErrorExtras[C]] : []
  ) {
    super(message);
    this.extra = (extra[0] ?? {}) as ExtrasOf<C>;
  }
}

export const badRequest = (message: string, code: PlainErrorCode = 'invalid_input') => new HttpError(400, code, message);
export const forbidden = (message: string, code: PlainErrorCode = 'forbidden') => new HttpError(403, code, message);
export const notFound = (message: string) => new HttpError(404, 'not_found', message);
export const conflict = (message: string, code: PlainErrorCode = 'conflict') => new HttpError(409, code, message);
export const tooLarge = (message: string) => new HttpError(413, 'too_large', message);
export const tooMany = (message: string, code: PlainErrorCode = 'too_many_requests') => new HttpError(429, code, message);
