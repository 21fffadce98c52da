// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isStaleChunkError, NEW_VERSION_TITLE, RouteError } from '../../client/app/RouteError';

/** A portal whose screen fails the way the browser fails it: its lazy route throws. */
function openFailing(error: unknown, { inShell = false } = {}) {
  const routes: RouteObject[] = [
    {
      path: '/admin',
      hydrateFallbackElement: <p>Loading</p>,
      errorElement: <RouteError home="/admin" inShell={inShell} />,
      children: [
        { index: true, element: <p>Dashboard</p> },
        {
          path: 'borrow',
          lazy: async () => {
            throw error;
          },
        },
      ],
    },
  ];
  const router = createMemoryRouter(routes, { initialEntries: ['/admin/borrow'] });
  render(
    <MantineProvider>
      <RouterProvider router={router} />
    </MantineProvider>,
  );
  return router;
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('RouteError', () => {
  it.each([
    ['Chromium', new TypeError('Failed to fetch dynamically imported module: http://127.0.0.1/assets/BorrowPage-3f2a.js')],
    ['Safari', new TypeError('Importing a module script failed.')],
    ['Firefox', new TypeError('error loading dynamically imported module: http://127.0.0.1/assets/BorrowPage-3f2a.js')],
    ['a chunk loader', Object.assign(new Error('Loading chunk 42 failed.'), { name: 'ChunkLoadError' })],
  ])('says a new version is available when a screen chunk fails to load (%s)', async (_browser, error) => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    openFailing(error);
    expect(await screen.findByRole('heading', { name: NEW_VERSION_TITLE })).toBeTruthy();
    expect(NEW_VERSION_TITLE).toBe('A new version of Campus GSO is available');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' }).getAttribute('href')).toBe('/admin');
    // On its own it is the page's one main landmark.
    expect(screen.getAllByRole('main')).toHaveLength(1);
  });

  it('says what went wrong otherwise, with a reload and the way back to the portal home', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    openFailing(new Error('Cannot read properties of undefined'), { inShell: true });
    expect(await screen.findByRole('heading', { name: 'Something went wrong on this page' })).toBeTruthy();
    expect(screen.getByText('Cannot read properties of undefined')).toBeTruthy();
    expect(screen.queryByText(NEW_VERSION_TITLE)).toBeNull();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' }).getAttribute('href')).toBe('/admin');
    // Inside the shell the shell's main landmark holds it.
    expect(screen.queryAllByRole('main')).toHaveLength(0);
  });

  it('tells a stale chunk from other errors', () => {
    expect(isStaleChunkError(new TypeError('Failed to fetch dynamically imported module: /assets/a.js'))).toBe(true);
    expect(isStaleChunkError(new Error('Unable to preload CSS for /assets/a.css'))).toBe(true);
    expect(isStaleChunkError(new TypeError('Failed to fetch'))).toBe(false);
    expect(isStaleChunkError(new Error('Not found.'))).toBe(false);
    expect(isStaleChunkError('Importing a module script failed.')).toBe(false);
    expect(isStaleChunkError(null)).toBe(false);
  });
});
