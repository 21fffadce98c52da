import type { z } from 'zod';
import type { Role } from '../roles';
import type { fileResponse } from './schemas';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
/** Who may call an operation: anyone ('public'), or the roles listed. */
export type Access = 'public' | readonly Role[];

/**
 * One operation of the API, declared once: the server registers its route from it (server/lib/route.ts) and
 * the browser's calls are typed from it (client/lib/api.ts), so a URL cannot be paired with the wrong type.
 */
export interface Endpoint {
  method: Method;
  path: string;
  access: Access;
  schema: {
    summary: string;
    description?: string;
    params?: z.ZodType;
    querystring?: z.ZodType;
    body?: z.ZodType;
    consumes?: string[];
    produces?: string[];
    /** A JSON answer's schema, or a file sent as it is (fileResponse: a PDF, a CSV, an image). */
    response: { [status: number]: z.ZodType | ReturnType<typeof fileResponse> };
  };
}

/** A domain's endpoints, kept with their literal types (paths, methods, schemas) for both sides. */
export const endpoints = <const T extends Record<string, Endpoint>>(table: T): T => table;
