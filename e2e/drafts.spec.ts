import { expect, test, type Locator, type Page } from './clock';
import sharp from 'sharp';
import { DRAFT_MSG, MSG } from '../core/messages';
import { apiAs, electricianRepair, fileRequest } from './fixtures';
import { expectAccessible, expectNoHorizontalScroll, PNG, signIn } from './support';

/**
 * "Nothing typed is lost" (docs/decisions/drafts.md): what a person types and chooses is kept as a draft per thing until it is
 * sent (through closing the dialog, a reload and an expired session), closing a dialog that holds a draft asks
 * first, phone photos are shrunk in the browser before they are sent, and "Ready to send" lasts only until the
 * server answers. Each journey makes its own report or request.
 */

const stamp = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const card = (page: Page, code: string) => page.getByRole('article', { name: code, exact: true });
const question = (page: Page, title: string) => page.getByRole('dialog', { name: title });

async function signInElectrician(page: Page) {
  await signIn(page, '/personnel-login', 'electrician@campus.test', 'personnel123');
  await expect(page).toHaveURL(/\/personnel$/);
}

/** The electrician's repair screen narrowed to one report. */
async function openRepairs(page: Page, code: string) {
  await page.goto(`/personnel/maintenance-repairs?q=${code}`);
  await expect(card(page, code)).toBeVisible({ timeout: 30_000 });
}

/** Reloads the page and waits for `ready` (a busy test machine takes its time over a cold load). */
async function reload(page: Page, ready: Locator) {
  await page.reload();
  await expect(ready).toBeVisible({ timeout: 30_000 });
}

/** A tap on the strip of page left of a centered dialog. */
async function tapOutside(page: Page) {
  const viewport = page.viewportSize()!;
  await page.mouse.click(4, viewport.height / 2);
}

/** The drafts this browser keeps (their keys in localStorage). */
const keptDrafts = (page: Page) => page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('gso:draft:')));

/** How many chosen files the drafts keep (IndexedDB). */
const keptFiles = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('gso-drafts', 1);
        open.onupgradeneeded = () => open.result.createObjectStore('files');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const count = open.result.transaction('files').objectStore('files').count();
          count.onsuccess = () => {
            open.result.close();
            resolve(count.result);
          };
        };
      }),
  );

async function expectDescriptionAndPhoto(dialog: Locator, text: string, photo: string) {
  await expect(dialog.getByLabel('Work Description')).toHaveValue(text);
  await expect(dialog.getByText(photo)).toBeVisible();
  await expect(dialog.getByText(DRAFT_MSG.readyToSend)).toBeVisible();
}

test('a technician’s work description and photo survive a stray tap, a reload and an expired session', async ({ page }) => {
  test.slow();
  const report = await electricianRepair(`Drafts Hall ${stamp()}`, true);
  await signInElectrician(page);
  await openRepairs(page, report.code);

  // Nothing typed: Update closes at once, without a question.
  await card(page, report.code).getByRole('button', { name: 'Update' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // Typed and chosen: a tap outside asks first, and Keep editing keeps the dialog as it was.
  const text = 'Replaced the ballast of the ceiling light and tested it for ten minutes.';
  await card(page, report.code).getByRole('button', { name: 'Mark as Completed' }).click();
  const dialog = page.getByRole('dialog', { name: `Mark as Completed: ${report.code}` });
  await dialog.getByLabel('Work Description').fill(text);
  await page.locator('#work-proof').setInputFiles({ name: 'ballast.png', mimeType: 'image/png', buffer: PNG });
  await expectDescriptionAndPhoto(dialog, text, 'ballast.png');
  await expect(dialog.getByText(DRAFT_MSG.toSend('0.00 MB'))).toBeVisible();
  await expectAccessible(page);
  await tapOutside(page);
  const ask = question(page, DRAFT_MSG.discardTitle('the work description and photo'));
  await expect(ask).toBeVisible();
  await expect(ask.getByRole('button', { name: DRAFT_MSG.keepEditing })).toBeFocused();
  await expectAccessible(page);
  await ask.getByRole('button', { name: DRAFT_MSG.keepEditing }).click();
  await expect(ask).toHaveCount(0);
  await expectDescriptionAndPhoto(dialog, text, 'ballast.png');

  // Escape asks too; Escape on the question answers "keep editing" and does not ask again.
  await dialog.getByLabel('Work Description').press('Escape');
  await expect(ask).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(ask).toHaveCount(0);
  await expect(dialog).toBeVisible();

  // Cancel asks; Keep as draft closes and says so, and the card is marked.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await ask.getByRole('button', { name: DRAFT_MSG.keepDraft }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText(DRAFT_MSG.draftKeptTitle)).toBeVisible();
  await expect(card(page, report.code).getByText(DRAFT_MSG.draftMark, { exact: true })).toBeVisible();

  // A reload: the card is still marked, and the dialog opens with the text and the photo.
  await reload(page, card(page, report.code));
  await expect(card(page, report.code).getByText(DRAFT_MSG.draftMark, { exact: true })).toBeVisible();
  await card(page, report.code).getByRole('button', { name: 'Mark as Completed' }).click();
  await expectDescriptionAndPhoto(dialog, text, 'ballast.png');
  await expect(dialog.getByRole('status').filter({ hasText: 'Draft kept (saved' })).toBeVisible();

  // The session ends (signed out elsewhere): Confirm sends the person to sign in, and nothing is lost.
  await page.context().clearCookies();
  await dialog.getByRole('button', { name: 'Mark as Completed' }).click();
  await expect(page).toHaveURL(/\/personnel-login$/);
  await expect(page.getByText(MSG.sessionEnded)).toBeVisible();
  await page.getByLabel('Username').fill('electrician@campus.test');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('personnel123');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/personnel\/maintenance-repairs\?q=/);
  await expect(card(page, report.code)).toBeVisible({ timeout: 30_000 });
  await card(page, report.code).getByRole('button', { name: 'Mark as Completed' }).click();
  await expectDescriptionAndPhoto(dialog, text, 'ballast.png');

  // Sent: the draft is gone with it.
  await dialog.getByRole('button', { name: 'Mark as Completed' }).click();
  await expect(page.getByText(MSG.markedCompleted).first()).toBeVisible();
  await expect(card(page, report.code).getByText('Completed', { exact: true })).toBeVisible();
  await expect(card(page, report.code).getByText(DRAFT_MSG.draftMark, { exact: true })).toHaveCount(0);
  expect(await keptDrafts(page)).toEqual([]);
  const sent = await (await page.request.get(`/api/repairs/${report.id}`)).json();
  expect(sent.report.workDescription).toBe(text);
});

test('a phone photo is shrunk before it is sent, and a photo the server refuses is no longer ready to send', async ({ page }) => {
  test.slow();
  const report = await electricianRepair(`Photo Hall ${stamp()}`, false);
  // A 12-megapixel phone photo over the 5 MB limit, taken upright with the phone turned (EXIF orientation 6).
  const photo = await sharp({
    create: { width: 4000, height: 3000, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } },
  })
    .jpeg({ quality: 95 })
    .withMetadata({ orientation: 6 })
    .toBuffer();
  expect(photo.length).toBeGreaterThan(5 * 1024 * 1024);
  const picked = (photo.length / (1024 * 1024)).toFixed(2);

  await signInElectrician(page);
  await openRepairs(page, report.code);
  await card(page, report.code).getByRole('button', { name: 'Mark as In Progress' }).click();
  const dialog = page.getByRole('dialog', { name: `Mark as In Progress: ${report.code}` });

  // A file that only says it is a JPEG passes the browser's check; the server refuses it, and it is dropped.
  await page
    .locator('#work-proof')
    .setInputFiles({ name: 'broken.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('not a photo at all') });
  await expect(dialog.getByText(DRAFT_MSG.readyToSend)).toBeVisible();
  await dialog.getByRole('button', { name: 'Mark as In Progress' }).click();
  await expect(dialog.getByRole('alert')).toContainText(MSG.proofInvalidType);
  await expect(dialog.getByText(DRAFT_MSG.readyToSend)).toHaveCount(0);
  await expect(dialog.getByText('broken.jpg')).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Mark as In Progress' })).toBeDisabled();

  // The phone photo is shrunk to send: the size to send is shown, with the size picked.
  await page.locator('#work-proof').setInputFiles({ name: 'IMG_2041.jpg', mimeType: 'image/jpeg', buffer: photo });
  // Decoding and encoding a 12-megapixel photo takes a phone a second or two; a busy test machine longer.
  await expect(dialog.getByText('IMG_2041.jpg')).toBeVisible({ timeout: 30_000 });
  const size = dialog.getByText(/ MB to send, shrunk from /);
  await expect(size).toHaveText(new RegExp(`^\\d\\.\\d\\d MB to send, ${DRAFT_MSG.shrunkFrom(`${picked} MB`)}$`));
  await expect(dialog.getByText(DRAFT_MSG.readyToSend)).toBeVisible();
  await expectAccessible(page);
  await page.setViewportSize({ width: 360, height: 740 });
  await expectNoHorizontalScroll(page);
  await dialog.getByRole('button', { name: 'Mark as In Progress' }).click();
  await expect(page.getByText(MSG.markedInProgress).first()).toBeVisible();
  await expect(card(page, report.code).getByText('In Progress', { exact: true })).toBeVisible();

  // The server kept it upright, at most 2,000 pixels long.
  const stored = await page.request.get(`/api/repairs/${report.id}/start-proof`);
  expect(stored.ok()).toBe(true);
  const meta = await sharp(await stored.body()).metadata();
  expect([meta.width, meta.height]).toEqual([1500, 2000]);
  expect(await keptDrafts(page)).toEqual([]);
});

test('the repair report form and its edit dialog keep their drafts; Discard clears one', async ({ page }) => {
  test.slow();
  const building = `Draft Annex ${stamp()}`;
  await signIn(page, '/login', 'faculty@campus.test', 'faculty123');
  await page.getByRole('button', { name: 'Continue to Dashboard' }).click();
  await expect(page).toHaveURL(/\/users$/);

  // A new report half written survives a reload, and is gone once sent.
  await page.goto('/users/report-repairs');
  await page.getByLabel('Building').fill(building);
  await page.getByLabel('Issue description').fill('The door of the stock room does not latch.');
  await reload(page, page.getByLabel('Building'));
  await expect(page.getByLabel('Building')).toHaveValue(building);
  await expect(page.getByLabel('Issue description')).toHaveValue('The door of the stock room does not latch.');
  await expect(page.getByRole('status').filter({ hasText: 'Draft kept (saved' })).toBeVisible();
  await page.getByLabel('Room').fill('Room 3');
  await page.getByRole('combobox', { name: 'Preferred day' }).click();
  await page.getByRole('option', { name: 'Monday' }).click();
  await page.getByLabel('Start time').fill('08:00');
  await page.getByLabel('End time').fill('09:00');
  await page.getByRole('button', { name: 'Submit Report' }).click();
  await expect(page.getByRole('tab', { name: /My Reports/, selected: true })).toBeVisible();
  const mine = page.locator('article', { hasText: building });
  await expect(mine).toHaveCount(1);
  expect(await keptDrafts(page)).toEqual([]);
  await page.getByRole('tab', { name: 'New Report' }).click();
  await expect(page.getByLabel('Building')).toHaveValue('');

  // Editing: a change is kept through a reload; Escape asks, and Discard goes back to the report as it is.
  await page.getByRole('tab', { name: /My Reports/ }).click();
  await mine.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: /^Edit Repair Report/ });
  await edit.getByLabel('Issue description').fill('The door does not latch, and the hinge is loose.');
  await reload(page, mine);
  await mine.getByRole('button', { name: 'Edit' }).click();
  await expect(edit.getByLabel('Issue description')).toHaveValue('The door does not latch, and the hinge is loose.');
  await expectAccessible(page);
  await edit.getByLabel('Issue description').press('Escape');
  const ask = question(page, DRAFT_MSG.discardTitle('your changes'));
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: DRAFT_MSG.discard, exact: true }).click();
  await expect(edit).toHaveCount(0);
  await mine.getByRole('button', { name: 'Edit' }).click();
  await expect(edit.getByLabel('Issue description')).toHaveValue('The door of the stock room does not latch.');
  // Unchanged, it closes without a question.
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await expect(edit).toHaveCount(0);
  expect(await keptDrafts(page)).toEqual([]);
});

test('a reject reason is kept as a draft until the request is rejected with it', async ({ page }) => {
  test.slow();
  const borrower = await apiAs('faculty@campus.test', 'faculty123', 'user');
  const request = await fileRequest(borrower, [['Broom', 1]], `Draft reject ${stamp()}`);
  const reason = 'Brooms are kept for the clean-up drive this week.';
  await signInElectrician(page);
  await page.goto(`/personnel/requests?q=${request.code}`);
  await expect(card(page, request.code)).toBeVisible({ timeout: 30_000 });
  await card(page, request.code).getByRole('button', { name: 'Reject' }).click();
  const dialog = page.getByRole('dialog', { name: `Reject ${request.code}` });
  await dialog.getByLabel('Reason (optional)').fill(reason);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  const ask = question(page, DRAFT_MSG.discardTitle('the reason'));
  await expectAccessible(page);
  await ask.getByRole('button', { name: DRAFT_MSG.keepDraft }).click();
  await expect(dialog).toHaveCount(0);

  await page.setViewportSize({ width: 360, height: 740 });
  await reload(page, card(page, request.code));
  await expect(card(page, request.code).getByText(DRAFT_MSG.draftMark, { exact: true })).toBeVisible();
  await card(page, request.code).getByRole('button', { name: 'Reject' }).click();
  await expect(dialog.getByLabel('Reason (optional)')).toHaveValue(reason);
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await expect(page.getByText(MSG.requestRejected).first()).toBeVisible();
  const rejected = await (await page.request.get(`/api/borrow-requests/${request.id}`)).json();
  expect(rejected.request.rejectReason).toBe(reason);
  expect(await keptDrafts(page)).toEqual([]);
});

test('signing out asks before it discards the drafts kept on this device', async ({ page }) => {
  test.slow();
  const report = await electricianRepair(`Sign-out Hall ${stamp()}`, true);
  await signInElectrician(page);
  await openRepairs(page, report.code);
  await card(page, report.code).getByRole('button', { name: 'Mark as Completed' }).click();
  await page.getByRole('dialog').getByLabel('Work Description').fill('Bring a longer ladder next time.');
  await page.locator('#work-proof').setInputFiles({ name: 'ladder.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('dialog').getByText(DRAFT_MSG.readyToSend)).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await question(page, DRAFT_MSG.discardTitle('the work description and photo')).getByRole('button', { name: DRAFT_MSG.keepDraft }).click();
  await expect.poll(() => keptFiles(page)).toBe(1);

  await page.getByRole('button', { name: 'Logout' }).click();
  const ask = page.getByRole('dialog', { name: DRAFT_MSG.signOutTitle });
  await expect(ask).toContainText(DRAFT_MSG.signOutText(1));
  await ask.getByRole('button', { name: DRAFT_MSG.staySignedIn }).click();
  await expect(page).toHaveURL(/\/personnel\/maintenance-repairs/);
  await page.getByRole('button', { name: 'Logout' }).click();
  await ask.getByRole('button', { name: DRAFT_MSG.signOut }).click();
  await expect(page).toHaveURL(/\/personnel-login$/);
  expect(await keptDrafts(page)).toEqual([]);
  await expect.poll(() => keptFiles(page)).toBe(0);
});
