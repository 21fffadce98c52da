import { expect, test, type Locator, type Page } from './clock';
import { MSG } from '../core/messages';
import { apiAs, approveAll, fileRequest, officeApi } from './fixtures';
import { expectAccessible, expectNoHorizontalScroll, signIn } from './support';

// The office keeps its stock: add, edit, change the status of and delete an item (refused while on
// loan); a student can no longer request an item marked damaged; personnel see the counters and the loans.

const unique = (base: string) => `${base} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

async function searchFor(page: Page, name: string) {
  await page.getByRole('searchbox', { name: 'Search inventory' }).fill(name);
  await expect(page.getByRole('rowheader', { name, exact: true })).toBeVisible();
}

const toast = (page: Page, text: string) => page.locator('.mantine-Notification-root').filter({ hasText: text });

test('the office adds, edits, changes the status of an item, cannot delete it while on loan, and a student can no longer request it', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000); // a long journey through two portals, on a busy machine
  const name = unique('Wet Floor Sign');
  await signIn(page, '/admin-login', 'admin', 'admin123');
  await expect(page).toHaveURL(/\/admin$/);
  await page.getByRole('link', { name: 'Inventory', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Inventory', level: 1 })).toBeVisible();
  await expect(page.getByText('Total Items')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Inventory items' })).toBeVisible();
  await expectAccessible(page);

  // Add Item: each wrong field is marked with its message, then a confirm step.
  await page.getByRole('button', { name: 'Add Item' }).click();
  const form = page.getByRole('dialog', { name: 'Add New Item' });
  await form.getByRole('button', { name: 'Add Item' }).click();
  await expect(form.getByText(MSG.itemNameRequired)).toBeVisible();
  await expect(form.getByText(MSG.itemCategoryRequired)).toBeVisible();
  await expect(form.getByText(MSG.itemQuantityInvalid)).toBeVisible();
  await expectAccessible(page);
  await form.getByRole('textbox', { name: 'Item Name' }).fill(name);
  await form.getByRole('textbox', { name: 'Description' }).fill('Yellow, foldable');
  await form.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: 'Janitorial' }).click();
  await form.getByRole('textbox', { name: 'Quantity', exact: true }).fill('5');
  await form.getByRole('textbox', { name: 'Min Stock' }).fill('2');
  await form.getByRole('button', { name: 'Add Item' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm Add Item' });
  await expect(confirm).toContainText(name);
  await confirm.getByRole('button', { name: 'Add Item' }).click();
  await expect(toast(page, MSG.itemAdded)).toBeVisible();
  await expect(form).toBeHidden();

  await searchFor(page, name);
  const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) });
  await expect(row).toContainText('Yellow, foldable');
  await expect(row).toContainText('Good');

  // Edit: the quantity falls to the minimum, and the stock status follows.
  await row.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Item' });
  await edit.getByRole('textbox', { name: 'Quantity', exact: true }).fill('2');
  // A hand change of stock says why: the stock card keeps the reason.
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(edit.getByRole('textbox', { name: 'Reason for the quantity change' })).toHaveAttribute('aria-invalid', 'true');
  await edit.getByRole('textbox', { name: 'Reason for the quantity change' }).fill('Three found broken in the stockroom');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, MSG.itemUpdated)).toBeVisible();
  await expect(row.getByRole('cell', { name: 'Low', exact: true })).toBeVisible();

  // Lent out: the item cannot be deleted, and the office is told why.
  const faculty = await apiAs('faculty@campus.test', 'faculty123', 'user');
  const office = await officeApi();
  await approveAll(office, await fileRequest(faculty, [[name, 1]], 'Wet floor at the lobby'));
  await row.getByRole('button', { name: `Delete ${name}` }).click();
  const ask = page.getByRole('dialog', { name: 'Confirm Delete Item' });
  await expectAccessible(page);
  await ask.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, MSG.failedToDeleteItem(MSG.itemOnLoan(name, 1)))).toBeVisible();
  await expect(row).toBeVisible();

  // Item Status: damaged, changed in its row.
  await row.getByRole('combobox', { name: `Item status of ${name}` }).selectOption({ label: 'Damaged' });
  await expect(toast(page, MSG.itemStatusUpdated)).toBeVisible();
  await expect(row.getByRole('combobox', { name: `Item status of ${name}` })).toHaveValue('damaged');

  // A student can no longer put it in a request.
  const studentContext = await browser.newContext();
  const student = await studentContext.newPage();
  await signIn(student, '/login', 'cbautista@campus.test', 'student123');
  await student.getByRole('button', { name: 'Continue to Dashboard' }).click();
  await expect(student).toHaveURL(/\/users$/);
  await student.goto(`/users/borrow-item?q=${encodeURIComponent(name)}`);
  await student.getByRole('button', { name: `Add ${name} to request` }).click();
  const notice = student.getByRole('dialog', { name: MSG.itemNotAvailableTitle });
  await expect(notice).toContainText(MSG.itemNotAvailable('damaged'));
  await studentContext.close();
  await faculty.dispose();
  await office.dispose();
});

test('a quantity or min stock typed as "-3" or "2.5" stays as typed and is refused in words, never saved', async ({ page }) => {
  const name = unique('Mop Wringer');
  await signIn(page, '/admin-login', 'admin', 'admin123');
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto('/admin/inventory');
  await page.getByRole('button', { name: 'Add Item' }).click();
  const form = page.getByRole('dialog', { name: 'Add New Item' });
  await form.getByRole('textbox', { name: 'Item Name' }).fill(name);
  await form.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: 'Janitorial' }).click();
  const quantity = form.getByRole('textbox', { name: 'Quantity', exact: true });
  const minStock = form.getByRole('textbox', { name: 'Min Stock' });
  await quantity.fill('-3');
  await minStock.fill('2.5');
  await form.getByRole('textbox', { name: 'Description' }).click();
  await form.getByRole('button', { name: 'Add Item' }).click();
  await expect(quantity).toHaveValue('-3');
  await expect(minStock).toHaveValue('2.5');
  await expect(form.getByText(MSG.itemQuantityInvalid)).toBeVisible();
  await expect(form.getByText(MSG.itemMinStockInvalid)).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Confirm Add Item' })).toHaveCount(0);
  await expectAccessible(page);
  const office = await officeApi();
  expect((await (await office.get(`/api/items?search=${encodeURIComponent(name)}`)).json()).total).toBe(0);
  await office.dispose();
});

test('an item with nothing lent is deleted after confirmation; a search that matches nothing says so', async ({ page }) => {
  const office = await officeApi();
  const name = unique('Spare Hose');
  const res = await office.post('/api/items', { data: { name, category: 'Plumbing', quantity: 3, minStock: 1 } });
  expect(res.status()).toBe(201);
  await office.dispose();

  await signIn(page, '/admin-login', 'admin', 'admin123');
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto('/admin/inventory?category=Plumbing');
  await searchFor(page, name);
  await page.getByRole('button', { name: `Delete ${name}` }).click();
  await page.getByRole('dialog', { name: 'Confirm Delete Item' }).getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, MSG.itemDeleted)).toBeVisible();
  await expect(page.getByText(MSG.noItemsFound)).toBeVisible();
});

test('personnel see the counters, the item cards and the unreturned items, also at 360 px', async ({ page }) => {
  const office = await officeApi();
  const name = unique('Caution Cone');
  expect((await office.post('/api/items', { data: { name, category: 'Maintenance', quantity: 4, minStock: 5 } })).status()).toBe(201);
  const faculty = await apiAs('faculty@campus.test', 'faculty123', 'user');
  const loan = await fileRequest(faculty, [[name, 2]], 'Hallway cleaning');
  await approveAll(office, loan);
  await office.dispose();
  await faculty.dispose();

  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(page, '/personnel-login', 'electrician@campus.test', 'personnel123');
  await expect(page).toHaveURL(/\/personnel$/);
  await page.goto('/personnel/inventory');
  await expect(page.getByText('Out of Stock', { exact: true }).first()).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search inventory' }).fill(name);
  const card = page.locator('.mantine-Card-root').filter({ has: page.getByRole('heading', { name }) });
  await expect(card).toContainText('Low Stock');
  await expect(card).toContainText('Quantity: 2');
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Unreturned Items' }).click();
  const modal = page.getByRole('dialog', { name: 'Unreturned Items' });
  const line = modal.getByRole('row').filter({ hasText: name });
  await expect(line).toContainText(`REQ-${loan.id}`);
  await expect(line).toContainText('Hallway cleaning');
  await expect(modal).toContainText(/Total: \d+ units?/);
  await expectAccessible(page);
});

/** Each visible column heading inside `box`, on no more lines than it has words (never "Qua/y" or "Reques t ID"). */
async function expectHeadingsWhole(table: Locator, box: Locator) {
  const frame = (await box.boundingBox())!;
  // A table shown as cards names each column beside its value; its headings are only read out.
  if ((await table.locator('thead').boundingBox())!.width <= 1) return;
  for (const th of await table.locator('thead th').all()) {
    if (await th.locator('.mantine-VisuallyHidden-root').count()) continue;
    const b = (await th.boundingBox())!;
    const name = (await th.textContent()) ?? '';
    expect(b.x, `${name} starts inside`).toBeGreaterThanOrEqual(frame.x - 1);
    expect(b.x + b.width, `${name} ends inside`).toBeLessThanOrEqual(frame.x + frame.width + 1);
    const lines = await th.evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
    });
    expect(lines, `${name} is broken inside a word`).toBeLessThanOrEqual(name.trim().split(/\s+/).length);
  }
}

/** Inside the viewport's width, whole: reached without swiping sideways. */
async function expectInView(page: Page, target: Locator) {
  const b = (await target.boundingBox())!;
  expect(b.x).toBeGreaterThanOrEqual(0);
  expect(b.x + b.width).toBeLessThanOrEqual(page.viewportSize()!.width);
}

test('the inventory, its report, Unreturned Items and the header fit 360, 1000 and 1280 px without a sideways swipe', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const office = await officeApi();
  const name = unique('Extension Cord');
  expect((await office.post('/api/items', { data: { name, category: 'Janitorial', quantity: 9, minStock: 2 } })).status()).toBe(201);
  const faculty = await apiAs('faculty@campus.test', 'faculty123', 'user');
  await approveAll(office, await fileRequest(faculty, [[name, 1]], 'Stage lights for the assembly'));
  await office.dispose();
  await faculty.dispose();

  const admin = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await signIn(admin, '/admin-login', 'admin', 'admin123');
  // Toasts such as Login Successful come in under the header, clear of the bell; its unread badge is whole inside the header.
  const bell = admin.getByRole('banner').getByRole('button', { name: /^Notifications/ });
  await expect(bell).toBeVisible();
  await expect(admin.locator('.mantine-Notifications-root[data-position="top-right"]')).toBeAttached();
  const toastsTop = await admin.evaluate(
    () => document.querySelector('.mantine-Notifications-root[data-position="top-right"]')!.getBoundingClientRect().top,
  );
  const header = (await admin.getByRole('banner').boundingBox())!;
  expect(toastsTop, 'toasts cover the header').toBeGreaterThanOrEqual(header.y + header.height);
  const person = await (await browser.newContext()).newPage();
  await signIn(person, '/personnel-login', 'electrician@campus.test', 'personnel123');

  for (const width of [360, 1000, 1280]) {
    for (const page of [admin, person]) await page.setViewportSize({ width, height: 800 });
    await admin.goto('/admin/inventory');
    await admin.getByRole('searchbox', { name: 'Search inventory' }).fill(name);
    const row = admin.getByRole('row').filter({ has: admin.getByRole('rowheader', { name }) });
    await expect(row.getByText('Good', { exact: true })).toBeVisible();
    await expectNoHorizontalScroll(admin);
    for (const target of [
      row.getByText('Good', { exact: true }),
      row.getByLabel(`Item status of ${name}`),
      row.getByRole('button', { name: `Delete ${name}` }),
    ])
      await expectInView(admin, target);
    await expectHeadingsWhole(admin.getByRole('table', { name: 'Inventory items' }), admin.getByRole('main'));
    expect(await row.locator('.mantine-Badge-label').evaluate((el) => el.scrollWidth <= el.clientWidth), 'the status is cut short').toBe(
      true,
    );
    const badge = bell.locator('.mantine-Indicator-indicator');
    if (await badge.isVisible()) {
      const [i, h] = [(await badge.boundingBox())!, (await admin.getByRole('banner').boundingBox())!];
      expect(i.y).toBeGreaterThanOrEqual(h.y);
    }

    await admin.getByRole('button', { name: 'Generate Report' }).click();
    const report = admin.getByRole('dialog', { name: MSG.generateInventoryReport });
    await expect(report.getByRole('table', { name: /^Unreturned Items/ })).toContainText(name);
    for (const table of await report.getByRole('table').all()) await expectHeadingsWhole(table, report);
    await admin.keyboard.press('Escape');

    await person.goto('/personnel/inventory');
    await person.getByRole('button', { name: 'Unreturned Items' }).click();
    const modal = person.getByRole('dialog', { name: 'Unreturned Items' });
    const line = modal.getByRole('row').filter({ hasText: name });
    await expect(line).toContainText('Stage lights');
    await expectHeadingsWhole(modal.getByRole('table'), modal);
    const frame = (await modal.boundingBox())!;
    const last = (await line.locator('td').last().boundingBox())!;
    expect(last.x + last.width, 'Expected Return is cut').toBeLessThanOrEqual(frame.x + frame.width);
    await expectNoHorizontalScroll(person);
  }
});
