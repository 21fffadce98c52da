import { expect, test, type Page } from './clock';
import { MSG } from '../core/messages';
import { expectAccessible, expectNoHorizontalScroll, signIn } from './support';

// Locations (docs/decisions/locations.md): an administrator adds a building and a room, imports two more rooms by
// CSV (preview, then import), finds one by search, edits it, is refused deleting a room a repair report names,
// and exports the rooms as CSV; on a desktop and at 360 px.

const toast = (page: Page, text: string | RegExp) => page.locator('.mantine-Notification-root').filter({ hasText: text });

test('an administrator keeps the campus buildings and rooms', async ({ page }) => {
  test.setTimeout(120_000);
  const t = `${Date.now().toString(36).slice(-4)}${Math.random().toString(36).slice(2, 4)}`.toUpperCase();
  const code = `E${t}`;
  const building = `East Annex ${t}`;
  await signIn(page, '/admin-login', 'admin', 'admin123');
  await expect(page).toHaveURL(/\/admin$/);
  await page.getByRole('link', { name: 'Buildings & Rooms', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Buildings & Rooms', level: 1 })).toBeVisible();
  await expect(page.getByRole('rowheader', { name: 'Science Building', exact: true })).toBeVisible();
  await expectAccessible(page);

  // Add Building: the form rule marks what is missing, then it is added.
  await page.getByRole('button', { name: 'Add Building' }).click();
  const addBuilding = page.getByRole('dialog', { name: 'Add Building' });
  await addBuilding.getByRole('button', { name: 'Add Building' }).click();
  await expect(addBuilding.getByText(MSG.buildingCodeRequired)).toBeVisible();
  await expectAccessible(page);
  await addBuilding.getByRole('textbox', { name: 'Building Code' }).fill(code);
  await addBuilding.getByRole('textbox', { name: 'Building Name' }).fill(building);
  await addBuilding.getByRole('button', { name: 'Add Building' }).click();
  await expect(toast(page, MSG.buildingAdded)).toBeVisible();
  await expect(page.getByRole('rowheader', { name: building, exact: true })).toBeVisible();

  // Add Room in it.
  await page.getByRole('button', { name: 'Add Room' }).click();
  const addRoom = page.getByRole('dialog', { name: 'Add Room' });
  await addRoom.getByRole('combobox', { name: 'Building' }).fill(code);
  await page.getByRole('option', { name: `${building} (${code})` }).click();
  await addRoom.getByRole('textbox', { name: 'Room Code' }).fill(`${code}-101`);
  await addRoom.getByRole('textbox', { name: 'Room Name' }).fill('Room 101');
  await addRoom.getByRole('textbox', { name: 'Floor' }).fill('1st');
  await expectAccessible(page);
  await addRoom.getByRole('button', { name: 'Add Room' }).click();
  await expect(toast(page, MSG.roomAdded)).toBeVisible();

  // Import CSV: two more rooms, previewed, then imported.
  await page.getByRole('button', { name: MSG.importCsv }).click();
  const dialog = page.getByRole('dialog', { name: 'Import Locations CSV' });
  await dialog.locator('#locations-csv').setInputFiles({
    name: 'rooms.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      [
        'Building Code,Building Name,Room Code,Room Name,Floor,Notes',
        `${code},,${code}-201,Seminar Room,2nd,`,
        `${code},,${code}-202,Study Hall ${t},2nd,Quiet`,
      ].join('\n'),
    ),
  });
  await expect(dialog.getByRole('status')).toHaveText('2 rows: 2 new, 0 to update, 0 new buildings, 0 with errors.');
  await expect(dialog.getByRole('table', { name: 'Import preview' })).toContainText(`Study Hall ${t}`);
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(toast(page, MSG.locationsCsvImported(2, 0, 0))).toBeVisible();

  // Find one by search, and edit it.
  await page.getByRole('searchbox', { name: 'Search rooms' }).fill(`Study Hall ${t}`);
  await expect(page.getByRole('rowheader', { name: `Study Hall ${t}`, exact: true })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Rooms' }).getByRole('row')).toHaveCount(2);
  await page.getByRole('button', { name: `Edit room Study Hall ${t} (${code}-202)` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Room' });
  await edit.getByRole('textbox', { name: 'Room Name' }).fill(`Reading Hall ${t}`);
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, MSG.roomUpdated)).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search rooms' }).fill(`${code}-20`);
  await expect(page.getByRole('rowheader', { name: `Reading Hall ${t}`, exact: true })).toBeVisible();

  // A room a repair report names cannot be deleted: the office is told why.
  await page.getByRole('searchbox', { name: 'Search rooms' }).fill('SCI-CHEM2');
  await page.getByRole('button', { name: 'Delete room Chem Lab 2 (SCI-CHEM2)' }).click();
  await page.getByRole('dialog', { name: 'Delete Room' }).getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, /Chem Lab 2 cannot be deleted: \d+ repair reports? names? it/)).toBeVisible();
  await expect(page.getByRole('rowheader', { name: 'Chem Lab 2', exact: true })).toBeVisible();

  // Export CSV: the rooms the search shows.
  await page.getByRole('searchbox', { name: 'Search rooms' }).fill(code);
  await expect(page.getByRole('rowheader', { name: 'Seminar Room', exact: true })).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: MSG.exportCsv }).click()]);
  expect(download.suggestedFilename()).toMatch(/^locations_\d{4}-\d{2}-\d{2}\.csv$/);
  const text = Buffer.concat(await (await download.createReadStream()).toArray()).toString();
  expect(text).toContain(`${code},${building},${code}-202,Reading Hall ${t},2nd,Quiet`);
  expect(text.split('\r\n').filter(Boolean)).toHaveLength(4);

  // The building filter is kept in the address, with the search.
  await page.getByRole('searchbox', { name: 'Search rooms' }).fill('');
  await page.getByRole('combobox', { name: 'Building' }).click();
  await page.getByRole('option', { name: building, exact: true }).click();
  await expect(page).toHaveURL(/[?&]building=\d+/);
  await expect(page.getByRole('table', { name: 'Rooms' }).getByRole('row')).toHaveCount(4);
  await page.reload();
  await expect(page.getByRole('rowheader', { name: 'Room 101', exact: true })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Building' })).toHaveValue(building);

  // A phone: no sideways scroll, still accessible.
  await page.setViewportSize({ width: 360, height: 800 });
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Add Room' }).click();
  await expect(page.getByRole('dialog', { name: 'Add Room' })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Add Room' })).toBeHidden();
});

// Suggested rooms (docs/decisions/locations.md): the repair form offers the campus's buildings and their rooms, and
// says when a typed place is not on the list; a report on a new room suggests it, and an administrator lists the
// suggested rooms and confirms it. On a desktop and at 360 px.
test('a faculty member picks a room from the list or suggests one; an administrator confirms it', async ({ browser }) => {
  test.setTimeout(180_000);
  const t = `${Date.now().toString(36).slice(-4)}${Math.random().toString(36).slice(2, 4)}`;
  const newRoom = `Boiler Room ${t}`;
  const page = await (await browser.newContext()).newPage();
  await signIn(page, '/login', 'faculty@campus.test', 'faculty123');
  await page.getByRole('button', { name: 'Continue to Dashboard' }).click();
  await expect(page).toHaveURL(/\/users$/);
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Report Repairs' }).click();
  await expect(page.getByRole('heading', { name: 'Report Repairs' })).toBeVisible();

  await page.getByRole('combobox', { name: 'Building' }).fill('scien');
  await page.getByRole('option', { name: 'Science Building', exact: true }).click();
  await expect(page.getByRole('combobox', { name: 'Building' })).toHaveValue('Science Building');
  await page.getByRole('combobox', { name: 'Room' }).fill('chem');
  await page.getByRole('option', { name: 'Chem Lab 2', exact: true }).click();
  await expect(page.getByRole('combobox', { name: 'Room' })).toHaveValue('Chem Lab 2');
  await expect(page.getByText('will be suggested to the office')).toHaveCount(0);
  await expectAccessible(page);

  // A building not on the list, then a room not on the building's list: the form says each will be suggested.
  await page.getByRole('combobox', { name: 'Building' }).fill('Nowhere Hall');
  await expect(page.getByText('Not on the campus list: this building and room will be suggested to the office.')).toBeVisible();
  await page.getByRole('combobox', { name: 'Building' }).fill('Science Building');
  await page.getByRole('combobox', { name: 'Room' }).fill(newRoom);
  await expect(page.getByText('Not on the list for this building: this room will be suggested to the office.')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('combobox', { name: 'Preferred day' }).click();
  await page.getByRole('option', { name: 'Friday' }).click();
  await page.getByLabel('Start time').fill('08:00');
  await page.getByLabel('End time').fill('09:00');
  await page.getByLabel('Issue description').fill('The boiler hisses.');
  await page.getByRole('button', { name: 'Submit Report' }).click();
  await expect(page.getByRole('tab', { name: /My Reports/, selected: true })).toBeVisible();
  await page.setViewportSize({ width: 360, height: 800 });
  await page.getByRole('tab', { name: 'New Report' }).click();
  await expectNoHorizontalScroll(page);

  // An administrator lists the suggested rooms and confirms it.
  const admin = await (await browser.newContext()).newPage();
  await signIn(admin, '/admin-login', 'admin', 'admin123');
  await expect(admin).toHaveURL(/\/admin$/);
  await admin.goto('/admin/locations?show=suggested');
  await expect(admin.getByRole('combobox', { name: 'Show' })).toHaveValue(/Suggested rooms/);
  await admin.getByLabel('Search rooms').fill(t);
  const row = admin.getByRole('row', { name: new RegExp(newRoom) });
  await expect(row.getByText('Suggested', { exact: true })).toBeVisible();
  await expectAccessible(admin);
  await row.getByRole('button', { name: new RegExp(`^Confirm room ${newRoom}`) }).click();
  await expect(toast(admin, MSG.roomConfirmed)).toBeVisible();
  await expect(admin.getByText(MSG.noRoomsFound)).toBeVisible();
  await admin.getByRole('combobox', { name: 'Show' }).click();
  await admin.getByRole('option', { name: 'All rooms' }).click();
  await expect(admin).not.toHaveURL(/show=suggested/);
  await expect(admin.getByRole('row', { name: new RegExp(newRoom) }).getByText('Suggested', { exact: true })).toHaveCount(0);
  await admin.setViewportSize({ width: 360, height: 800 });
  await expectNoHorizontalScroll(admin);
});

test('the repair board narrows to a building and a room, kept in the address', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await signIn(page, '/admin-login', 'admin', 'admin123');
  await page.goto('/admin/maintenance-repairs');
  await page.getByRole('combobox', { name: 'Building' }).click();
  await page.getByRole('option', { name: 'Science Building', exact: true }).click();
  await expect(page).toHaveURL(/[?&]building=\d+/);
  await page.getByRole('combobox', { name: 'Room' }).click();
  await page.getByRole('option', { name: /^Chem Lab 2 / }).click();
  await expect(page).toHaveURL(/[?&]room=\d+/);
  // The demo's Chem Lab 2 leak is there; a report about another building is not.
  await expect(page.getByText('Science Building - Chem Lab 2').first()).toBeVisible();
  await expect(page.getByText(/^Gymnasium - /)).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Room' })).toHaveValue(/^Chem Lab 2/);
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);
});
