import { expect, test, type Page } from './clock';
import { MSG } from '../core/messages';
import type { RepairReportDto } from '../core/repairs/schemas';
import { todayIn, weekdayOf } from '../core/time';
import { apiAs, officeApi } from './fixtures';
import { expectAccessible, expectNoHorizontalScroll, signIn } from './support';

// A room's label and page (docs/decisions/rooms-and-followers.md): a faculty member scans a room's short address
// signed out, signs in and comes back to the room, sees the report already open there and follows it, then files
// another with "Report a problem here"; the office opens the room's page and sees both reports and "1 following".
// On a desktop and at 360 px, axe clean.

async function choose(page: Page, label: string, option: string | RegExp) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
}

test('a faculty member follows a room’s open report from its label, then reports another problem there', async ({ browser }) => {
  test.setTimeout(240_000);
  const t = `${Date.now().toString(36).slice(-4)}${Math.random().toString(36).slice(2, 4)}`.toUpperCase();
  const code = `SCI-R${t}`;
  const roomName = `Lecture Room ${t}`;
  const day = weekdayOf(todayIn('Asia/Manila'));

  // The room, on the office's list, and a report another faculty member filed there.
  const office = await officeApi();
  const buildings = (await (await office.get('/api/buildings')).json()).items as { id: number; name: string }[];
  const science = buildings.find((b) => b.name === 'Science Building')!;
  const added = await office.post('/api/rooms', { data: { buildingId: science.id, code, name: roomName, floor: '3rd' } });
  expect(added.status(), await added.text()).toBe(201);
  const colleague = await apiAs('mtan@campus.test', 'faculty123', 'user');
  const filed = await colleague.post('/api/repairs', {
    data: {
      building: 'Science Building',
      room: roomName,
      priority: 'high',
      day,
      timeStart: '13:00',
      timeEnd: '14:00',
      issueDescription: `The projector in ${roomName} shows no picture.`,
    },
  });
  expect(filed.status(), await filed.text()).toBe(201);
  const first = (await filed.json()).report as RepairReportDto;

  // Signed out, the short address asks to sign in first, then comes back to the room.
  const page = await (await browser.newContext()).newPage();
  await page.goto(`/r/${code.toLowerCase()}`);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('you will come back to the label you scanned.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Staff and administrator sign-in' })).toBeVisible();
  await expectAccessible(page);
  // Signing in where the guard sent them (not a fresh visit of /login, which would forget the address).
  await page.getByLabel('Email').fill('faculty@campus.test');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('faculty123');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('button', { name: 'Continue to Dashboard' }).click();
  await expect(page).toHaveURL(new RegExp(`/users/rooms/${code}$`));
  await expect(page.getByRole('heading', { name: roomName, level: 1 })).toBeVisible();
  await expect(page.getByText(`Science Building · ${code} · Floor 3rd`)).toBeVisible();

  // Already reported: the colleague's report, its issue, status and date; no reporter's name.
  await expect(page.getByText(MSG.alreadyReported)).toBeVisible();
  const open = page.getByRole('listitem').filter({ hasText: first.code });
  await expect(open).toContainText(`The projector in ${roomName} shows no picture.`);
  await expect(open).toContainText('Pending');
  await expect(page.getByText('Prof. Miguel Tan')).toHaveCount(0);
  await expectAccessible(page);
  await open.getByRole('button', { name: `Follow ${first.code}` }).click();
  await expect(open.getByText('Following', { exact: true })).toBeVisible();
  await expect(open.getByRole('button', { name: `Unfollow ${first.code}` })).toBeVisible();
  await expect(open).toContainText('1 following');
  await expectAccessible(page);
  await page.setViewportSize({ width: 360, height: 800 });
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);
  await page.setViewportSize({ width: 1280, height: 800 });

  // Report a problem here: the form opens with the building and room filled in, and shows the open report first.
  await page.getByRole('link', { name: 'Report a problem here' }).click();
  await expect(page.getByRole('heading', { name: 'Report Repairs' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Building' })).toHaveValue('Science Building');
  await expect(page.getByRole('combobox', { name: 'Room' })).toHaveValue(roomName);
  await expect(page.getByText(MSG.alreadyReported)).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: first.code }).getByText('Following', { exact: true })).toBeVisible();
  await choose(page, 'Preferred day', day);
  await page.getByLabel('Start time').fill('15:00');
  await page.getByLabel('End time').fill('16:00');
  await page.getByLabel('Issue description').fill(`A window in ${roomName} does not close.`);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Submit Report' }).click();
  await expect(page.getByRole('tab', { name: /My Reports/, selected: true })).toBeVisible();

  // My Reports: the new report, and the followed one marked so.
  const followed = page.locator('article').filter({ hasText: first.code });
  await expect(followed.getByText('Followed', { exact: true })).toBeVisible();
  await expect(followed.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  const mine = page.locator('article').filter({ hasText: `A window in ${roomName} does not close.` });
  await expect(mine).toHaveCount(1);
  await expectAccessible(page);

  // The office: the room's page, from Buildings & Rooms, with both reports and how many follow the first.
  const admin = await (await browser.newContext()).newPage();
  await signIn(admin, '/admin-login', 'admin', 'admin123');
  await admin.goto(`/admin/locations?q=${code}`);
  await admin.getByRole('link', { name: roomName, exact: true }).click();
  await expect(admin).toHaveURL(new RegExp(`/admin/rooms/${code}$`));
  await expect(admin.getByRole('heading', { name: `${roomName} (${code})`, level: 1 })).toBeVisible();
  await expect(admin.getByRole('tab', { name: /Open/ })).toContainText('2');
  const firstCard = admin.locator('article').filter({ hasText: first.code });
  await expect(firstCard.getByText('1 following')).toBeVisible();
  await expect(admin.locator('article').filter({ hasText: `A window in ${roomName} does not close.` })).toHaveCount(1);
  const history = admin.getByRole('list', { name: 'Room history' });
  await expect(history.getByRole('listitem')).toHaveCount(2);
  await expect(history.getByRole('listitem').first()).toContainText('Reported');
  await expectAccessible(admin);
  await admin.setViewportSize({ width: 360, height: 800 });
  await expectNoHorizontalScroll(admin);
  await expectAccessible(admin);

  // The short address takes the office to the room's page too: signed out, through the office's own sign-in.
  const scanner = await (await browser.newContext()).newPage();
  await scanner.goto(`/r/${code}`);
  await expect(scanner).toHaveURL(/\/login$/);
  await scanner.getByRole('button', { name: 'Staff and administrator sign-in' }).click();
  await expect(scanner).toHaveURL(/\/admin-login$/);
  await scanner.getByLabel('Username').fill('admin');
  await scanner.getByRole('textbox', { name: 'Password', exact: true }).fill('admin123');
  await scanner.getByRole('button', { name: 'Sign In' }).click();
  await expect(scanner).toHaveURL(new RegExp(`/admin/rooms/${code}$`));
  await expect(scanner.getByRole('heading', { name: `${roomName} (${code})`, level: 1 })).toBeVisible();
  // An unknown code says so.
  await admin.goto('/r/NO-SUCH-ROOM');
  await expect(admin.getByRole('alert')).toContainText('No room has the code NO-SUCH-ROOM.');
  await expectAccessible(admin);
});
