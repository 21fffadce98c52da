// @vitest-environment happy-dom
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { isStaleChunk } from '../../client/app/RouteError';
import { useListParams } from '../../client/ui/list/useListParams';

const TABS = ['all', 'pending', 'approved'] as const;

/** Renders the hook inside a data router at `url`, answering the hook and the router (for its location). */
function renderAt(url: string) {
  let router!: ReturnType<typeof createMemoryRouter>;
  const wrapper = ({ children }: { children: ReactNode }) => {
    router ??= createMemoryRouter([{ path: '*', element: children }], { initialEntries: [url] });
    return <RouterProvider router={router} />;
  };
  const hook = renderHook(() => useListParams({ tabs: TABS, defaultTab: 'all' }), { wrapper });
  return { hook, search: () => router.state.location.search, router };
}

describe('useListParams', () => {
  it('reads tab, page and search from the address, falling back to defaults for nonsense', () => {
    expect(renderAt('/list?tab=pending&page=3&q=maria').hook.result.current).toMatchObject({ tab: 'pending', page: 3, search: 'maria' });
    expect(renderAt('/list?tab=bogus&page=-2').hook.result.current).toMatchObject({ tab: 'all', page: 1, search: '' });
    expect(renderAt('/list?page=1.5').hook.result.current.page).toBe(1);
  });

  it('writes a new tab into the address and starts again at page 1', () => {
    const { hook, search } = renderAt('/list?page=4');
    act(() => hook.result.current.setTab('approved'));
    expect(search()).toBe('?tab=approved');
    act(() => hook.result.current.setPage(2));
    expect(search()).toBe('?tab=approved&page=2');
    act(() => hook.result.current.setTab('all'));
    expect(search()).toBe('');
  });

  it('builds a write on the one before it when the router has not rendered that one yet', () => {
    // A tab chosen, then a write before the router re-renders (keys typed interrupt the tab's transition):
    // the second write must keep the tab, not start from the address before it.
    const { hook, search } = renderAt('/list?q=maria');
    act(() => {
      hook.result.current.setTab('pending');
      hook.result.current.setPage(3);
    });
    expect(search()).toBe('?q=maria&tab=pending&page=3');
  });

  it('settles typed text into the address after a pause, at page 1', async () => {
    const { hook, search } = renderAt('/list?page=5');
    act(() => hook.result.current.setInput('  projector '));
    expect(hook.result.current.input).toBe('  projector ');
    expect(search()).toBe('?page=5');
    await waitFor(() => {
      expect(search()).toBe('?q=projector');
      expect(hook.result.current.search).toBe('projector');
    });
  });
});

describe('RouteError', () => {
  it('recognises a screen whose code is gone after a deploy', () => {
    expect(isStaleChunk(new TypeError('Failed to fetch dynamically imported module: http://x/assets/A-1.js'))).toBe(true);
    expect(isStaleChunk(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isStaleChunk(new Error('Cannot read properties of undefined'))).toBe(false);
  });
});
