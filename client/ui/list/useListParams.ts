import { useEffect, useRef, useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import { useAddressParams } from '../../lib/useAddressParams';

/**
 * A list's tab, page, search and filters, kept in the address (?tab=&page=&q=&...), so the back button, a
 * refresh and a shared link show the same list. The search box's text reaches the address 300 ms after typing
 * stops, replacing the entry rather than adding one per keystroke; a new tab, search or filter starts again at
 * page 1.
 */
export function useListParams<T extends string, F extends string = never>({
  tabs,
  defaultTab,
  tabParam = 'tab',
  filters = [],
}: {
  tabs: readonly T[];
  defaultTab: T;
  /** The address's name for the tab (a category filter may call it "category"). */
  tabParam?: string;
  /** Further filters kept in the address by these names (a chosen value, a date). */
  filters?: readonly F[];
}) {
  const [params, updateAddress] = useAddressParams();
  const rawTab = params.get(tabParam);
  const tab = rawTab && (tabs as readonly string[]).includes(rawTab) ? (rawTab as T) : defaultTab;
  const rawPage = Number(params.get('page'));
  const page = Number.isInteger(rawPage) && rawPage >= 1 && rawPage <= 100_000 ? rawPage : 1;
  const query = (params.get('q') ?? '').trim();

  const [input, setInput] = useState(params.get('q') ?? '');
  const [debounced] = useDebouncedValue(input.trim(), 300);

  const update = (changes: Record<string, string | null>, replace = false) =>
    updateAddress((next) => {
      for (const [k, v] of Object.entries(changes)) {
        if (v === null || v === '') next.delete(k);
        else next.set(k, v);
      }
      return next;
    }, replace);

  // What typing last wrote to the address: when the address changes to it, the box must keep the keys
  // typed since (a slow device may settle on "Mar" while "ia" is being typed).
  const written = useRef<string | null>(null);

  // Typing settles into the address; a new search starts at page 1.
  useEffect(() => {
    if (debounced === query) return;
    written.current = debounced;
    update({ q: debounced || null, page: null }, true);
  }, [debounced]); // eslint-disable-line react-hooks/exhaustive-deps

  // Back and forward bring their own search text into the box.
  useEffect(() => {
    const ours = written.current === query;
    written.current = null;
    if (!ours && query !== input.trim()) setInput(params.get('q') ?? '');
  }, [query]); // eslint-disable-line react-hooks/exhaustive-deps

  const filterValues = Object.fromEntries(filters.map((name) => [name, params.get(name) ?? ''])) as Record<F, string>;

  return {
    tab,
    setTab: (t: T) => update({ [tabParam]: t === defaultTab ? null : t, page: null }),
    page,
    setPage: (p: number) => update({ page: p <= 1 ? null : String(p) }),
    /** What the search box shows. */
    input,
    setInput,
    /** The search the list asks for (trimmed, settled). */
    search: query,
    /** Each filter's value in the address ('' when not set). */
    filters: filterValues,
    /** `replace` for a field that changes as it is typed (a date), so Back is not one step per key. */
    setFilter: (name: F, value: string | null, replace = false) => update({ [name]: value, page: null }, replace),
  };
}
