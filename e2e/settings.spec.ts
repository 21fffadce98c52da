import { expect, request, test, type Page } from './clock';
import { MSG } from '../core/messages';
import { apiAs, approveAll, fileRequest, officeApi } from './fixtures';
import { JOURNEY_PASSWORD, JOURNEY_PEOPLE } from './journeyData';
import { expectAccessible, expectNoHorizontalScroll, PNG, signIn } from './support';

async function mailLink(page: Page, to: string): Promise<string> {
  const admin = await request.newContext({ baseURL: new URL(page.url()).origin });
  expect((await admin.post('/api/auth/login', { data: { email: 'admin@campus.test', password: 'admin123', portal: 'admin' } })).ok()).toBe(
    true,
  );
  let link = '';
  await expect(async () => {
    const items: { subject: string; body: string }[] = (await (await admin.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`)).json())
      .items;
    link = items.find((m) => m.subject.includes('new Campus GSO password'))?.body.match(/https?:\/\/\S+/)?.[0] ?? '';
    expect(link).toContain('/reset-password?token=');
  }).toPass({ timeout: 5000 });
  await admin.dispose();
  return new URL(link).pathname + new URL(link).search;
}

test('a user changes their password in Settings and signs in with the new one', async ({ page }) => {
  const { email } = JOURNEY_PEOPLE.changesPassword;
  await signIn(page, '/login', email, JOURNEY_PASSWORD);
  await page.getByRole('button', { name: 'Continue to Dashboard' }).click();
  await page.getByRole('button', { name: /^Account menu of/ }).click();
  await page.getByRole('menuitem', { name: 'Profile Settings' }).click();
  await expect(page).toHaveURL(/\/users\/settings$/);
  await expect(page.getByRole('heading', { name: 'Profile Information' })).toBeVisible();
  await expect(page.getByLabel('User ID')).toHaveAttribute('readonly', '');
  await expectAccessible(page);

  // Letters in the contact number are refused in words, not dropped; spaces and dashes are fine.
  await page.getByLabel('Contact Number').fill('0917-555 12ab34');
  await page.getByLabel('Full Name').fill('Journey Renamed');
  await page.getByRole('button', { name: 'Update Profile' }).click();
  await expect(page.getByText(MSG.contactInvalid)).toBeVisible();
  await expect(page.getByLabel('Contact Number')).toHaveValue('0917-555 12ab34');
  await page.getByLabel('Contact Number').fill('0917-555 1234');
  // The banner is about the contact number: correcting it takes the banner down.
  await expect(page.getByText(MSG.contactInvalid)).toBeHidden();
  // Without a connection the toast says so, as on every screen.
  await page.route('**/api/me/profile', (route) => route.abort('internetdisconnected'));
  await page.getByRole('button', { name: 'Update Profile' }).click();
  await expect(page.getByRole('alert').filter({ hasText: MSG.connectionError })).toContainText(MSG.unableToConnect);
  await page.unroute('**/api/me/profile');
  await page.getByRole('button', { name: 'Update Profile' }).click();
  await expect(page.getByText(MSG.profileUpdated)).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Contact Number')).toHaveValue('09175551234');
  await expect(page.getByRole('banner').getByText('Journey Renamed')).toBeVisible();

  // The header's Change Password brings the password card up with its first field focused.
  await page.getByRole('button', { name: /^Account menu of/ }).click();
  await page.getByRole('menuitem', { name: 'Change Password' }).click();
  await expect(page.getByLabel('Current Password')).toBeFocused();
  const update = page.getByRole('button', { name: 'Update Password' });
  await expect(update).toBeDisabled();
  await page.getByLabel('Current Password').fill(JOURNEY_PASSWORD);
  await page.getByLabel(/^New Password/).fill('abc');
  await page.getByLabel('Confirm New Password').fill('abc');
  await update.click();
  await expect(page.getByRole('alert').filter({ hasText: MSG.newPasswordTooShort })).toBeVisible();
  await page.getByLabel(/^New Password/).fill('journey456');
  await page.getByLabel('Confirm New Password').fill('journey456');
  await update.click();
  await expect(page.getByText(MSG.passwordUpdated)).toBeVisible();
  await expect(page.getByLabel('Current Password')).toHaveValue('');

  await page.getByRole('button', { name: 'Logout' }).click();
  await signIn(page, '/login', email, JOURNEY_PASSWORD);
  await expect(page.getByRole('alert')).toContainText(MSG.invalidCredentials);
  await signIn(page, '/login', email, 'journey456');
  await expect(page.getByRole('dialog', { name: MSG.loginSuccess })).toBeVisible();
});

test('an account with items out cannot be deleted; one without can, and it cannot sign in again', async ({ page, browser }) => {
  const borrower = await (await browser.newContext()).newPage();
  await signIn(borrower, '/login', 'student@campus.test', 'student123');
  await borrower.getByRole('button', { name: 'Continue to Dashboard' }).click();
  await expect(borrower).toHaveURL(/\/users$/);
  await borrower.goto('/users/settings');
  await borrower.getByRole('button', { name: 'Delete Account' }).click();
  await expect(borrower.getByText(MSG.deleteAccountConfirm)).toBeVisible();
  await borrower.getByRole('dialog').getByRole('button', { name: 'Delete Account' }).click();
  await expect(borrower.getByRole('alert').filter({ hasText: 'cannot be deleted while you have' }).first()).toBeVisible();
  await borrower.close();

  const { email } = JOURNEY_PEOPLE.deletesAccount;
  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(page, '/login', email, JOURNEY_PASSWORD);
  await page.getByRole('button', { name: 'Continue to Dashboard' }).click();
  await expect(page).toHaveURL(/\/users$/);
  await page.goto('/users/settings');
  await expect(page.getByRole('heading', { name: 'Delete Account' })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await page.getByRole('button', { name: 'Delete Account' }).click();
  await expectAccessible(page);
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await page.getByRole('button', { name: 'Delete Account' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete Account' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText(MSG.accountDeleted)).toBeVisible();
  await signIn(page, '/login', email, JOURNEY_PASSWORD);
  await expect(page.getByRole('alert')).toContainText(MSG.invalidCredentials);
});

test('My Requests and Delete Account give the same figures: items not yet returned, and returns waiting for the office’s check', async ({
  page,
}) => {
  const { email } = JOURNEY_PEOPLE.keepsItems;
  const office = await officeApi();
  const made = await office.post('/api/items', {
    data: { name: `Mop bucket ${Date.now()}`, category: 'Janitorial', quantity: 9, minStock: 1 },
  });
  expect(made.status(), await made.text()).toBe(201);
  const item = (await made.json()).item as { id: number; name: string };
  const me = await apiAs(email, JOURNEY_PASSWORD, 'user');
  const loan = await approveAll(office, await fileRequest(me, [[item.name, 5]], 'Orientation booth'));
  // Two of the five come back; the office has not checked them yet.
  const back = await me.post(`/api/borrow-requests/${loan.id}/return`, {
    multipart: {
      proof: { name: 'proof.png', mimeType: 'image/png', buffer: PNG },
      return: JSON.stringify({ items: [{ lineId: loan.items[0].id, quantity: 2 }] }),
    },
  });
  expect(back.ok(), await back.text()).toBe(true);

  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(page, '/login', email, JOURNEY_PASSWORD);
  await page.getByRole('button', { name: 'Continue to Dashboard' }).click();
  await page.goto('/users/requests');
  const banner = page.getByRole('alert').filter({ hasText: 'Items to return' });
  await expect(banner).toContainText(`${MSG.unreturnedBanner(3)} ${MSG.returnsAwaitingCheck(2)}`);
  await expectAccessible(page);

  await page.goto('/users/settings');
  await page.getByRole('button', { name: 'Delete Account' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete Account' }).click();
  const refusal = page.getByRole('alert').filter({ hasText: 'cannot be deleted' }).first();
  await expect(refusal).toContainText(MSG.accountHasLoans({ notReturned: 3, awaitingCheck: 2 }));
  await expect(refusal).toContainText('3 borrowed items not yet returned and 2 returned items waiting for the office’s check');
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);
});

test('a forgotten password is reset from the emailed link, which works once', async ({ page }) => {
  const { email } = JOURNEY_PEOPLE.forgetsPassword;
  await page.goto('/personnel-login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText(MSG.resetLinkSent)).toBeVisible();

  const link = await mailLink(page, email);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await page.getByLabel(/^New Password/).fill('forgot456');
  await page.getByLabel('Confirm New Password').fill('forgot457');
  await page.getByRole('button', { name: 'Set New Password' }).click();
  await expect(page.getByRole('alert').filter({ hasText: MSG.newPasswordMismatch })).toBeVisible();
  await page.getByLabel('Confirm New Password').fill('forgot456');
  await page.getByRole('button', { name: 'Set New Password' }).click();
  await expect(page.getByText(MSG.passwordReset)).toBeVisible();
  await page.getByRole('link', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/personnel-login$/);
  await page.getByLabel('Username').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('forgot456');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/personnel$/);

  await page.goto(link);
  await expect(page.getByText(MSG.resetLinkInvalid)).toBeVisible();
});
