import { expect, test, type Page } from './clock';
import QRCode from 'qrcode';
import { fakeCameraShowing } from './fakeCamera';
import { expectAccessible, expectNoHorizontalScroll, signIn } from './support';

// Labels and scanning (docs/decisions/labels-and-scanning.md): the office's Scan button reads a room label's QR
// code from the camera and opens the room's short address; without a camera, a typed room code or tag opens its
// page; and Buildings & Rooms prints the rooms' labels as a PDF. On a desktop and at 360 px.
//
// The camera is Chromium's fake one, playing a video made here of a QR code of a demo room's short address.

const port = Number(process.env.E2E_PORT ?? 3901);
const origin = `http://127.0.0.1:${port}`;
const ROOM = 'SCI-CHEM2';

test.use(fakeCameraShowing(`${origin}/r/${ROOM}`, `scan-${port}`));

/** The camera refused, as when a person says no to the browser's question. */
const refuseCamera = (page: Page) =>
  page.addInitScript(() => {
    navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
  });

test('the Scan button reads a room label from the camera and opens its short address', async ({ page }) => {
  await signIn(page, '/admin-login', 'admin', 'admin123');
  await expect(page).toHaveURL(/\/admin$/);
  await page.getByRole('button', { name: 'Scan', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Scan a label' });
  // The fake camera shows the label: it is read at once, the camera stopped, and the room's short address opened,
  // which leads an administrator on to the room's page.
  await expect(page).toHaveURL(`${origin}/admin/rooms/${ROOM}`);
  await expect(dialog).toBeHidden();
  const live = await page.evaluate(() =>
    Array.from(document.querySelectorAll('video')).some((v) => v.srcObject && (v.srcObject as MediaStream).active),
  );
  expect(live).toBe(false);
});

test('without a camera, a typed room code or tag opens its page; personnel scan too', async ({ page }) => {
  await refuseCamera(page);
  await signIn(page, '/admin-login', 'staff@campus.test', 'staff123');
  await expect(page).toHaveURL(/\/admin$/);
  await page.getByRole('button', { name: 'Scan', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Scan a label' });
  await expect(dialog.getByText(/The camera was not allowed/)).toBeVisible();
  await expectAccessible(page);

  // Keyboard alone: the field, Enter.
  const field = dialog.getByRole('textbox', { name: 'Tag or room code' });
  await field.press('Enter');
  await expect(dialog.getByText('Type a tag or a room code')).toBeVisible();
  await field.fill(ROOM.toLowerCase());
  await field.press('Enter');
  await expect(page).toHaveURL(`${origin}/admin/rooms/${ROOM}`);

  // A code no room has is a unit's tag.
  await page.goto('/admin/locations');
  await page.getByRole('button', { name: 'Scan', exact: true }).click();
  await dialog.getByRole('textbox', { name: 'Tag or room code' }).fill('PRJ-0001');
  await dialog.getByRole('button', { name: 'Open' }).click();
  await expect(page).toHaveURL(`${origin}/u/PRJ-0001`);

  // At 360 px the button keeps its name, and the dialog fits.
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto('/admin/locations');
  await page.getByRole('button', { name: 'Scan', exact: true }).click();
  await expect(dialog.getByText(/The camera was not allowed/)).toBeVisible();
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  // Personnel have the button; faculty do not.
  await page.context().clearCookies();
  await signIn(page, '/personnel-login', 'electrician@campus.test', 'personnel123');
  await expect(page.getByRole('button', { name: 'Scan', exact: true })).toBeVisible();
  await page.context().clearCookies();
  await signIn(page, '/login', 'faculty@campus.test', 'faculty123');
  await page.getByRole('button', { name: 'Continue to Dashboard' }).click();
  await expect(page).toHaveURL(/\/users$/);
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeAttached();
  await expect(page.getByRole('button', { name: 'Scan', exact: true })).toHaveCount(0);
});

test("a QR code that is not one of the office's labels says so, and scanning again reads on", async ({ page }) => {
  // The camera shows another site's QR code: a canvas drawn with it, streamed as the camera.
  const foreign = await QRCode.toDataURL('https://example.com/r/SCI-CHEM2', { margin: 4, width: 400 });
  await page.addInitScript((src) => {
    navigator.mediaDevices.getUserMedia = async () => {
      const canvas = document.createElement('canvas');
      canvas.width = 400;
      canvas.height = 400;
      const img = new Image();
      img.src = src;
      await img.decode();
      const ctx = canvas.getContext('2d')!;
      const draw = () => {
        ctx.drawImage(img, 0, 0);
        requestAnimationFrame(draw);
      };
      draw();
      return canvas.captureStream(10);
    };
  }, foreign);
  await signIn(page, '/personnel-login', 'electrician@campus.test', 'personnel123');
  await page.getByRole('button', { name: 'Scan', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Scan a label' });
  await expect(dialog.getByRole('alert').filter({ hasText: 'Not a Campus GSO label' })).toBeVisible();
  await expect(page).toHaveURL(/\/personnel$/);
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Scan again' }).click();
  await expect(dialog.getByRole('alert').filter({ hasText: 'Not a Campus GSO label' })).toBeVisible();
  await dialog
    .getByRole('button', { name: 'Close' })
    .click()
    .catch(() => dialog.getByRole('button', { name: 'Cancel' }).click());
  await expect(dialog).toBeHidden();
});

test('Buildings & Rooms prints the rooms the list shows as QR labels', async ({ page }) => {
  await signIn(page, '/admin-login', 'admin', 'admin123');
  await page.goto('/admin/locations');
  await page.getByRole('searchbox', { name: 'Search rooms' }).fill('SCI-');
  await expect(page).toHaveURL(/q=SCI-/);
  await page.getByRole('button', { name: 'Print labels' }).click();
  const dialog = page.getByRole('dialog', { name: 'Print labels' });
  await expect(dialog.getByText(/matching "SCI-"/)).toBeVisible();
  // The address the codes hold is named; the journeys' server has no public APP_URL, so a phone could not open it.
  await expect(
    dialog.getByText(new RegExp(`^The QR codes will open addresses at http://(localhost|127\\.0\\.0\\.1):\\d+\\.$`)),
  ).toBeVisible();
  await expect(dialog.getByRole('alert').filter({ hasText: 'Labels a phone cannot open' })).toContainText(
    /A phone cannot open http:\/\/(localhost|127\.0\.0\.1):\d+: it is the server machine itself\. Set APP_URL to the address people use/,
  );
  await page.screenshot({ path: 'test-results/labels-1280.png' });
  await expectAccessible(page);
  await dialog.getByRole('radio', { name: 'One label per page' }).check();
  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download PDF' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^room_labels_\d{4}-\d{2}-\d{2}\.pdf$/);
  const pdf = Buffer.concat(await (await download.createReadStream()).toArray());
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  await expect(dialog).toBeHidden();

  // One room's label, from its row.
  await page.getByRole('button', { name: `Print label of room Chem Lab 2 (${ROOM})` }).click();
  await expect(dialog.getByText(`Labels for room Chem Lab 2 (${ROOM}) of Science Building`)).toBeVisible();
  const [one] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download PDF' }).click()]);
  expect(
    Buffer.concat(await (await one.createReadStream()).toArray())
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');
  await expect(dialog).toBeHidden();

  await page.setViewportSize({ width: 360, height: 800 });
  await page.getByRole('button', { name: 'Print labels' }).click();
  await expect(dialog.getByRole('radio', { name: /A4 sheet/ })).toBeChecked();
  await expect(dialog.getByText('Labels a phone cannot open')).toBeVisible();
  await page.screenshot({ path: 'test-results/labels-360.png' });
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);
});
