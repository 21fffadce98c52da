// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isStaleChunk, RouteError } from '../../client/app/RouteError';

const NEW_VERSION = 'A new version of Campus GSO is available';

/** A portal whose screen fails the way the browser fails it: the screen's lazy route throws. */
function openFailing(error: unknown) {
  const routes: RouteObject[] = [
    {
      path: '/admin',
      hydrateFallbackElement: <p>Loading</p>,
      errorElement: <RouteError home="/admin" />,
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
  render(
    <MantineProvider>
      <RouterProvider router={createMemoryRouter(routes, { initialEntries: ['/admin/borrow'] })} />
    </MantineProvider>,
  );
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
  ])('says a new version is available, with Reload, when a screen chunk fails to load (%s)', async (_browser, error) => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    openFailing(error);
    expect(await screen.findByRole('heading', { name: NEW_VERSION })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
  });

  it('says what went wrong otherwise, with a reload and the way back to the portal home', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    openFailing(new Error('Cannot read properties of undefined'));
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByText(/Cannot read properties of undefined/)).toBeTruthy();
    expect(screen.queryByText(NEW_VERSION)).toBeNull();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/admin');
  });

  it('tells a stale chunk from other errors', () => {
    expect(isStaleChunk(Object.assign(new Error('x'), { name: 'ChunkLoadError' }))).toBe(true);
    expect(isStaleChunk(new TypeError('Failed to fetch'))).toBe(false);
    expect(isStaleChunk(new Error('Not found.'))).toBe(false);
    expect(isStaleChunk(null)).toBe(false);
  });
});
