// Webhooks (docs/decisions/webhooks.md): an administrator allows the test's receiver as an on-campus host, registers a
// webhook to it for approved requests, sees the secret once, approves a request on the board, and finds the
// delivery in the webhook's log (delivered, HTTP 200) with a signature the receiver verifies; Resend sends the same
// message again. The webhook is deleted and the setting put back at the end, so the journey runs beside the others.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { expect, test } from './clock';
import { apiAs, fileRequest } from './fixtures';
import { expectAccessible, expectNoHorizontalScroll, signIn } from './support';

interface Received {
  headers: Record<string, string>;
  body: string;
}

test('an administrator registers a webhook and sees a delivery in its log after approving a request', async ({ page }) => {
  test.setTimeout(180_000);
  const received: Received[] = [];
  const receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push({ headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)])), body });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/gso-events`;

  try {
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, '/admin-login', 'admin', 'admin123');
    await expect(page).toHaveURL(/\/admin$/);

    // The receiver is on this machine: an administrator allows its host first.
    const before = (await (await page.request.get('/api/webhooks/allowed-hosts')).json()).hosts as string[];
    await page.goto('/admin/settings');
    const hosts = page.getByRole('region', { name: 'Webhooks: allowed on-campus hosts' });
    await hosts.getByRole('textbox', { name: 'Allowed hosts' }).fill([...before.filter((h) => h !== '127.0.0.1'), '127.0.0.1'].join('\n'));
    await hosts.getByRole('button', { name: 'Save Allowed Hosts' }).click();
    await expect(page.getByText('The allowed on-campus hosts are saved.')).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('link', { name: 'Webhooks' }).click();
    await expect(page.getByRole('heading', { name: 'Webhooks' })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Add Webhook' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Webhook' });
    await dialog.getByRole('textbox', { name: 'Address (URL)' }).fill(url);
    await dialog.getByRole('textbox', { name: 'Description' }).fill('Journey receiver');
    await dialog.getByRole('checkbox', { name: 'All events, including ones added later' }).uncheck();
    // No event chosen: the form says so.
    await dialog.getByRole('button', { name: 'Add Webhook' }).click();
    await expect(dialog.getByText('Choose at least one event, or All events.')).toBeVisible();
    await dialog
      .getByRole('group', { name: 'Borrow requests' })
      .getByRole('checkbox', { name: /^Approved/ })
      .check();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Add Webhook' }).click();

    const shown = page.getByRole('dialog', { name: `Webhook added: ${url}` });
    const secretBox = shown.getByRole('textbox', { name: 'Signing secret' });
    await expect(secretBox).toHaveValue(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const secret = await secretBox.inputValue();
    await expectAccessible(page);
    await shown.getByRole('button', { name: 'Done' }).click();
    const row = page.getByRole('row').filter({ hasText: url });
    await expect(row).toContainText('Active');
    await expect(row).toContainText('Borrow requests: Approved');

    // A request of its own, approved on the board.
    const request = await fileRequest(await apiAs('faculty@campus.test', 'faculty123', 'user'), [['Broom', 1]], 'Webhook journey');
    await page.goto('/admin/requests');
    await page.getByRole('searchbox', { name: 'Search requests' }).fill(request.code);
    const card = page.getByRole('article', { name: request.code, exact: true });
    await card.getByRole('button', { name: 'Approve' }).click();
    await page
      .getByRole('dialog', { name: `Approve ${request.code}` })
      .getByRole('button', { name: 'Approve Selected' })
      .click();
    await expect(page.getByRole('dialog', { name: `Approve ${request.code}` })).toBeHidden();

    // The receiver gets it, signed: Standard Webhooks' verify accepts it with the secret shown once.
    const ours = () =>
      received.filter((r) => {
        const event = new Webhook(secret).verify(r.body, r.headers) as { type: string; data: { code: string } };
        return event.type === 'request.approved' && event.data.code === request.code;
      });
    await expect.poll(() => ours().length, { timeout: 20_000 }).toBe(1);
    const messageId = ours()[0]!.headers['webhook-id']!;

    await page.getByRole('link', { name: 'Webhooks' }).click();
    await row.getByRole('button', { name: `Delivery log of ${url}` }).click();
    const log = page.getByRole('dialog', { name: `Delivery log: ${url}` });
    const delivery = log.getByRole('row').filter({ hasText: messageId });
    await expect(delivery).toContainText('Borrow requests: Approved');
    await expect(delivery).toContainText('Delivered');
    await expect(delivery).toContainText('HTTP 200');
    await expect(delivery.getByRole('cell').nth(3)).toHaveText('1');
    await expectAccessible(page);

    // Resend: the same message id again, and the log counts the second attempt.
    await delivery.getByRole('button', { name: /^Resend/ }).click();
    await expect.poll(() => ours().length, { timeout: 20_000 }).toBe(2);
    expect(ours()[1]!.headers['webhook-id']).toBe(messageId);
    await expect(delivery.getByRole('cell').nth(3)).toHaveText('2');
    await expect(delivery).toContainText('Delivered');
    // The log at 360 px: its rows become cards, still accessible.
    await page.setViewportSize({ width: 360, height: 800 });
    await expectAccessible(page);
    await page.setViewportSize({ width: 1280, height: 900 });
    await log.getByRole('button', { name: 'Close' }).click();

    // At 360 px: no sideways scroll, still accessible.
    await page.setViewportSize({ width: 360, height: 800 });
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
    await page.setViewportSize({ width: 1280, height: 900 });

    // Deleted after a confirmation.
    await row.getByRole('button', { name: `Delete ${url}` }).click();
    await page
      .getByRole('dialog', { name: `Delete the webhook ${url}?` })
      .getByRole('button', { name: 'Delete Webhook' })
      .click();
    await expect(row).toHaveCount(0);
    await page.request.put('/api/webhooks/allowed-hosts', { data: { hosts: before.join('\n') } });
  } finally {
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  }
});
