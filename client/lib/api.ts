import type { ErrorBody, ErrorCode } from '../../core/errors';
import type { Method } from '../../core/common/endpoint';
import type { AnswerOf, ApiPath, EndpointAt, PartsArgs, PartsOf } from '../../core/endpoints';
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
 * when the server could not be reached (the same on every screen), else the screen's own words
 * for the server's message (by default 'Error' and the message). See docs/decisions/screen-wording.md.
 */
export function failureOf(err: unknown, words = (message: string): Failure => ({ title: 'Error', message })): Failure {
  if (err instanceof ApiError && err.isNetwork) return { title: MSG.connectionError, message: MSG.unableToConnect };
  return words(messageOf(err));
}

export const MAINTENANCE_EVENT = 'gso:maintenance';
/** Fired when the server says the session is gone (expired, or ended elsewhere) during an action. */
export const SESSION_ENDED_EVENT = 'gso:session-ended';

/**
 * Set while this page signs out: the 401s of requests sent before or during a sign-out are its own doing (even
 * one that comes back after it, on a busy server), not a session that ended elsewhere, and must not send the
 * person to the login while the page they chose loads.
 */
let signingOut = false;
let signOuts = 0;
export function setSigningOut(value: boolean) {
  if (value) signOuts++;
  signingOut = value;
}
/** Whether this page is signing out (until the page it goes to has loaded). */
export const isSigningOut = () => signingOut;

function noticeSessionEnd(url: string, status: number, code: unknown, sentBefore: number) {
  if (status === 401 && code === 'unauthenticated' && !url.startsWith('/api/auth/') && !signingOut && sentBefore === signOuts)
    window.dispatchEvent(new Event(SESSION_ENDED_EVENT));
}

async function request<T>(method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
  const init: RequestInit = { method, credentials: 'same-origin', headers: { ...headers } };
  if (body instanceof FormData) init.body = body;
  else if (body !== undefined) {
    init.body = JSON.stringify(body);
    (init.headers as Record<string, string>)['content-type'] = 'application/json';
  }
  const sentBefore = signOuts;
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
    noticeSessionEnd(url, res.status, data?.error?.code, sentBefore);
    throw new ApiError(res.status, data?.error?.code ?? 'error', data?.error?.message ?? MSG.serverError, data);
  }
  return data as T;
}

type Parts = { params?: Record<string, unknown>; query?: object; body?: unknown };

/** A path of the endpoint table with its parameters filled in and its query added: '/api/requests/:id' → '/api/requests/7'. */
export function urlOf(path: string, parts?: Parts): string {
  const filled = path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(parts?.params?.[name] ?? '')));
  return filled + qs((parts?.query ?? {}) as Record<string, string | number | undefined | null>);
}

/** The address of a GET operation (a file to download or show), typed like the calls: hrefOf('/api/repairs/:id/report.pdf', { params: { id } }). */
export const hrefOf = <P extends ApiPath<'GET'>>(path: P, ...[parts]: PartsArgs<EndpointAt<'GET', P>>): string =>
  urlOf(path, parts as Parts | undefined);

const call =
  <M extends Method>(method: M) =>
  <P extends ApiPath<M>>(path: P, ...[parts]: PartsArgs<EndpointAt<M, P>>): Promise<AnswerOf<EndpointAt<M, P>>> => {
    const p = parts as Parts | undefined;
    return request(method, urlOf(path, p), method === 'GET' || method === 'DELETE' ? undefined : (p?.body ?? {}));
  };

/**
 * The API's calls, each typed by its endpoint in core/<domain>/endpoints.ts: the path picks the operation, and the
 * parts it needs (params, query, body) and its answer follow from it.
 */
export const api = {
  get: call('GET'),
  post: call('POST'),
  put: call('PUT'),
  del: call('DELETE'),
  /** Uploads a form with progress (fetch cannot report upload progress). */
  upload<P extends ApiPath<'POST'>>(
    path: P,
    form: FormData,
    opts: { params?: PartsOf<EndpointAt<'POST', P>> extends { params: infer T } ? T : never; onProgress?: (fraction: number) => void } = {},
  ): Promise<AnswerOf<EndpointAt<'POST', P>>> {
    const url = urlOf(path, { params: opts.params as Record<string, unknown> | undefined });
    const onProgress = opts.onProgress;
    const sentBefore = signOuts;
    return new Promise((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open('POST', url);
      xhr.responseType = 'json';
      xhr.upload.onprogress = (e) => e.lengthComputable && onProgress?.(e.loaded / e.total);
      xhr.onerror = () => reject(new ApiError(0, 'network', MSG.unableToConnect));
      xhr.onload = () => {
        const data = xhr.response ?? {};
        if (xhr.status >= 200 && xhr.status < 300) resolve(data);
        else {
          noticeSessionEnd(url, xhr.status, data?.error?.code, sentBefore);
          reject(new ApiError(xhr.status, data?.error?.code ?? 'error', data?.error?.message ?? MSG.serverError, data));
        }
      };
      xhr.send(form);
    });
  },
};

/**
 * A write sent with its Idempotency-Key (docs/decisions/idempotency.md), JSON or a form with files, failing as the
 * calls above do: the change that the offline queue keeps with the same key when this send gets no answer.
 */
export const sendKeyed = <T>(method: string, url: string, body: unknown, key: string): Promise<T> =>
  request<T>(method, url, body, { 'idempotency-key': key });

/** Builds a query string, leaving out empty values. */
function qs(params: Record<string, string | number | undefined | null>): string {
  const s = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') s.set(k, String(v));
  const out = s.toString();
  return out ? `?${out}` : '';
}
