import { expect, test } from '@playwright/test';

// Issue 26 (docs/performance.md): a portal's first load is a few chunks, its screens and the component library's
// parts grouped by the portals that use them, preloaded with the page, and it carries no other portal's screens.
const PORTALS = [
  { portal: 'user', email: 'student@campus.test', password: 'student123', paths: ['/users', '/users/borrow-item'] },
  {
    portal: 'personnel',
    email: 'electrician@campus.test',
    password: 'personnel123',
    paths: ['/personnel', '/personnel/maintenance-repairs'],
  },
  { portal: 'admin', email: 'admin@campus.test', password: 'admin123', paths: ['/admin', '/admin/requests', '/admin/inventory'] },
] as const;

// Chunks are named by the portals that use them (scripts/portalChunks.ts): "admin", "admin-personnel", "all".
const portalsOfChunk = (url: string) => /\/assets\/((?:admin|personnel|user)(?:-(?:admin|personnel|user))*)-[\w-]{8}\.js$/.exec(url)?.[1];

for (const { portal, email, password, paths } of PORTALS) {
  for (const path of paths) {
    test(`${path}, signed in, loads at most 20 script files, its portal's chunk preloaded with the page, none of another portal's`, async ({
      page,
    }) => {
      expect((await page.request.post('/api/auth/login', { data: { email, password, portal } })).ok()).toBe(true);
      const scripts: string[] = [];
      const asked: string[] = [];
      page.on('requestfinished', (r) => {
        if (r.resourceType() === 'script') scripts.push(r.url());
      });
      page.on('request', (r) => {
        const url = new URL(r.url());
        if (url.pathname.startsWith('/api/')) asked.push(url.pathname + url.search);
      });
      const answer = await page.goto(path);
      const link = answer?.headers().link ?? '';
      expect(link).toMatch(new RegExp(`</assets/${portal}-[\\w-]{8}\\.js>; rel=modulepreload`));
      await expect(page.getByRole('main').getByRole('heading').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(scripts.length, scripts.join('\n')).toBeLessThanOrEqual(20);
      const named = scripts.map(portalsOfChunk);
      expect(named).toContain(portal);
      expect(named.filter((n) => n && !n.split('-').includes(portal))).toEqual([]);
      // The screen's first data came with the page, and it is the very request the screen makes: asked once, and
      // no other form of it asked after.
      const data = [...link.matchAll(/<(\/api\/[^>]+)>; rel=preload/g)].map((m) => m[1]).filter((u) => u !== '/api/auth/me');
      expect(data.length).toBeGreaterThan(0);
      for (const url of data) {
        expect(asked.filter((a) => a === url)).toHaveLength(1);
        expect(asked.filter((a) => a !== url && a.split('?')[0] === url.split('?')[0])).toEqual([]);
      }
    });
  }
}
