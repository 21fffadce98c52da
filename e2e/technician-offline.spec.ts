import { expect, test, type Page } from './clock';
import { MSG, OFFLINE_WORK_MSG as SAY } from '../core/messages';
import type { AssignablePersonnel } from '../core/repairs/schemas';
import { electricianRepair, officeApi } from './fixtures';
import { keptAnswers, untilWorkerControls } from './offline';
import { expectAccessible, expectNoHorizontalScroll, PNG, signIn, untilNoticesClose } from './support';

/**
 * Work offline, nothing lost (docs/decisions/offline-work.md): a technician without a signal starts and completes a
 * job with its description, cost and photos; the changes wait on the phone through a reload with the network off (the
 * app from the service worker, the jobs "As of" their kept copy) and are sent once, in order, when the connection
 * returns. A change the server refuses meanwhile (the office gave the job to someone else) is told in the server's
 * words, with what was typed and photographed kept. At 360 px, axe clean.
 */

const stamp = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
/** The note over a list read from the phone's kept copy. */
const KEPT_COPY = /^As of .+: you are offline, so this is the copy last saved on this device\.$/;
const card = (page: Page, code: string) => page.getByRole('article', { name: code, exact: true });

async function openJobs(page: Page, code: string) {
  await page.setViewportSize({ width: 360, height: 800 });
  await signIn(page, '/personnel-login', 'electrician@campus.test', 'personnel123');
  await expect(page).toHaveURL(/\/personnel$/);
  await page.goto(`/personnel/maintenance-repairs?q=${code}`);
  await expect(card(page, code)).toBeVisible({ timeout: 30_000 });
}

/** Mark as In Progress or Completed on the job's card, with a photo (and, completing, the description and cost). */
async function markAs(page: Page, code: string, next: 'In Progress' | 'Completed', work?: { description: string; cost: string }) {
  await card(page, code)
    .getByRole('button', { name: `Mark as ${next}` })
    .click();
  const dialog = page.getByRole('dialog', { name: `Mark as ${next}: ${code}` });
  if (work) {
    await dialog.getByLabel('Work Description').fill(work.description);
    const cost = dialog.getByLabel('Actual Cost (₱)');
    await cost.clear();
    await cost.fill(work.cost);
    // "₱250" while the field is being typed in, "₱250.00" once it is left (PesoInput): the same amount.
    await expect(cost).toHaveValue(new RegExp(`^₱${work.cost}(\\.00)?$`));
  }
  const photo = next === 'Completed' ? 'after.png' : 'before.png';
  await page.locator('#work-proof').setInputFiles({ name: photo, mimeType: 'image/png', buffer: PNG });
  await expect(dialog.getByText(photo)).toBeVisible();
  await dialog.getByRole('button', { name: `Mark as ${next}` }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText(SAY.kept).first()).toBeVisible();
}

/** The browser's connection is back: its `online` event fires, as on a phone that finds its signal again. */
async function backOnline(page: Page) {
  await page.context().setOffline(false);
}

// Reloaded truly offline: the service worker gives the app's own files (the other journeys block it).
test.describe(() => {
  test.use({ serviceWorkers: 'allow' });

  test('a job started and completed offline waits through a reload and reaches the server once', async ({ page }) => {
    test.slow();
    const report = await electricianRepair(`Offline Hall ${stamp()}`, false);
    await openJobs(page, report.code);
    // The app and the jobs kept on the phone before the signal goes.
    await untilWorkerControls(page);
    await expect.poll(() => keptAnswers(page), { timeout: 10_000 }).toContain(report.code);

    await page.context().setOffline(true);
    await markAs(page, report.code, 'In Progress');
    // The card shows at once what the technician did, and the next step is there to take.
    await expect(card(page, report.code).getByText(SAY.waitingToSend('started'))).toBeVisible();
    const description = 'Replaced the flickering tube and its starter; tested for ten minutes.';
    await markAs(page, report.code, 'Completed', { description, cost: '250' });
    await expect(card(page, report.code).getByText(SAY.waitingToSend('started, completed'))).toBeVisible();
    const waiting = page.getByRole('status').filter({ hasText: SAY.waiting(2) });
    await expect(waiting).toBeVisible();
    await expect(waiting.getByText(SAY.whenOnline)).toBeVisible();
    await untilNoticesClose(page);
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);

    // A reload without a connection: the service worker gives the app's own files, the kept answers who is signed in
    // and the jobs as they were, and the phone the changes waiting to send.
    await page.reload();
    await expect(waiting).toBeVisible({ timeout: 30_000 });
    await expect(waiting.getByText(`${report.code} (${report.building} - Room 4): started`)).toBeVisible();
    await expect(waiting.getByText(`${report.code} (${report.building} - Room 4): completed`)).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: KEPT_COPY })).toBeVisible();
    await expect(card(page, report.code).getByText(SAY.waitingToSend('started, completed'))).toBeVisible();
    await expectAccessible(page);

    // The connection returns: the changes are sent, in order, and the card shows the job completed.
    await backOnline(page);
    await expect(page.getByText(SAY.waiting(2))).toHaveCount(0, { timeout: 30_000 });
    await expect(card(page, report.code)).toBeVisible({ timeout: 30_000 });
    await expect(card(page, report.code).getByText('Completed', { exact: true })).toBeVisible();
    await expect(card(page, report.code).getByText(/Waiting to send/)).toHaveCount(0);

    const office = await officeApi();
    const saved = (await (await office.get(`/api/repairs/${report.id}`)).json()).report;
    expect(saved).toMatchObject({ status: 'completed', workDescription: description, actualCost: 250 });
    const timeline = (await (await office.get(`/api/repairs/${report.id}/timeline`)).json()).items as { step: string }[];
    expect(timeline.filter((s) => s.step === 'Started')).toHaveLength(1);
    expect(timeline.filter((s) => s.step === 'Completed')).toHaveLength(1);
    await office.dispose();
  });
});

test('a completion made offline on a job the office gave to someone else is refused, told, and kept', async ({ page }) => {
  test.slow();
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  const report = await electricianRepair(`Reassigned Hall ${stamp()}`, true);
  await openJobs(page, report.code);

  await page.context().setOffline(true);
  const description = 'Rewired the switch box and replaced the cover plate.';
  await markAs(page, report.code, 'Completed', { description, cost: '300' });
  await expect(page.getByRole('status').filter({ hasText: SAY.waiting(1) })).toBeVisible();

  // Meanwhile the office gives the job to the plumber.
  const office = await officeApi();
  const people = (await (await office.get('/api/repairs/personnel')).json()) as AssignablePersonnel;
  const plumber = people.items.find((p) => p.fullName === 'Lito Mendoza')!;
  const moved = await office.put(`/api/repairs/${report.id}/assignment`, { data: { assignedTo: plumber.id, status: 'in-progress' } });
  expect(moved.ok(), await moved.text()).toBe(true);

  await backOnline(page);
  const refusal = page.getByRole('alert', { name: SAY.notSent(MSG.repairAssignedElsewhere) });
  await expect(refusal).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(SAY.waiting(1))).toHaveCount(0);
  await expect(refusal.getByText(description)).toBeVisible();
  await expect(refusal.getByText('₱300.00')).toBeVisible();
  const photo = refusal.getByRole('img', { name: SAY.photoAlt('completed', report.code) });
  await expect(photo).toBeVisible();
  expect(await photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await untilNoticesClose(page);
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);

  // Kept through a reload: nothing is dropped unless the technician says so.
  await page.reload();
  await expect(refusal).toBeVisible({ timeout: 30_000 });
  await refusal.getByRole('button', { name: SAY.copyText }).click();
  await expect(page.getByText(SAY.copied)).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(description);
  await refusal.getByRole('button', { name: SAY.viewPhoto }).click();
  const viewer = page.getByRole('dialog', { name: SAY.photoAlt('completed', report.code) });
  await expect(viewer.getByRole('img', { name: SAY.photoAlt('completed', report.code) })).toBeVisible();
  await untilNoticesClose(page);
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(viewer).toHaveCount(0);

  // Discard asks first; kept, it stays; discarded, it is gone.
  await refusal.getByRole('button', { name: SAY.discard }).click();
  const ask = page.getByRole('dialog', { name: SAY.discardTitle });
  await ask.getByRole('button', { name: SAY.keepIt }).click();
  await expect(refusal).toBeVisible();
  await refusal.getByRole('button', { name: SAY.discard }).click();
  await ask.getByRole('button', { name: SAY.discard }).click();
  await expect(refusal).toHaveCount(0);

  // The server never had the completion: the job is the plumber's, still in progress.
  const saved = (await (await office.get(`/api/repairs/${report.id}`)).json()).report;
  expect(saved).toMatchObject({ status: 'in-progress', assignedTo: plumber.id });
  const timeline = (await (await office.get(`/api/repairs/${report.id}/timeline`)).json()).items as { step: string }[];
  expect(timeline.filter((s) => s.step === 'Completed')).toHaveLength(0);
  await office.dispose();
});
