import { ApiError } from './api';

/** What a screen knows of its query, enough to tell whether it shows a copy kept on the device. */
export interface KeptQuery {
  data: unknown;
  dataUpdatedAt: number;
  isError: boolean;
  error: unknown;
  fetchStatus: 'fetching' | 'paused' | 'idle';
  refetch: () => Promise<unknown>;
}

/** While a kept copy shows, a fresh answer is asked this often: a weak signal comes back without telling the browser. */
export const KEPT_RETRY_MS = 10_000;

/**
 * Whether the screen shows its last answer because no fresh one can come (docs/decisions/pwa.md): offline (the query
 * waits for the connection) or the request found no network. A refusal from the server is an error as ever.
 */
export const showsKeptCopy = (q: KeptQuery): boolean =>
  q.data !== undefined && (q.fetchStatus === 'paused' || (q.isError && q.error instanceof ApiError && q.error.isNetwork));

/** The error a list shows: none while it shows a kept copy instead. */
export const errorBesidesKeptCopy = (q: KeptQuery): Error | null => (q.isError && !showsKeptCopy(q) ? (q.error as Error) : null);
