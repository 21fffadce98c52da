import { Stack } from '@mantine/core';
import { MemoryRouter } from 'react-router';
import { FIRST_CHART_PERIOD } from '../../core/dashboard/chartSummaries';
import { headOf } from '../../core/site/pageHeads';
import { PageHeader } from '../ui/PageHeader';
import { PortalShell } from './PortalShell';
import type { PortalFrame } from '../ui/portalFrame';
import { Providers } from './providers';

/**
 * A signed-in portal page as it arrives, before any script has run (docs/performance.md): the portal's frame and,
 * at a screen's plain address, the screen's heading (core/site/pageHeads.ts, which the screen shows too), drawn by
 * the app's own components. scripts/prerender-portals.tsx renders it at build time; the app's first render replaces
 * it (client/main.tsx). A dashboard greets the person below its title: the line is kept for the name.
 */
export function DrawnPortalPage({ frame, path }: { frame: PortalFrame; path: string }) {
  const head = headOf(path);
  return (
    <Providers notices={false}>
      <MemoryRouter initialEntries={[path]}>
        <PortalShell {...frame} drawn>
          {head && (
            <Stack>
              <PageHeader title={head.title} subtitle={head.welcome ? '\u00a0' : head.subtitle} />
            </Stack>
          )}
        </PortalShell>
      </MemoryRouter>
    </Providers>
  );
}

/**
 * What the busiest screens ask for first at their plain address, exactly as they ask for it: their drawn page
 * preloads it, and e2e/portal-loading.spec.ts checks that each is the request the screen makes, so it is used.
 */
export const FIRST_DATA: Record<string, string[]> = {
  // A dashboard's chart, whose summary in words is the largest thing on a phone's first screen.
  '/users': ['/api/dashboard/user', `/api/dashboard/charts/user?period=${FIRST_CHART_PERIOD}`, '/api/activity?page=1&pageSize=5'],
  '/users/borrow-item': ['/api/items?category=all&page=1&pageSize=24'],
  '/personnel': ['/api/designations', `/api/dashboard/charts/personnel?period=${FIRST_CHART_PERIOD}`, '/api/activity?page=1&pageSize=5'],
  '/personnel/maintenance-repairs': ['/api/repairs/assigned?status=all&page=1&pageSize=20'],
  '/admin': ['/api/dashboard/admin', `/api/dashboard/charts/office?period=${FIRST_CHART_PERIOD}`, '/api/activity?page=1&pageSize=5'],
  '/admin/requests': ['/api/borrow-requests?status=all&page=1&pageSize=20'],
  '/admin/inventory': ['/api/items?category=all&page=1&pageSize=20'],
};
