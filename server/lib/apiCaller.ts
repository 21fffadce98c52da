import { AsyncLocalStorage } from 'node:async_hooks';

/** The API token a request was made with, for the activity entries its writes make (docs/decisions/api-tokens.md). */
export interface CallerToken {
  id: number;
  name: string;
}

const caller = new AsyncLocalStorage<{ token: CallerToken | null }>();

/**
 * Runs the rest of a request (its hooks, handler and the transactions it starts) with a place for its token; called
 * from an onRequest hook in the callback style so that everything after it is inside.
 */
export const withCallerPlace = (next: () => void) => caller.run({ token: null }, next);

/** Notes the request's token, once the bearer check has accepted it. */
export function setCallerToken(token: CallerToken): void {
  const place = caller.getStore();
  if (place) place.token = token;
}

/** The token the present request was made with, or null (a session, a background job). */
export const callerToken = (): CallerToken | null => caller.getStore()?.token ?? null;
