import { expect, test } from './clock';
import { MSG } from '../core/messages';
import { officeApi } from './fixtures';
import { expectAccessible, expectNoHorizontalScroll, signIn } from './support';

// Staff run the office; administrators also decide who can do what. Staff see only what they may use.
test('staff see the menus, cards and buttons that fit their role; administrators see the rest', async ({ page }) => {
  const tag = Date.now().toString(36);
  const office = await officeApi();
  const res = await office.post('/api/accounts', {
    data: { kind: 'student', fullName: `Staff Edits ${tag}`, email: `staff-edits-${tag}@campus.test`, contactNumber: '09175550200' },
  });
  expect(res.ok(), await res.text()).toBe(true);
  await office.dispose();

  await signIn(page, '/admin-login', 'staff@campus.test', 'staff123');
  await expect(page).toHaveURL(/\/admin$/);

  // Settings: their own profile and password, no site cards they could not save.
  await page.goto('/admin/settings');
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Update Profile' })).toBeVisible();
  for (const heading of ['Site availability', 'Office details', 'Campus map']) {
    await expect(page.getByRole('heading', { name: heading })).toHaveCount(0);
  }
  await expect(page.getByRole('switch', { name: 'Maintenance mode' })).toHaveCount(0);
  await expectAccessible(page);

  // The administrators' list is read-only for staff.
  await page.goto('/admin/users/admins');
  await expect(page.getByText('Alma Reyes', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: /^(Edit|Delete) / })).toHaveCount(0);
  await expectAccessible(page);

  // Students they may edit, but not give another role.
  await page.goto('/admin/users/faculty');
  await page.getByRole('searchbox', { name: 'Search users' }).fill(tag);
  await page.getByRole('button', { name: `Edit Staff Edits ${tag}` }).click();
  const edit = page.getByRole('dialog', { name: `Edit Staff Edits ${tag}` });
  await expect(edit.getByLabel('Full Name')).toBeVisible();
  await expect(edit.getByRole('combobox', { name: 'Role' })).toHaveCount(0);
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('button', { name: `Delete Staff Edits ${tag}` })).toBeVisible();

  // Add User offers students, faculty and personnel, not administrators.
  await page.goto('/admin');
  await page.getByRole('button', { name: 'Add User' }).click();
  const add = page.getByRole('dialog', { name: 'Add User' });
  for (const kind of ['Student', 'Faculty', 'Personnel']) await expect(add.getByRole('radio', { name: kind })).toHaveCount(1);
  await expect(add.getByRole('radio', { name: 'Administrator' })).toHaveCount(0);
  await expectAccessible(page);
  await page.setViewportSize({ width: 360, height: 740 });
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);
  await add.getByRole('button', { name: 'Cancel' }).click();
  await page.goto('/admin/settings');
  await expect(page.getByRole('button', { name: 'Update Profile' })).toBeVisible();
  await expectNoHorizontalScroll(page);
});

test('an administrator adds a faculty member from Add User, is told a contact number is invalid, and sees the site settings', async ({
  page,
}) => {
  const tag = Date.now().toString(36);
  await signIn(page, '/admin-login', 'admin@campus.test', 'admin123');
  await expect(page).toHaveURL(/\/admin$/);
  await page.getByRole('button', { name: 'Add User' }).click();
  const add = page.getByRole('dialog', { name: 'Add User' });
  await expect(add.getByRole('radio', { name: 'Administrator' })).toHaveCount(1);
  await add.getByText('Faculty', { exact: true }).click();
  await add.getByLabel('Full Name').fill(`New Faculty ${tag}`);
  await add.getByLabel('Email').fill(`faculty-${tag}@campus.test`);
  // What was typed stays and is refused in words, as in Add Personnel, never dropped silently.
  await add.getByLabel('Contact Number').fill('abc');
  await add.getByRole('button', { name: 'Add User' }).click();
  await expect(add.getByRole('alert')).toContainText(MSG.contactInvalid);
  await expect(add.getByLabel('Contact Number')).toHaveValue('abc');
  await add.getByLabel('Contact Number').fill('0917 555 0201');
  await add.getByRole('button', { name: 'Add User' }).click();
  await expect(page.getByText(MSG.userAdded)).toBeVisible();
  await page.goto(`/admin/users/faculty?q=${tag}`);
  const row = page.getByText(`New Faculty ${tag}`, { exact: true });
  await expect(row).toBeVisible();
  await expect(page.getByText('Faculty', { exact: true }).last()).toBeVisible();
  await expect(page.getByText(/09175550201/)).toBeVisible();

  await page.goto('/admin/settings');
  for (const heading of ['Site availability', 'Office details', 'Campus map']) {
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
  }
});

test('an administrator deactivates a staff account: its sign-in is refused in words, and reactivating lets it back in', async ({
  page,
  browser,
}) => {
  const tag = Date.now().toString(36);
  const email = `deactivated-${tag}@campus.test`;
  const office = await officeApi();
  const made = await office.post('/api/accounts/personnel', {
    data: { fullName: `Leaving Person ${tag}`, email, contactNumber: '09175550300', password: 'leaving123', jobType: 'driver' },
  });
  expect(made.ok(), await made.text()).toBe(true);
  await office.dispose();

  await signIn(page, '/admin-login', 'admin@campus.test', 'admin123');
  await page.goto(`/admin/users/personnel?q=${tag}`);
  await page.getByRole('button', { name: `Deactivate Leaving Person ${tag}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Deactivate user' });
  await expect(confirm).toContainText(MSG.deactivateUserConfirm(`Leaving Person ${tag}`));
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'Deactivate' }).click();
  await expect(page.getByText('Deactivated', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: `Reactivate Leaving Person ${tag}` })).toBeVisible();

  const them = await (await browser.newContext()).newPage();
  await signIn(them, '/personnel-login', email, 'leaving123');
  await expect(them.getByText(MSG.accountDeactivated)).toBeVisible();
  await expect(them).toHaveURL(/\/personnel-login$/);

  await page.setViewportSize({ width: 360, height: 740 });
  await expectNoHorizontalScroll(page);
  await page.getByRole('button', { name: `Reactivate Leaving Person ${tag}` }).click();
  await page.getByRole('dialog', { name: 'Reactivate user' }).getByRole('button', { name: 'Reactivate' }).click();
  await expect(page.getByText('Deactivated', { exact: true })).toHaveCount(0);
  // Back in: the first sign-in of a personnel member goes on to verify the email.
  await signIn(them, '/personnel-login', email, 'leaving123');
  await expect(them).toHaveURL(/\/verify-personnel-email$/);
});
