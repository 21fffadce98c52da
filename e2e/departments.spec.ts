// Departments (docs/decisions/departments.md): an administrator adds a department in Settings and gives it to a
// faculty member in People; the faculty member's request is charged to it at submit, the office's request list
// filtered by it shows the request, and Consumption by department counts it under the department. The journey makes
// its own person, item and department (unique names and code), so it runs beside the others.
import { expect, test, type Locator, type Page } from './clock';
import type { Department } from '../core/departments/schemas';
import { apiAs, approveAll, fileRequest, newFaculty, officeApi } from './fixtures';
import { expectAccessible, expectNoHorizontalScroll, signIn } from './support';

const PASSWORD = 'dept-journey1';

/** Chooses an option of a Mantine select by its label. */
async function choose(page: Page, combobox: Locator, option: string) {
  await combobox.click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(combobox).toHaveValue(option);
}

test('an administrator adds a department, gives it to a faculty member, and sees their request charged to it', async ({ page }) => {
  test.setTimeout(240_000); // a long journey on two busy cores
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 3)}`;
  const name = `Journey College ${tag}`;
  const code = `J${tag.toUpperCase()}`.slice(0, 10);
  const label = `${name} (${code})`;
  const person = `Dept Faculty ${tag}`;
  const email = `dept-faculty-${tag}@campus.test`;
  const item = `Dept Journey Easel ${tag}`;

  const office = await officeApi();
  await newFaculty(office, person, email, PASSWORD);
  const madeItem = await office.post('/api/items', { data: { name: item, category: 'Electrical', quantity: 3, minStock: 1 } });
  expect(madeItem.status(), await madeItem.text()).toBe(201);

  // Settings, the Departments card: added with its code typed in small letters, kept in capitals.
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, '/admin-login', 'admin', 'admin123');
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto('/admin/settings');
  const card = page.getByRole('region', { name: 'Departments' });
  await expect(card.getByRole('table', { name: 'Departments' })).toBeVisible();
  await card.getByRole('button', { name: 'Add Department' }).click();
  const add = page.getByRole('dialog', { name: 'Add Department' });
  await add.getByRole('textbox', { name: 'Name' }).fill(name);
  await add.getByRole('textbox', { name: 'Code' }).fill(code.toLowerCase());
  await expectAccessible(page);
  await add.getByRole('button', { name: 'Add Department' }).click();
  await expect(add).toBeHidden();
  const row = card.getByRole('row').filter({ hasText: name });
  await expect(row.getByRole('cell').nth(1)).toHaveText(code);
  await expect(row.getByRole('button', { name: `Edit ${name}` })).toBeVisible();
  await expectAccessible(page);
  const department = ((await (await office.get('/api/departments')).json()).items as Department[]).find((d) => d.code === code)!;
  expect(department, `department ${code}`).toBeTruthy();

  // The card at 360 px: no sideways scroll, its actions reachable, still accessible.
  await page.setViewportSize({ width: 360, height: 800 });
  await expectNoHorizontalScroll(page);
  await row.getByRole('button', { name: `Edit ${name}` }).scrollIntoViewIfNeeded();
  await expect(row.getByRole('button', { name: `Archive ${name}` })).toBeInViewport();
  await expectAccessible(page);
  await page.setViewportSize({ width: 1280, height: 900 });

  // People: the faculty member given the department from the edit dialog.
  await page.goto(`/admin/users/faculty?q=${tag}`);
  await page.getByRole('button', { name: `Edit ${person}` }).click();
  const edit = page.getByRole('dialog', { name: `Edit ${person}` });
  const select = edit.getByRole('combobox', { name: 'Department' });
  await expect(select).toHaveValue('');
  await choose(page, select, label);
  await expectAccessible(page);
  await page.setViewportSize({ width: 360, height: 800 });
  await expect(edit.getByRole('button', { name: 'Save Changes' })).toBeVisible();
  await expectAccessible(page);
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(edit).toBeHidden();
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(page.getByText(person, { exact: true })).toBeVisible();
  await expect(page.getByText(email)).toContainText(`· ${label}`);

  // The person files a request; it is charged to their department at submit. The office lends it.
  const faculty = await apiAs(email, PASSWORD, 'user');
  const filed = await fileRequest(faculty, [[item, 2]], `Department journey ${tag}`);
  expect(filed.departmentId).toBe(department.id);
  await approveAll(office, filed);

  // The office's request list, filtered by the department: this request, its card naming the department.
  await page.getByRole('link', { name: 'Borrow Requests', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/requests/);
  // The list's first answer first: a filter opened before it closed again when the board drew the cards.
  await expect(page.getByRole('article').first()).toBeVisible();
  await choose(page, page.getByRole('combobox', { name: 'Department filter' }), label);
  const requestCard = page.getByRole('article', { name: filed.code, exact: true });
  await expect(requestCard).toBeVisible();
  await expect(requestCard).toContainText(`Department: ${label}`);
  await expect(page.getByRole('article')).toHaveCount(1);

  // Reports: Consumption by department counts it under the department (1 request, 1 loan, 2 lent).
  await page.getByRole('link', { name: 'Reports', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();
  await choose(page, page.getByRole('combobox', { name: 'Report' }), 'Consumption by department');
  await expect(page.getByRole('heading', { name: 'Consumption by department', level: 2 })).toBeVisible();
  const table = page.getByRole('region', { name: 'Consumption by department, scrolls sideways' }).getByRole('table');
  const line = table.getByRole('row').filter({ hasText: label });
  await expect(line).toHaveCount(1);
  // Supplies issued and their cost follow the loans (docs/decisions/supplies.md): none here.
  await expect(line.getByRole('cell')).toHaveText([/\w{3} \d{4}/, label, '1', '1', '2', '0', '₱0.00']);
  await expectAccessible(page);

  // Grouped by term, the same figures under the department.
  await choose(page, page.getByRole('combobox', { name: 'Group by' }), 'Term');
  await expect(table.getByRole('columnheader').first()).toHaveText('Term');
  await expect(line.getByRole('cell')).toHaveText([/./, label, '1', '1', '2', '0', '₱0.00']);

  // The report at 360 px: the table scrolls within its own region, never the page.
  await page.setViewportSize({ width: 360, height: 800 });
  await expect(line).toBeVisible();
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);
  await office.dispose();
  await faculty.dispose();
});
