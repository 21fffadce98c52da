import { expect, test } from './clock';
import { MSG } from '../core/messages';
import { codeFromMail, expectAccessible, PNG, signIn } from './support';

test('a student registers with an ID, an admin accepts, the first sign-in verifies the email, then the dashboard', async ({
  page,
  browser,
}) => {
  const email = `reg${Date.now()}@campus.test`;
  await page.goto('/register');
  await expectAccessible(page);

  // Only the first failure shows, in the spec's order.
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByRole('alert')).toHaveText(MSG.fullNameRequired);
  await page.getByLabel('Full name').fill('Lea Santos');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Contact number').fill('09175550000');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('lea123');
  await page.getByRole('textbox', { name: 'Confirm password' }).fill('lea124');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByRole('alert')).toHaveText(MSG.passwordsDoNotMatch);
  await page.getByRole('textbox', { name: 'Confirm password' }).fill('lea123');
  await page.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'Student' }).click();
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByRole('alert')).toHaveText(MSG.idFileRequired);

  await page.locator('#id-file').setInputFiles({ name: 'my-id.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByText('my-id.png')).toBeVisible();
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText(MSG.registrationSuccess)).toBeVisible();

  // Before approval the account is refused with the pending dialog.
  await signIn(page, '/login', email, 'lea123');
  await expect(page.getByRole('dialog', { name: MSG.accountPendingTitle })).toBeVisible();

  // An admin views the ID and accepts.
  const admin = await (await browser.newContext()).newPage();
  await signIn(admin, '/admin-login', 'admin', 'admin123');
  await expect(admin).toHaveURL(/\/admin$/);
  await admin.goto('/admin/users/faculty');
  await expect(admin.getByText(email)).toBeVisible();
  await expectAccessible(admin);
  // An account that sent no ID says so, without asking the server for a file that is not there.
  const idFetches: string[] = [];
  admin.on('request', (r) => void (r.url().includes('/id-file') && idFetches.push(r.url())));
  await admin.getByRole('searchbox', { name: 'Search users' }).fill('pending@campus.test');
  await admin.locator('.mantine-Card-root', { hasText: 'pending@campus.test' }).getByRole('button', { name: 'View ID' }).click();
  await expect(admin.getByRole('dialog', { name: 'No ID Submitted' })).toContainText('This user has not submitted an ID for verification');
  await admin.getByRole('dialog').getByRole('button', { name: 'Close', exact: true }).last().click();
  expect(idFetches).toEqual([]);
  await admin.getByRole('searchbox', { name: 'Search users' }).fill(email);
  const card = admin.locator('.mantine-Card-root', { hasText: email });
  await card.getByRole('button', { name: 'View ID' }).click();
  await expect(admin.getByRole('img', { name: 'ID submitted by Lea Santos' })).toBeVisible();
  await expectAccessible(admin);
  await admin.getByRole('dialog').getByRole('button', { name: 'Accept' }).click();
  await admin.getByRole('dialog', { name: 'Accept registration' }).getByRole('button', { name: 'Accept' }).click();
  await expect(card.getByText('accepted')).toBeVisible();
  await admin.close();

  // The first sign-in leads to verification; the code comes from the mail.
  await page.goto('/login');
  await signIn(page, '/login', email, 'lea123');
  await expect(page).toHaveURL(/\/verify-email$/);
  await expect(page.getByText(email)).toBeVisible();
  await expectAccessible(page);
  const code = await codeFromMail(page, email);
  const verify = page.getByRole('button', { name: 'Verify' });
  await page.getByLabel('Verification code').fill('12ab');
  await expect(page.getByLabel('Verification code')).toHaveValue('12');
  await expect(verify).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Resend Code' })).toBeDisabled();
  const wrong = code === '000000' ? '111111' : '000000';
  await page.getByLabel('Verification code').fill(wrong);
  await verify.click();
  await expect(page.getByRole('alert')).toContainText(MSG.verificationFailed);
  await expect(page.getByText('4 verification attempts remaining')).toBeVisible();
  await page.getByLabel('Verification code').fill(code);
  await verify.click();
  await expect(page).toHaveURL(/\/users$/);
  await expect(page.getByRole('heading', { name: 'User Dashboard' })).toBeVisible();
  await expect(page.getByRole('banner').getByText('Lea Santos')).toBeVisible();
});

test('a pending account is refused with the Account Pending Approval dialog', async ({ page }) => {
  await signIn(page, '/login', 'pending@campus.test', 'student123');
  const dialog = page.getByRole('dialog', { name: MSG.accountPendingTitle });
  await expect(dialog).toContainText('pending admin approval');
  await expectAccessible(page);
  await expect(page).toHaveURL(/\/login$/);
});
