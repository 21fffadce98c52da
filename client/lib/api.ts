import type { ErrorBody, ErrorCode } from '../../core/errors';
import { MSG } from '../../core/messages';

/** What to show for a failed call or mutation: its message. */
export const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** An answer from the API that was not a success (its code from core/errors.ts), or no answer at all (status 0, 'network'). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | 'network',
    message: string,
    readonly body: Partial<ErrorBody> = {},
  ) {
    super(message);
  }
  get isNetwork() {
    return this.status === 0;
  }
  /** Whether the API answered this code; if so, the body carries the code's extras (attemptsLeft, say). */
  is<C extends ErrorCode>(code: C): this is ApiError & { code: C; body: ErrorBody<C> } {
    return this.code === code;
  }
}

/** A failure as a person reads it: a title and a message. */
export interface Failure {
  title: string;
  message: string;
}

/**
 * A failed call in the product's words: 'Connection Error' / 'Unable to connect to server. Please try again.'
 * when the server could not be reached (specs 000-002, the same on every screen), else the screen's own words
 * for the server's message (by default 'Error' and the message). See docs/decisions/screen-wording.md.
 */
export function failureOf(err: unknown, words = (message: string): Failure => ({ title: 'Error', message })): Failure {
  if (err instanceof ApiError && err.isNetwork) return { title: MSG.connectionError, message: MSG.unableToConnect };
  return words(messageOf(err));
}

export const MAINTENANCE_EVENT = 'gso:maintenance';
/** Fired when the server says the session is gone (expired, or ended elsewhere) during an action. */
export const SESSION_ENDED_EVENT = 'gso:session-ended';

function noticeSessionEnd(url: string, status: number, code: unknown) {
  if (status === 401 && code === 'unauthenticated' && !url.startsWith('/api/auth/')) window.dispatchEvent(new Event(SESSION_ENDED_EVENT));
}

async function request<T>(method: string, url: string, body?: unknown): Promise<T> {
  const init: RequestInit = { method, credentials: 'same-origin', headers: {} };
  if (body instanceof FormData) init.body = body;
  else if (body !== undefined) {
    init.body = JSON.stringify(body);
    (init.headers as Record<string, string>)['content-type'] = 'application/json';
  }
  let res: Response;
  try {
    res = await fetch(url, init);
  } catch {
    throw new ApiError(0, 'network', MSG.unableToConnect);
  }
  if (res.status === 204) return undefined as T;
  const data = await res.json().catch(() => ({}));
  if (!res.ok) {
    if (res.status === 503 && data?.error?.code === 'maintenance') window.dispatchEvent(new Event(MAINTENANCE_EVENT));
    noticeSessionEnd(url, res.status, data?.error?.code);
    throw new ApiError(res.status, data?.error?.code ?? 'error', data?.error?.message ?? MSG.serverError, data);
  }
  return data as T;
}

export const api = {
  get: <T>(url: string) => request<T>('GET', url),
  post: <T>(url: string, body?: unknown) => request<T>('POST', url, body ?? {}),
  put: <T>(url: string, body?: unknown) => request<T>('PUT', url, body ?? {}),
  del: <T>(url: string) => request<T>('DELETE', url),
  /** Uploads with progress (fetch cannot report upload progress). */
  upload<T>(url: string, form: FormData, onProgress?: (fraction: number) => void): Promise<T> {
    return new Promise((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open('POST', url);
      xhr.responseType = 'json';
      xhr.upload.onprogress = (e) => e.lengthComputable && onProgress?.(e.loaded / e.total);
      xhr.onerror = () => reject(new ApiError(0, 'network', MSG.unableToConnect));
      xhr.onload = () => {
        const data = xhr.response ?? {};
        if (xhr.status >= 200 && xhr.status < 300) resolve(data as T);
        else {
          noticeSessionEnd(url, xhr.status, data?.error?.code);
          reject(new ApiError(xhr.status, data?.error?.code ?? 'error', data?.error?.message ?? MSG.serverError, data));
        }
      };
      xhr.send(form);
    });
  },
};

/** Builds a query string, leaving out empty values. */
export function qs(params: Record<string, string | number | undefined | null>): string {
  const s = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') s.set(k, String(v));
  const out = s.toString();
  return out ? `?${out}` : '';
}
