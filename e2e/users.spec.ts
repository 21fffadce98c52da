import { expect, test } from './clock';
import { MSG } from '../core/messages';
import { officeApi } from './fixtures';
import { codeFromMail, expectAccessible, expectNoHorizontalScroll, signIn } from './support';

// User management and personnel designations (docs/product.md). The journey makes its own people.
test('an admin edits and deletes people, keeps designations on the dashboard, and personnel see theirs', async ({ page, browser }) => {
  // A long journey across three screens and two portals, with axe on each.
  test.setTimeout(180_000);
  const tag = Date.now().toString(36);
  const office = await officeApi();
  const add = async (data: Record<string, string>, url = '/api/accounts') => {
    const res = await office.post(url, { data });
    expect(res.ok(), await res.text()).toBe(true);
    return (await res.json()).account as { id: number; fullName: string };
  };
  const editMe = await add({ kind: 'student', fullName: `Edit Me ${tag}`, email: `edit-${tag}@campus.test`, contactNumber: '09175550100' });
  await add({ kind: 'student', fullName: `Delete Me ${tag}`, email: `delete-${tag}@campus.test`, contactNumber: '09175550101' });
  const worker = await add(
    {
      fullName: `Designated ${tag}`,
      email: `designated-${tag}@campus.test`,
      contactNumber: '09175550102',
      password: 'worker123',
      jobType: 'carpenter',
    },
    '/api/accounts/personnel',
  );
  await office.dispose();

  await signIn(page, '/admin-login', 'admin@campus.test', 'admin123');
  await expect(page).toHaveURL(/\/admin$/);

  // Edit a person.
  await page.goto('/admin/users/faculty');
  await expect(page.getByRole('navigation', { name: 'breadcrumb' }).or(page.getByText('User Management').first())).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search users' }).fill(tag);
  await expect(page.getByText(editMe.fullName, { exact: true })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: `Edit ${editMe.fullName}` }).click();
  const dialog = page.getByRole('dialog', { name: `Edit ${editMe.fullName}` });
  await dialog.getByLabel('Full Name').fill('');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(dialog.getByRole('alert')).toContainText(MSG.fullNameRequired);
  await expectAccessible(page);
  await dialog.getByLabel('Full Name').fill(`Edited ${tag}`);
  await dialog.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'Faculty' }).click();
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(MSG.userUpdated)).toBeVisible();
  await expect(page.getByText(`Edited ${tag}`, { exact: true })).toBeVisible();

  // Delete one after confirming.
  await page.getByRole('button', { name: `Delete Delete Me ${tag}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete user' });
  await expect(confirm).toContainText(MSG.deleteUserConfirm(`Delete Me ${tag}`));
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(MSG.userDeleted)).toBeVisible();
  await expect(page.getByText(`Delete Me ${tag}`, { exact: true })).toBeHidden();

  await page.setViewportSize({ width: 360, height: 740 });
  await expectNoHorizontalScroll(page);
  await page.setViewportSize({ width: 1280, height: 800 });

  // Designations on the dashboard: add, edit with Enter, cancel with Escape, delete.
  await page.goto('/admin');
  await page.getByRole('button', { name: /Assign Personnel/ }).click();
  await expect(page.getByRole('heading', { name: MSG.designationsTitle })).toBeInViewport();
  // The journeys before this one add personnel, so this worker's card may be further down the list.
  const card = page.getByRole('region', { name: worker.fullName });
  await card.scrollIntoViewIfNeeded();
  await expect(card).toContainText('Carpenter');
  const newField = card.getByRole('textbox', { name: `New designation for ${worker.fullName}` });
  await newField.fill('   ');
  await newField.press('Enter');
  await expect(card).toContainText(MSG.noDesignations);
  await newField.fill('  Library, ground floor ');
  await newField.press('Enter');
  await expect(card.getByText('Library, ground floor', { exact: true })).toBeVisible();
  await newField.fill('Chapel');
  await card.getByRole('button', { name: 'Add' }).click();
  await expect(card.getByText('Chapel', { exact: true })).toBeVisible();

  await card.getByRole('button', { name: 'Edit designation Library, ground floor' }).click();
  const editField = card.getByRole('textbox', { name: 'Edit designation Library, ground floor' });
  await editField.fill('Library, all floors');
  await editField.press('Enter');
  await expect(card.getByText('Library, all floors', { exact: true })).toBeVisible();

  await card.getByRole('button', { name: 'Edit designation Chapel' }).click();
  const cancelField = card.getByRole('textbox', { name: 'Edit designation Chapel' });
  await cancelField.fill('Not saved');
  await expectAccessible(page);
  await cancelField.press('Escape');
  await expect(card.getByText('Chapel', { exact: true })).toBeVisible();
  await expect(card.getByText('Not saved')).toBeHidden();

  await card.getByRole('button', { name: 'Delete designation Chapel' }).click();
  await expect(card.getByText('Chapel', { exact: true })).toBeHidden();
  await expectAccessible(page);

  // Recent Activity pages by five.
  const feed = page.locator('.mantine-Card-root').filter({ has: page.getByRole('heading', { name: 'Recent Activity' }) });
  await expect(feed.getByText(/^Page 1 of \d+$/)).toBeVisible();
  await feed.getByRole('button', { name: 'Next' }).click();
  await expect(feed.getByText(/^Page 2 of \d+$/)).toBeVisible();
  await feed.getByRole('button', { name: 'Previous' }).click();
  await expect(feed.getByText(/^Page 1 of \d+$/)).toBeVisible();

  await page.setViewportSize({ width: 360, height: 740 });
  await expectNoHorizontalScroll(page);

  // The personnel member sees the designations grid, theirs among them, read-only.
  const person = await (await browser.newContext()).newPage();
  await signIn(person, '/personnel-login', `designated-${tag}@campus.test`, 'worker123');
  await expect(person).toHaveURL(/\/verify-personnel-email$/);
  await person.getByLabel('Verification code').fill(await codeFromMail(person, `designated-${tag}@campus.test`));
  await person.getByRole('button', { name: 'Verify' }).click();
  await expect(person).toHaveURL(/\/personnel$/);
  const mine = person.getByRole('region', { name: worker.fullName });
  await expect(mine.getByText('Library, all floors', { exact: true })).toBeVisible();
  await expect(mine.getByRole('button')).toHaveCount(0);
  await expect(person.getByText(/^Showing 1 to \d+ of \d+$/)).toBeVisible();
  await expectAccessible(person);
  await person.setViewportSize({ width: 360, height: 740 });
  await expectNoHorizontalScroll(person);
  await person.close();
});
