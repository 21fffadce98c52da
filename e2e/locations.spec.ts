import { expect, test, type Page } from '@playwright/test';
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
