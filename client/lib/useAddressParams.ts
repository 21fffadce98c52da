import { useCallback, useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The address's query, and `update` to change it from what it holds now. Each change lands on top of the last one
 * written, even before that one has rendered: navigations render as transitions and keys typed meanwhile interrupt
 * them, so the router's `current` can still be the address before the last change, and a change made from it
 * would drop that one (a date typed just after another filter was chosen).
 */
export function useAddressParams() {
  const [params, setParams] = useSearchParams();
  const unrendered = useRef<URLSearchParams | null>(null);
  const rendered = params.toString();
  useEffect(() => {
    unrendered.current = null; // the address moved (our write, back, forward): `current` is right again
  }, [rendered]);
  const update = useCallback(
    (change: (now: URLSearchParams) => URLSearchParams, replace = false) =>
      setParams(
        (current) => {
          const next = change(new URLSearchParams(unrendered.current ?? current));
          unrendered.current = next;
          return next;
        },
        { replace },
      ),
    [setParams],
  );
  return [params, update] as const;
}
