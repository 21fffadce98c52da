import { describe, expect, it } from 'vitest';
import { gunzipSync } from 'node:zlib';
import { portalShellPages } from '../../server/lib/portalShell';

const APP = '<!doctype html><html><head><link rel="stylesheet" href="/assets/app.css"></head><body><div id="root"></div></body></html>';

describe('the portal shell', () => {
  const shell = portalShellPages(APP);

  it("draws a screen's own heading, the same page for everyone", () => {
    const page = shell('/admin/requests')!;
    expect(page.html).toContain('<h1>Service Requests</h1><p>Approve, reject, remind on and verify borrow requests</p>');
    expect(shell('/admin/requests')).toBe(page);
    expect(shell('/admin/reports')).toBeUndefined();
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
