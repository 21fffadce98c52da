import axe from 'axe-core';
import { expect, request, type Page } from '@playwright/test';

const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Fails on any WCAG 2.0/2.1/2.2 A or AA violation axe-core finds on the page as it is now. */
export async function expectAccessible(page: Page) {
  // Axe reads colours as drawn: a toast or dialog still fading in reads as too faint. Finite animations end first;
  // two frames before, so that a dialog just put in the page has started its transition (until then it is drawn
  // transparent with no animation running).
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await page
    .waitForFunction(
      () => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity),
      null,
      { timeout: 5_000 },
    )
    .catch(() => undefined);
  // axe-core run in the page itself, put there once per document: @axe-core/playwright injects it on every call
  // and finishes each run in a new blank page, which took two to three times as long on two busy cores. The only
  // frames are uploaded files shown in a viewer, not the product's own markup.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const violations = await page.evaluate(
    (tags) =>
      (window as unknown as { axe: typeof axe }).axe
        .run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'], iframes: false })
        .then((r) => r.violations),
    WCAG_AA,
  );
  const summary = violations.map(
    (v) =>
      `${v.id}: ${v.help} (${v.nodes
        .slice(0, 3)
        .map((n) => `${n.target.join(' ')} ${n.html.slice(0, 120)}`)
        .join(', ')})`,
  );
  expect(summary, 'axe-core violations').toEqual([]);
}

/** Nothing is wider than the viewport (checked at 360 px). */
export async function expectNoHorizontalScroll(page: Page) {
  // Polled: right after a resize the sidebar is still sliding out across the breakpoint, and on two busy cores a
  // slide can take seconds.
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), {
      message: 'page scrolls sideways',
      timeout: 10_000,
    })
    .toBeLessThanOrEqual(0);
}

/** The newest verification code mailed to this address (development outbox, which only admins may read). */
export async function codeFromMail(page: Page, email: string): Promise<string> {
  const baseURL = new URL(page.url()).origin;
  const admin = await request.newContext({ baseURL });
  const signedIn = await admin.post('/api/auth/login', { data: { email: 'admin@campus.test', password: 'admin123', portal: 'admin' } });
  expect(signedIn.ok()).toBe(true);
  let code: string | undefined;
  await expect(async () => {
    const res = await admin.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`);
    const items: { subject: string; body: string }[] = (await res.json()).items;
    code = items.find((m) => m.subject.includes('verification code'))?.body.match(/verification code is (\d{6})/)?.[1];
    expect(code).toBeTruthy();
  }).toPass({ timeout: 5000 });
  await admin.dispose();
  return code!;
}

export async function signIn(page: Page, path: string, identifier: string, password: string, opts: { remember?: boolean } = {}) {
  await page.goto(path);
  const field = page.getByLabel(path === '/login' ? 'Email' : 'Username');
  await field.fill(identifier);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  if (opts.remember) await page.getByLabel('Remember me').check();
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/auth/login'));
  await page.getByRole('button', { name: 'Sign In' }).click();
  const answer = await answered;
  // The sign-in pages run without the router: a staff sign-in loads the portal, and a test going elsewhere
  // before that load would cut it off. (The user login shows its dialog first; answers that fail stay.)
  if (answer.ok() && path !== '/login') await page.waitForURL((url) => url.pathname !== path);
}

/**
 * On Borrow Items, adds items to the cart from the top of the list until `n` are in it. An item that cannot be
 * borrowed answers with a notice, closed with OK. After each click it waits for the notice or for the card's
 * "In cart" label, whichever comes: the notice opens a moment after the click.
 */
export async function addItemsToCart(page: Page, n: number) {
  // A supply the person may not request has its Add button off (docs/decisions/supplies.md): passed over.
  const adds = page.getByRole('button', { name: /^Add .* to request$/, disabled: false });
  await expect(adds.first()).toBeVisible();
  const notice = page.getByRole('dialog');
  let added = 0;
  for (let i = 0; added < n; i++) {
    const add = adds.nth(i);
    await add.click();
    await expect(add.filter({ hasText: /^In cart:/ }).or(notice)).toBeVisible();
    if (await notice.isVisible()) {
      await notice.getByRole('button', { name: 'OK', exact: true }).click();
      await expect(notice).toBeHidden();
      continue;
    }
    added++;
  }
}

/** A tiny real PNG, for ID uploads. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** The notices ("Saved on this phone", "Not sent: ...") have closed by themselves: axe must not read one half faded. */
export async function untilNoticesClose(page: Page) {
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0);
}
