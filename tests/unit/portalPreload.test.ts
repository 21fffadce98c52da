import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { portalPreloads } from '../../server/lib/portalPreload';

describe("a portal page's preloads", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gso-manifest-'));
  fs.mkdirSync(path.join(dir, '.vite'));
  fs.writeFileSync(
    path.join(dir, '.vite', 'manifest.json'),
    JSON.stringify({
      'app.html': { file: 'assets/app-1.js', isEntry: true, imports: ['_providers-1.js'] },
      '_providers-1.js': { file: 'assets/providers-1.js', name: 'providers' },
      '_admin-1.js': { file: 'assets/admin-1.js', name: 'admin', imports: ['_all-1.js', 'app.html'] },
      '_all-1.js': { file: 'assets/all-1.js', name: 'all', imports: ['_providers-1.js', 'app.html'] },
      '_user-1.js': { file: 'assets/user-1.js', name: 'user', imports: ['_all-1.js'] },
      '_all-2.css': { file: 'assets/all-2.css', name: 'all' },
    }),
  );
  const { header: preloads, chunks } = portalPreloads(dir);

  it("names who is signed in and the portal's chunk with everything it imports, once each", () => {
    const header = preloads('/admin/requests', { withData: false, codeAfterPaint: false })!;
    expect(header.split(', ')).toEqual([
      '</api/auth/me>; rel=preload; as=fetch; crossorigin=anonymous',
      '</assets/admin-1.js>; rel=modulepreload',
      '</assets/all-1.js>; rel=modulepreload',
      '</assets/providers-1.js>; rel=modulepreload',
      '</assets/app-1.js>; rel=modulepreload',
    ]);
    expect(preloads('/users', { withData: false, codeAfterPaint: false })).toContain('</assets/user-1.js>');
    expect(preloads('/users', { withData: false, codeAfterPaint: false })).not.toContain('admin-1.js');
  });

  it('leaves the chunks out when the page asks for them after its first paint, and names them for it', () => {
    expect(preloads('/users', { withData: false, codeAfterPaint: true })).toBe(
      '</api/auth/me>; rel=preload; as=fetch; crossorigin=anonymous',
    );
    expect(chunks('/users/borrow-item')).toEqual(['/assets/user-1.js', '/assets/all-1.js', '/assets/providers-1.js', '/assets/app-1.js']);
    expect(chunks('/register')).toEqual([]);
  });

  it("adds a busy screen's first data when asked, and only for that screen", () => {
    expect(preloads('/admin/requests', { withData: true, codeAfterPaint: false })).toContain(
      ', </api/borrow-requests?status=all&page=1&pageSize=20>; rel=preload; as=fetch; crossorigin=anonymous',
    );
    expect(preloads('/admin/settings', { withData: true, codeAfterPaint: false })).not.toContain('/api/borrow-requests');
  });

  it('leaves other pages alone, and a portal without chunks asks only who is signed in', () => {
    expect(preloads('/register', { withData: true, codeAfterPaint: false })).toBeUndefined();
    expect(preloads('/administrator', { withData: true, codeAfterPaint: false })).toBeUndefined();
    expect(preloads('/personnel/schedule', { withData: true, codeAfterPaint: false })).toBe(
      '</api/auth/me>; rel=preload; as=fetch; crossorigin=anonymous',
    );
  });
});
