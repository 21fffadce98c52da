// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useListParams } from '../../client/ui/list';

type Tab = 'all' | 'pending' | 'approved';
let latest: ReturnType<typeof useListParams<Tab>>;

function List() {
  latest = useListParams<Tab>({ tabs: ['all', 'pending', 'approved'], defaultTab: 'all' });
  return <input type="search" aria-label="Search" value={latest.input} onChange={(e) => latest.setInput(e.currentTarget.value)} />;
}

function CategoryList() {
  latest = useListParams<Tab>({ tabs: ['all', 'pending', 'approved'], defaultTab: 'all', tabParam: 'category' });
  return null;
}

const open = (url: string, Screen: () => React.ReactNode = List, loader?: () => Promise<null>) => {
  const router = createMemoryRouter(
    [
      { path: '/list', element: <Screen />, loader },
      { path: '/other', element: null },
    ],
    { initialEntries: ['/other', url], initialIndex: 1 },
  );
  render(<RouterProvider router={router} />);
  return router;
};
const params = (router: ReturnType<typeof open>) => Object.fromEntries(new URLSearchParams(router.state.location.search));

afterEach(cleanup);

/** How a list's address moves through the history (tests/ui/list-params.test.tsx reads and writes it). */
describe('useListParams and the history', () => {
  it('a new tab is a new history entry, starts at page 1, and back brings the old tab and page', async () => {
    const router = open('/list?page=4');
    act(() => latest.setTab('approved'));
    expect(params(router)).toEqual({ tab: 'approved' });
    expect(router.state.historyAction).toBe('PUSH');
    expect(latest).toMatchObject({ tab: 'approved', page: 1 });
    act(() => latest.setPage(2));
    expect(params(router)).toEqual({ tab: 'approved', page: '2' });
    await act(() => router.navigate(-1));
    expect(latest).toMatchObject({ tab: 'approved', page: 1 });
    await act(() => router.navigate(-1));
    expect(latest).toMatchObject({ tab: 'all', page: 4 });
    // The default tab and the first page leave the address clean.
    act(() => latest.setTab('all'));
    expect(router.state.location.search).toBe('');
  });

  it('typing settles into the address after 300 ms, replacing the entry, and a new search starts at page 1', async () => {
    const router = open('/list?tab=pending&page=3');
    const box = screen.getByRole('searchbox', { name: 'Search' });
    const started = Date.now();
    for (const text of ['p', 'pr', 'pro', 'projector ']) fireEvent.change(box, { target: { value: text } });
    expect(latest.input).toBe('projector ');
    expect(params(router)).toEqual({ tab: 'pending', page: '3' });
    await waitFor(() => {
      expect(params(router)).toEqual({ tab: 'pending', q: 'projector' });
      expect(latest).toMatchObject({ search: 'projector', page: 1 });
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(router.state.historyAction).toBe('REPLACE');
    // One entry for the whole search: back leaves the list.
    await act(() => router.navigate(-1));
    expect(router.state.location.pathname).toBe('/other');
  });

  it('back and forward bring their search text into the box', async () => {
    // The clock is ours: the debounce's end is reached by advancing it, not by waiting.
    vi.useFakeTimers();
    try {
      const router = open('/list?q=maria');
      act(() => latest.setTab('approved'));
      await act(() => router.navigate('/list?tab=approved&q=lopez'));
      expect(latest.input).toBe('lopez');
      await act(() => router.navigate(-1));
      expect(latest.input).toBe('maria');
      expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveProperty('value', 'maria');
      expect(latest).toMatchObject({ tab: 'approved', search: 'maria' });
      // And once the debounce has passed, the box's text does not write itself back over the address.
      const before = router.state.location.key;
      act(() => vi.advanceTimersByTime(1000));
      expect(params(router)).toEqual({ tab: 'approved', q: 'maria' });
      expect(router.state.location.key).toBe(before);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keys typed while the address settles are kept, not replaced by the settled text', async () => {
    // A screen with a loader (as the app's lazy routes have) reaches a new address a moment later.
    const router = open('/list', List, async () => null);
    const box = await screen.findByRole('searchbox', { name: 'Search' });
    vi.useFakeTimers();
    try {
      fireEvent.change(box, { target: { value: 'Mar' } });
      // "Mar" settles and starts its way into the address; "ia" is typed before it arrives.
      act(() => vi.advanceTimersByTime(300));
      fireEvent.change(box, { target: { value: 'Maria' } });
      await act(async () => {});
      expect(latest.input).toBe('Maria');
      act(() => vi.advanceTimersByTime(300));
      await act(async () => {});
      expect(params(router)).toEqual({ q: 'Maria' });
      expect(box).toHaveProperty('value', 'Maria');
    } finally {
      vi.useRealTimers();
    }
  });

  it('can keep its tab under another name, such as ?category=', () => {
    const router = open('/list?category=pending', CategoryList);
    expect(latest.tab).toBe('pending');
    act(() => latest.setTab('approved'));
    expect(params(router)).toEqual({ category: 'approved' });
  });
});
