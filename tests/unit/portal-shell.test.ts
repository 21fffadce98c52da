import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { portalShellPages, SHELL_SCRIPT_SOURCE } from '../../server/lib/portalShell';

const APP =
  '<!doctype html><html><head><script type="module" crossorigin src="/assets/app-1.js"></script>\n<link rel="modulepreload" crossorigin href="/assets/a-1.js">\n' +
  '<link rel="stylesheet" crossorigin href="/assets/m.css">\n<link rel="stylesheet" crossorigin href="/assets/app.css"></head><body><div id="root"></div></body></html>';

describe('the portal shell', () => {
  const shell = portalShellPages(APP, (pathname) =>
    pathname.startsWith('/admin') ? ['/assets/admin-1.js', '/assets/app-1.js', '/assets/a-1.js'] : [],
  );

  it("draws a screen's own heading, the same page for everyone", () => {
    const page = shell('/admin/requests')!;
    expect(page.html).toContain('<h1>Service Requests</h1><p>Approve, reject, remind on and verify borrow requests</p>');
    expect(shell('/admin/requests')).toBe(page);
    expect(shell('/admin/reports')).toBeUndefined();
  });

  it("adds the app's stylesheets at once and asks for its code after the shell's first paint, by a script the page's CSP allows", () => {
    const { html } = shell('/admin/requests')!;
    // Nothing in the page itself holds the shell's first paint back: the stylesheets are only preloaded from the head.
    expect(html).not.toContain('<script type="module"');
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).not.toContain('rel="stylesheet"');
    expect(html).toContain(
      '<head><link rel="preload" as="style" crossorigin href="/assets/m.css">\n<link rel="preload" as="style" crossorigin href="/assets/app.css"></head>',
    );
    const [, styles, entry, preload, script] =
      /<script data-styles="([^"]*)" data-entry="([^"]*)" data-preload="([^"]*)">(.*)<\/script><\/body>/.exec(html)!;
    expect([styles, entry, preload]).toEqual(['/assets/m.css /assets/app.css', '/assets/app-1.js', '/assets/a-1.js /assets/admin-1.js']);
    expect(script).toContain("add(page.styles,'link','stylesheet','href');function go()");
    expect(script).toContain('requestAnimationFrame(function(){setTimeout(go)})');
    expect(SHELL_SCRIPT_SOURCE).toBe(`'sha256-${createHash('sha256').update(script).digest('base64')}'`);
  });

  it("greets the person on a dashboard, with their name escaped, as the app's own greeting reads, and says their charts in words", () => {
    const page = shell('/users', { fullName: 'Ana <b>"Reyes"</b> & co', words: ['You made 2 borrow requests & 1 <repair> report.'] })!;
    expect(page.html).toContain(
      '<h1>User Dashboard</h1><p>Welcome, Ana &lt;b&gt;"Reyes"&lt;/b&gt; &amp; co</p><div class="s-w"><p>You made 2 borrow requests &amp; 1 &lt;repair&gt; report.</p></div>',
    );
    expect(gunzipSync(page.gzip).toString()).toBe(page.html);
    expect(shell('/personnel', { fullName: null, words: [] })!.html).toContain('<p>Welcome, Personnel User</p></div>');
    // Nobody known (the session ended): the title alone, as before.
    expect(shell('/users')!.html).toContain('<h1>User Dashboard</h1></div>');
  });
});
