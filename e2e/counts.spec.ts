// The yearly count (docs/decisions/counts.md, docs/decisions/offline-queue.md): the office starts a count of a
// building the journey makes; two counters on phones scan the same room at once, the same units and different ones,
// and nothing is lost or doubled; a unit found in another room is moved by the office with one confirmation; scans
// made offline survive a reload with the network off (the app kept on the phone by its service worker) and are sent
// once when the connection returns; the close gives the count report, and after the second confirmation the unit
// never found is Lost. At 1280 px and 360 px, axe on each screen.
import { expect, test, type Browser, type BrowserContextOptions, type Page, type Response } from './clock';
import { COUNT_MSG, COUNT_SCREEN } from '../core/inventory/counts';
import { pdfPages } from '../tests/api/pdfText';
import { officeApi } from './fixtures';
import { keptAnswers, untilWorkerControls } from './offline';
import { expectAccessible, expectNoHorizontalScroll, signIn } from './support';

type Unit = { id: number; tag: string };

async function signedIn(
  browser: Browser,
  path: string,
  login: string,
  password: string,
  width: number,
  options: BrowserContextOptions = {},
) {
  const page = await (await browser.newContext({ viewport: { width, height: 900 }, ...options })).newPage();
  await signIn(page, path, login, password);
  // The sign-in's notice fades out on its own: axe must not read it half faded on the next screen.
  await expect(page.getByText('Login Successful')).toBeHidden();
  return page;
}

/** Types a tag into the scan field and presses Enter, as a keyboard-wedge scanner does. */
async function wedge(page: Page, tag: string) {
  const field = page.getByRole('textbox', { name: COUNT_SCREEN.scanField });
  await expect(field).toBeFocused();
  await field.pressSequentially(tag);
  await field.press('Enter');
}

/** Pastes several lines into the scan field. */
async function paste(page: Page, text: string) {
  await page.getByRole('textbox', { name: COUNT_SCREEN.scanField }).evaluate((el, t) => {
    const data = new DataTransfer();
    data.setData('text', t);
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

const log = (page: Page) => page.getByRole('log', { name: 'Scans and their answers' });
const line = (page: Page, text: string) => log(page).getByRole('listitem').filter({ hasText: text });

test('a count from start to losses: two counters at once, a unit moved, scans kept offline, the report', async ({ browser }) => {
  test.slow();
  const suffix = Math.random().toString(36).slice(2, 6).toUpperCase();
  const office = await officeApi();
  const ok = async (res: Promise<import('@playwright/test').APIResponse>, status = 200) => {
    const r = await res;
    expect(r.status(), await r.text()).toBe(status);
    return r.json();
  };
  // A building with two rooms and a room elsewhere; a tracked item with nine units at home there.
  const code = `CB${suffix}`;
  const building = (await ok(office.post('/api/buildings', { data: { code, name: `Count Hall ${suffix}` } }), 201)).building;
  const room = async (n: number) =>
    (await ok(office.post('/api/rooms', { data: { buildingId: building.id, code: `${code}-${n}`, name: `Room ${n}` } }), 201)).room as {
      id: number;
      code: string;
    };
  const [r1, r2] = [await room(1), await room(2)];
  const item = (
    await ok(office.post('/api/items', { data: { name: `Monitor ${suffix}`, category: 'Electrical', quantity: 0, minStock: 0 } }), 201)
  ).item as { id: number };
  await ok(office.post(`/api/items/${item.id}/track`, { data: { prefix: `MON${suffix}`, condition: 'good' } }));
  const unit = async (name: string, home: number): Promise<Unit> =>
    (await ok(office.post(`/api/items/${item.id}/units`, { data: { tag: `${name}${suffix}`, condition: 'good', homeRoomId: home } }), 201))
      .unit;
  const [a1, a2, a3, a4] = [await unit('A1-', r1.id), await unit('A2-', r1.id), await unit('A3-', r1.id), await unit('A4-', r1.id)];
  const [b1, b2, b3, b4, b5] = [
    await unit('B1-', r2.id),
    await unit('B2-', r2.id),
    await unit('B3-', r2.id),
    await unit('B4-', r2.id),
    await unit('B5-', r2.id),
  ];
  const reference = `CNT-E2E-${suffix}`;

  // The office starts the count of that building, at 1280 px.
  const admin = await signedIn(browser, '/admin-login', 'admin', 'admin123', 1280);
  await admin.getByRole('link', { name: COUNT_SCREEN.counts, exact: true }).click();
  await expect(admin.getByRole('heading', { name: COUNT_SCREEN.counts })).toBeVisible();
  await expectAccessible(admin);
  await admin.getByRole('button', { name: COUNT_SCREEN.startCount }).click();
  const start = admin.getByRole('dialog', { name: COUNT_SCREEN.startCount });
  await start.getByRole('button', { name: COUNT_SCREEN.startCount }).click();
  await expect(start.getByText(COUNT_MSG.referenceInvalid)).toBeVisible();
  await start.getByLabel('Reference').fill(reference.toLowerCase());
  await start.getByLabel('Name').fill(`Yearly count ${suffix}`);
  await start.getByRole('combobox', { name: 'Buildings' }).fill(`Count Hall ${suffix}`);
  await admin.getByRole('option', { name: `Count Hall ${suffix}` }).click();
  await start.getByLabel('Name').click(); // the list of buildings closes
  await expect(admin.getByRole('listbox')).toBeHidden();
  await expectAccessible(admin);
  await start.getByRole('button', { name: COUNT_SCREEN.startCount }).click();
  await expect(admin.getByRole('heading', { name: `Count ${reference}` })).toBeVisible();
  const countId = Number(/\/admin\/counts\/(\d+)/.exec(admin.url())![1]);
  const figures = admin.getByRole('group', { name: `Figures of count ${reference}` });
  await expect(figures).toContainText(`${COUNT_SCREEN.expected}9`);
  await expectAccessible(admin);

  // Two counters on phones: staff opens room 1 by typing its code, the electrician chooses it from the list. Staff's
  // phone has the app kept by its service worker, to reload offline below (the other journeys block it).
  const staff = await signedIn(browser, '/admin-login', 'staff@campus.test', 'staff123', 360, { serviceWorkers: 'allow' });
  await staff.goto('/admin/count');
  await staff.getByRole('button', { name: `Count ${reference}` }).click();
  await staff.getByLabel('Room code').fill(r1.code.toLowerCase());
  await staff.getByRole('button', { name: 'Open room', exact: true }).click();
  await expect(staff.getByRole('heading', { name: `Room ${r1.code}` })).toBeVisible();
  await expectAccessible(staff);
  await expectNoHorizontalScroll(staff);

  const electrician = await signedIn(browser, '/personnel-login', 'electrician@campus.test', 'personnel123', 360);
  await electrician.goto('/personnel/count');
  await electrician.getByRole('button', { name: `Count ${reference}` }).click();
  await electrician.getByLabel('Search rooms').fill(r1.code);
  await electrician.getByRole('button', { name: `Open room ${r1.code}` }).click();
  await expect(electrician.getByRole('heading', { name: `Room ${r1.code}` })).toBeVisible();
  await expectAccessible(electrician);
  await expectNoHorizontalScroll(electrician);

  // At once: both scan A1 and A2; staff A3 by typing, the electrician pastes A4 and A3 on two lines.
  await Promise.all([
    (async () => {
      for (const u of [a1, a2, a3]) await wedge(staff, u.tag);
    })(),
    (async () => {
      for (const u of [a1, a2]) await wedge(electrician, u.tag);
      await paste(electrician, `${a4.tag}\n${a3.tag}\n`);
    })(),
  ]);
  for (const [page, units] of [
    [staff, [a1, a2, a3]],
    [electrician, [a1, a2, a3, a4]],
  ] as const)
    for (const u of units) await expect(line(page, u.tag)).toContainText(/Found|Already counted/);
  // Each unit found once between them; every other scan of it answered "already counted", nothing lost or doubled.
  const found = async (page: Page) =>
    log(page)
      .getByRole('listitem')
      .filter({ hasText: /^Found/ })
      .count();
  expect((await found(staff)) + (await found(electrician))).toBe(4);
  const roomFound = async (roomId: number) =>
    ((await ok(office.get(`/api/counts/${countId}/rooms`))).items as { id: number; found: number }[]).find((r) => r.id === roomId)?.found ??
    0;
  expect(await roomFound(r1.id)).toBe(4);
  // Each phone's figures of the room follow the other counter's scans too.
  for (const page of [staff, electrician]) {
    const r1Figures = page.getByRole('group', { name: `Figures of room ${r1.code}` });
    await expect(r1Figures).toContainText(`${COUNT_SCREEN.found}4`, { timeout: 30_000 });
    await expect(r1Figures).toContainText(`${COUNT_SCREEN.notFound}0`);
  }

  // B1 belongs in room 2 but is found in room 1.
  await wedge(staff, b1.tag.toLowerCase());
  await expect(line(staff, b1.tag)).toContainText('Found elsewhere');
  await expect(line(staff, b1.tag)).toContainText(`${b1.tag} · Monitor ${suffix} — home room ${r2.code}`);
  await expectAccessible(staff);

  // Offline in room 2: three scans wait on the phone.
  await staff.getByRole('button', { name: 'Change room' }).click();
  await staff.getByLabel('Room code').fill(r2.code);
  await staff.getByRole('button', { name: 'Open room', exact: true }).click();
  await expect(staff.getByRole('heading', { name: `Room ${r2.code}` })).toBeVisible();
  const scansSent = new Map<string, number>();
  staff.on('response', (res: Response) => {
    if (!res.url().endsWith(`/api/counts/${countId}/scans`) || res.status() !== 200) return;
    void res.json().then((a: { tag: string }) => scansSent.set(a.tag, (scansSent.get(a.tag) ?? 0) + 1));
  });
  // The app and who is signed in kept on the phone before the signal goes.
  await untilWorkerControls(staff);
  await expect.poll(() => keptAnswers(staff), { timeout: 10_000 }).toContain('staff@campus.test');
  await staff.context().setOffline(true);
  for (const u of [b2, b3, b4]) await wedge(staff, u.tag);
  await expect(staff.getByText('3 scans waiting', { exact: true })).toBeVisible();
  await expect(staff.getByText(COUNT_SCREEN.offline)).toBeVisible();
  await expect(line(staff, b4.tag)).toContainText('Waiting');
  await expectAccessible(staff);
  await expectNoHorizontalScroll(staff);

  // Reloaded without a connection: the app from the phone, the count and the room as last read, still waiting.
  await staff.reload();
  await expect(staff.getByRole('heading', { name: `Room ${r2.code}` })).toBeVisible();
  await expect(staff.getByText('3 scans waiting', { exact: true })).toBeVisible();
  await expect(staff.getByText(COUNT_SCREEN.offline)).toBeVisible();
  expect(await roomFound(r2.id)).toBe(0);

  // The connection returns: sent in order, each once, and their answers show.
  await staff.context().setOffline(false);
  await expect(staff.getByText(/scans? waiting/)).toBeHidden({ timeout: 60_000 });
  for (const u of [b2, b3, b4]) await expect(line(staff, u.tag)).toContainText('Found');
  await expect.poll(() => roomFound(r2.id)).toBe(3);
  expect(Object.fromEntries(scansSent)).toEqual({ [b2.tag]: 1, [b3.tag]: 1, [b4.tag]: 1 });

  // The office sees the figures per building and room, and moves B1 with one confirmation.
  await admin.reload();
  await expect(figures).toContainText(`${COUNT_SCREEN.found}7`);
  await expect(figures).toContainText(`${COUNT_SCREEN.foundElsewhere}1`);
  await expect(figures).toContainText(`${COUNT_SCREEN.notFound}1`);
  await expect(admin.getByRole('table', { name: 'Progress by room' }).getByRole('row', { name: new RegExp(r2.code) })).toBeVisible();
  await admin.getByRole('tab', { name: `${COUNT_SCREEN.foundElsewhere} (1)` }).click();
  const elsewhere = admin.getByRole('table', { name: COUNT_SCREEN.foundElsewhere }).getByRole('row', { name: new RegExp(b1.tag) });
  await elsewhere.getByRole('button', { name: `${COUNT_SCREEN.moveTo(r1.code)}: ${b1.tag}` }).click();
  const move = admin.getByRole('dialog', { name: COUNT_SCREEN.moveTitle(b1.tag) });
  await expect(move).toContainText(COUNT_SCREEN.moveText(b1.tag, r2.code, r1.code));
  await expectAccessible(admin);
  await move.getByRole('button', { name: COUNT_SCREEN.moveTo(r1.code) }).click();
  await expect(elsewhere).toContainText('Moved');
  const b1Now = (await ok(office.get(`/api/units/by-tag/${b1.tag}`))).unit as { homeRoom: { id: number } | null };
  expect(b1Now.homeRoom?.id).toBe(r1.id);

  // Not found: B5, with its value; then the close, which says what happens.
  await admin.getByRole('tab', { name: `${COUNT_SCREEN.notFound} (1)` }).click();
  await expect(admin.getByRole('table', { name: COUNT_SCREEN.notFound }).getByRole('row', { name: new RegExp(b5.tag) })).toBeVisible();
  await admin.getByRole('button', { name: COUNT_SCREEN.closeCount }).click();
  const close = admin.getByRole('dialog', { name: COUNT_SCREEN.closeTitle(reference) });
  await expect(close).toContainText(COUNT_SCREEN.closeText(1));
  await expectAccessible(admin);
  await close.getByRole('button', { name: COUNT_SCREEN.closeCount }).click();
  await expect(admin.getByText(COUNT_MSG.closedDone(reference))).toBeVisible();

  // The counter's next scan is refused in the server's words and kept to be read.
  await wedge(staff, b5.tag);
  await expect(line(staff, b5.tag)).toContainText(COUNT_MSG.closed(reference));
  await expect(staff.getByRole('region', { name: COUNT_SCREEN.notSent(1) })).toContainText(b5.tag);

  // The count report, read back.
  const [download] = await Promise.all([
    admin.waitForEvent('download'),
    admin.getByRole('button', { name: COUNT_SCREEN.reportPdf }).click(),
  ]);
  const report = (await pdfPages(Buffer.concat(await (await download.createReadStream()).toArray()))).join('\n');
  for (const words of [reference, b5.tag, b1.tag, 'Counted by:', 'Verified by:', 'Approved by:']) expect(report).toContain(words);

  // The second confirmation: the dialog names the count and the number, and asks for LOST to be typed.
  await admin.getByRole('button', { name: COUNT_SCREEN.markLost(1) }).click();
  const lost = admin.getByRole('dialog', { name: COUNT_SCREEN.lostTitle(reference) });
  await expect(lost).toContainText(COUNT_SCREEN.lostText(1, reference));
  await lost.getByRole('button', { name: COUNT_SCREEN.markLost(1) }).click();
  await expect(lost.getByText(`Type ${COUNT_SCREEN.lostConfirmWord} to confirm.`)).toBeVisible();
  await expectAccessible(admin);
  await lost.getByLabel(COUNT_SCREEN.lostConfirmLabel).fill('lost');
  await lost.getByRole('button', { name: COUNT_SCREEN.markLost(1) }).click();
  await expect(admin.getByText(COUNT_MSG.lostDone(1)).first()).toBeVisible();
  await expect(admin.getByRole('button', { name: COUNT_SCREEN.markLost(1) })).toBeHidden();
  await admin.goto(`/admin/units/${b5.tag}`);
  await expect(admin.getByText('Lost', { exact: true }).first()).toBeVisible();

  // The count's page and Not seen for 12 months, on a phone.
  await admin.goto(`/admin/counts/${countId}`);
  await expect(admin.getByRole('heading', { name: `Count ${reference}` })).toBeVisible();
  await admin.setViewportSize({ width: 360, height: 800 });
  await expectNoHorizontalScroll(admin);
  await expectAccessible(admin);
  await admin.goto('/admin/not-seen');
  await expect(admin.getByRole('heading', { name: COUNT_SCREEN.notSeen })).toBeVisible();
  await expect(admin.getByRole('status', { name: 'Loading' })).toBeHidden();
  await expectNoHorizontalScroll(admin);
  await expectAccessible(admin);
  await admin.setViewportSize({ width: 1280, height: 900 });
  await expectAccessible(admin);
});
