import { expect, test, type Locator, type Page } from '@playwright/test';
import { MSG } from '../core/messages';
import { ASSISTANT_MSG } from '../core/messages';
import { addItemsToCart, expectAccessible, signIn } from './support';

/** Whether a click at the control's centre reaches it (nothing floating lies over it). */
async function reachable(control: Locator) {
  await control.scrollIntoViewIfNeeded();
  return control.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return !!hit && (hit === el || el.contains(hit));
  });
}

const overlap = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function studentDashboard(page: Page) {
  await signIn(page, '/login', 'student@campus.test', 'student123');
  await page.getByRole('button', { name: 'Continue to Dashboard' }).click();
  await expect(page.getByRole('heading', { name: 'My Recent Activity' })).toBeVisible();
}

test('the chat button never covers Next of My Recent Activity, at 360, 1280 and 1440 px', async ({ page }) => {
  await studentDashboard(page);
  const feed = page.locator('.mantine-Card-root').filter({ has: page.getByRole('heading', { name: 'My Recent Activity' }) });
  const next = feed.getByRole('button', { name: 'Next' });
  for (const width of [1280, 1440, 360]) {
    await page.setViewportSize({ width, height: width === 360 ? 740 : 800 });
    await expect(next).toBeVisible();
    expect(await reachable(next), `Next at ${width} px`).toBe(true);
    await page.screenshot({ path: `test-results/floating-dashboard-${width}.png`, fullPage: false });
  }
  await expect(page.getByRole('button', { name: ASSISTANT_MSG.chatOpen })).toBeVisible();
});

test('at 360 px Review request and the chat button are stacked, neither covering the other', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await studentDashboard(page);
  await page.goto('/users/borrow-item');
  await addItemsToCart(page, 1);
  const review = page.getByRole('button', { name: /^Review request/ });
  const chat = page.getByRole('button', { name: ASSISTANT_MSG.chatOpen });
  await expect(review).toBeVisible();
  await expect(chat).toBeVisible();
  expect(overlap((await review.boundingBox())!, (await chat.boundingBox())!)).toBe(false);
  expect(await reachable(review)).toBe(true);
  expect(await reachable(chat)).toBe(true);
  await page.screenshot({ path: 'test-results/floating-borrow-360.png' });
  await expectAccessible(page);
});

test('a failed availability check on the landing page goes to /maintenance, as from /login, and is not asked again and again', async ({
  page,
}) => {
  let calls = 0;
  await page.route('**/api/site/status', (route) => {
    calls++;
    return route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"code":"internal","message":"down"}}' });
  });
  // The page's own clock, so that a minute of retries passes without waiting a minute.
  await page.clock.install();
  await page.goto('/');
  await expect.poll(async () => (await page.clock.runFor(1_000), new URL(page.url()).pathname), { timeout: 15_000 }).toBe('/maintenance');
  await expect(page.getByRole('heading', { name: MSG.maintenanceTitle })).toBeVisible();
  const settled = calls;
  // A minute, a few seconds at a time, each answer let in before the next step.
  for (let second = 0; second < 60; second += 5) {
    await page.clock.runFor(5_000);
    await page.waitForLoadState('networkidle');
  }
  // The maintenance page checks once (with its two retries, 1 s then 2 s apart), then waits for Try Again.
  expect(calls - settled).toBeLessThanOrEqual(3);
  expect(calls).toBeLessThanOrEqual(9);
});

test('personnel settings strip anything but digits from the contact number as it is typed', async ({ page }) => {
  await signIn(page, '/personnel-login', 'plumber@campus.test', 'personnel123');
  await page.goto('/personnel/settings');
  const contact = page.getByLabel('Contact Number');
  await contact.fill('');
  await contact.pressSequentially('0917-abc-555');
  await expect(contact).toHaveValue('0917555');
  await contact.fill('+63 917 123 4567');
  await expect(contact).toHaveValue('+639171234567');
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 800 });
    await page.screenshot({ path: `test-results/personnel-settings-${width}.png` });
  }
  await expectAccessible(page);
});

test('the repair form’s end-time message leaves once the end time is corrected', async ({ page }) => {
  await signIn(page, '/login', 'faculty@campus.test', 'faculty123');
  await page.getByRole('button', { name: 'Continue to Dashboard' }).click();
  await page.goto('/users/report-repairs');
  await page.getByLabel('Building').fill('Float Hall');
  await page.getByLabel('Room').fill('Room 1');
  await page.getByRole('combobox', { name: 'Preferred day' }).click();
  await page.getByRole('option', { name: 'Monday' }).click();
  await page.getByLabel('Start time').fill('10:00');
  await page.getByLabel('End time').fill('09:00');
  await page.getByLabel('Issue description').fill('The fan rattles.');
  await page.getByRole('button', { name: 'Submit Report' }).click();
  await expect(page.getByRole('alert')).toContainText(MSG.repairEndBeforeStart);
  await page.getByLabel('End time').fill('11:00');
  await expect(page.getByText(MSG.repairEndBeforeStart)).toBeHidden();
  await page.screenshot({ path: 'test-results/repair-form-1280.png' });
});

test('Register’s file-size message leaves once a file of the right size is chosen', async ({ page }) => {
  await page.goto('/register');
  await page.getByLabel('Full name').fill('Size Check');
  await page.getByLabel('Email').fill(`size-${Date.now().toString(36)}@campus.test`);
  await page.getByLabel('Contact number').fill('09175550000');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('size123');
  await page.getByRole('textbox', { name: 'Confirm password' }).fill('size123');
  await page.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'Student' }).click();
  await page.locator('#id-file').setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: Buffer.alloc(6 * 1024 * 1024) });
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByRole('alert')).toHaveText(MSG.idFileSize);
  await page.locator('#id-file').setInputFiles({ name: 'small.png', mimeType: 'image/png', buffer: Buffer.alloc(2048) });
  await expect(page.getByText(MSG.idFileSize)).toBeHidden();
});
