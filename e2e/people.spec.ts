import { expect, request, test, type Page } from './clock';
import { MSG } from '../core/messages';
import { codeFromMail, expectAccessible, signIn } from './support';

async function passwordLinkFor(page: Page, to: string): Promise<string> {
  const admin = await request.newContext({ baseURL: new URL(page.url()).origin });
  expect((await admin.post('/api/auth/login', { data: { email: 'admin@campus.test', password: 'admin123', portal: 'admin' } })).ok()).toBe(
    true,
  );
  let link = '';
  await expect(async () => {
    const items: { body: string }[] = (await (await admin.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`)).json()).items;
    link = items.map((m) => m.body.match(/https?:\/\/\S+reset-password\?token=\S+/)?.[0]).find(Boolean) ?? '';
    expect(link).toBeTruthy();
  }).toPass({ timeout: 5000 });
  await admin.dispose();
  return new URL(link).pathname + new URL(link).search;
}

test('an admin adds a personnel member, who signs in through email verification', async ({ page, browser }) => {
  await signIn(page, '/admin-login', 'admin@campus.test', 'admin123');
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto('/admin/users/personnel');
  await page.getByRole('button', { name: 'Add Personnel' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Personnel' });
  await dialog.getByLabel('Full Name').fill('Journey Added Personnel');
  await dialog.getByRole('button', { name: 'Add Personnel' }).click();
  await expect(dialog.getByRole('alert')).toContainText(MSG.allFieldsRequired);
  await dialog.getByLabel('Email').fill('journey-added-personnel@campus.test');
  await dialog.getByLabel('Contact Number').fill('09175550000');
  await dialog.getByRole('textbox', { name: 'Password' }).fill('abc');
  await dialog.getByRole('combobox', { name: 'Job Type' }).click();
  await page.getByRole('option', { name: 'Hvac technician' }).click();
  await dialog.getByRole('button', { name: 'Add Personnel' }).click();
  await expect(dialog.getByRole('alert')).toContainText(MSG.passwordTooShort);
  await expectAccessible(page);
  await dialog.getByRole('textbox', { name: 'Password' }).fill('added123');
  await dialog.getByRole('button', { name: 'Add Personnel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('journey-added-personnel@campus.test')).toBeVisible();

  const person = await (await browser.newContext()).newPage();
  await signIn(person, '/personnel-login', 'journey-added-personnel@campus.test', 'added123');
  await expect(person).toHaveURL(/\/verify-personnel-email$/);
  await person.getByLabel('Verification code').fill(await codeFromMail(person, 'journey-added-personnel@campus.test'));
  await person.getByRole('button', { name: 'Verify' }).click();
  await expect(person).toHaveURL(/\/personnel$/);
  await person.close();
});

test('an admin adds a student from Quick Actions, who chooses a password from the emailed link and signs in', async ({ page }) => {
  await signIn(page, '/admin-login', 'admin@campus.test', 'admin123');
  await expect(page).toHaveURL(/\/admin$/);
  await page.getByRole('button', { name: 'Add User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add User' });
  await dialog.getByLabel('Full Name').fill('Journey Added Student');
  await dialog.getByLabel('Email').fill('journey-added-student@campus.test');
  await dialog.getByLabel('Contact Number').fill('09175550001');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Add User' }).click();
  await expect(page.getByText(MSG.userAdded)).toBeVisible();

  const link = await passwordLinkFor(page, 'journey-added-student@campus.test');
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.goto(link);
  await page.getByLabel(/^New Password/).fill('student789');
  await page.getByLabel('Confirm New Password').fill('student789');
  await page.getByRole('button', { name: 'Set New Password' }).click();
  await page.getByRole('link', { name: 'Sign In' }).click();
  await signIn(page, '/login', 'journey-added-student@campus.test', 'student789');
  await page.getByRole('button', { name: 'Continue to Dashboard' }).click();
  await expect(page).toHaveURL(/\/users$/);
});
