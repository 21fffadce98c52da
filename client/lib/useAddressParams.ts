import { useCallback, useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The address's query, and `update` to change it from what it holds now. Each change lands on top of the last one
 * written, even before that one has rendered: navigations render as transitions and keys typed meanwhile interrupt
 * them, so the router's `current` can still be the address before the last change, and a change made from it
 * would drop that one (a date typed just after another filter was chosen). A render of an older write does not
 * end the wait for the newer ones.
 */
export function useAddressParams() {
  const [params, setParams] = useSearchParams();
  /** Our writes not rendered yet, oldest first. */
  const unrendered = useRef<string[]>([]);
  const rendered = params.toString();
  useEffect(() => {
    // One of our writes rendered: those after it are still to come. An address not ours (back, forward): start from it.
    const at = unrendered.current.indexOf(rendered);
    unrendered.current = at === -1 ? [] : unrendered.current.slice(at + 1);
  }, [rendered]);
  const update = useCallback(
    (change: (now: URLSearchParams) => URLSearchParams, replace = false) =>
      setParams(
        (current) => {
          const next = change(new URLSearchParams(unrendered.current.at(-1) ?? current));
          unrendered.current.push(next.toString());
          return next;
        },
        { replace },
      ),
    [setParams],
  );
  return [params, update] as const;
}
