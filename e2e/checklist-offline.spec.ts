import { expect, test, type Page } from './clock';
import { MSG, OFFLINE_WORK_MSG as SAY } from '../core/messages';
import { todayIn } from '../core/time';
import { officeApi } from './fixtures';
import { keptAnswers, untilWorkerControls } from './offline';
import { expectAccessible, expectNoHorizontalScroll, signIn, untilNoticesClose } from './support';

/**
 * A maintenance checklist filled without a signal (docs/decisions/offline-work.md): the technician's plan job, read
 * on the phone, is filled offline, waits on the phone through a reload made offline (the app kept by its service
 * worker), and reaches the server once when the connection returns; filled while the office gave the job to
 * someone else, it is refused in the server's words with what was marked kept. At 360 px, axe clean.
 */
test.use({ serviceWorkers: 'allow' });

type Office = Awaited<ReturnType<typeof officeApi>>;

/** A monthly plan of a room, its first job due today, done by the given person. */
async function planFor(office: Office, title: string, person: string) {
  const choices = await (await office.get('/api/maintenance-plans/choices')).json();
  const personnelId = choices.personnel.find((p: { name: string }) => p.name === person).id as number;
  const made = await office.post('/api/maintenance-plans', {
    data: {
      title,
      roomId: choices.rooms[0].id,
      personnelId,
      frequency: 'months',
      interval: 1,
      startDate: todayIn('Asia/Manila'),
      startTime: '08:00',
      endTime: '09:00',
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  return (await made.json()).plan as { id: number; code: string; nextJob: { id: number } };
}

async function openChecklists(page: Page, article: string) {
  await page.setViewportSize({ width: 360, height: 800 });
  await signIn(page, '/personnel-login', 'electrician@campus.test', 'personnel123');
  await expect(page).toHaveURL(/\/personnel$/);
  await untilWorkerControls(page);
  await page.goto('/personnel/maintenance-repairs');
  await expect(page.getByRole('heading', { name: 'Maintenance checklists' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('article', { name: article })).toBeVisible();
  // Kept on the phone for reading offline once answered (lib/keptAnswers.ts saves a moment after).
  await expect.poll(() => keptAnswers(page), { timeout: 10_000 }).toContain(article.split(' ')[0]);
}

/** Fills the checklist: 1.1 with a problem and its remarks, 2.1 without; saved on the phone while offline. */
async function fillChecklist(page: Page, code: string, title: string, remarks: string) {
  await page.getByRole('button', { name: `Fill checklist: ${code} ${title}` }).click();
  const dialog = page.getByRole('dialog', { name: `Complete: ${title}` });
  await dialog.getByRole('radio', { name: '1.1 Broken Tiles: x' }).check();
  await dialog.getByLabel('Remarks for 1.1 Broken Tiles').fill(remarks);
  await dialog.getByRole('radio', { name: /^2\.1 .*: check$/ }).check();
  await expect(dialog.getByText('1 marked x (with problem)')).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Save and Complete' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText(SAY.kept).first()).toBeVisible();
}

test('a checklist filled offline waits through an offline reload and reaches the server once', async ({ page, context }) => {
  test.slow();
  const stamp = Date.now().toString(36);
  const title = `Test the exit lights ${stamp}`;
  const remarks = `Cracked tile by door ${stamp}`;
  const office = await officeApi();
  const plan = await planFor(office, title, 'Ramon Dela Cruz');
  const article = `${plan.code} ${title}`;
  await openChecklists(page, article);

  await context.setOffline(true);
  await fillChecklist(page, plan.code, title, remarks);
  const waiting = page.getByRole('status').filter({ hasText: SAY.waiting(1) });
  await expect(waiting).toBeVisible();
  await expect(page.getByRole('article', { name: article }).getByText(SAY.waitingToSend('checklist filled'))).toBeVisible();

  // Reloaded with no connection at all: the page from the worker, the checklists and the change from the phone.
  await page.reload();
  await expect(page.getByRole('article', { name: article }).getByText(SAY.waitingToSend('checklist filled'))).toBeVisible({
    timeout: 30_000,
  });
  await expect(waiting).toBeVisible();
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: /^As of / })
      .first(),
  ).toBeVisible();
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: test.info().outputPath('checklist-waiting-360.png') });

  await context.setOffline(false);
  await expect(waiting).toHaveCount(0, { timeout: 30_000 });
  // Done once: the plan's job done today, its next job scheduled, and one repair report for the problem marked.
  const saved = await (await office.get(`/api/maintenance-plans/${plan.id}`)).json();
  expect(saved.lastDone).toBe(todayIn('Asia/Manila'));
  expect(saved.nextJob.id).not.toBe(plan.nextJob.id);
  const repairs = await (await office.get(`/api/repairs?search=${encodeURIComponent(remarks)}`)).json();
  expect(repairs.total).toBe(1);
  await office.dispose();
});

test('a checklist filled offline for a job the office gave to someone else is refused, told, and kept', async ({ page, context }) => {
  test.slow();
  const title = `Check the fire doors ${Date.now().toString(36)}`;
  const office = await officeApi();
  const plan = await planFor(office, title, 'Ramon Dela Cruz');
  await openChecklists(page, `${plan.code} ${title}`);

  await context.setOffline(true);
  await fillChecklist(page, plan.code, title, 'Door closer leaking oil');
  await expect(page.getByRole('status').filter({ hasText: SAY.waiting(1) })).toBeVisible();

  // Meanwhile the office gives the plan to the plumber: its open job moves to him.
  const edited = await office.get(`/api/maintenance-plans/${plan.id}`).then((r) => r.json());
  const choices = await (await office.get('/api/maintenance-plans/choices')).json();
  const plumber = choices.personnel.find((p: { name: string }) => p.name === 'Lito Mendoza').id as number;
  const moved = await office.put(`/api/maintenance-plans/${plan.id}`, {
    data: {
      title,
      checklist: edited.checklist,
      roomId: edited.roomId,
      unitId: null,
      personnelId: plumber,
      frequency: 'months',
      interval: 1,
      startDate: edited.startDate,
      startTime: '08:00',
      endTime: '09:00',
    },
  });
  expect(moved.ok(), await moved.text()).toBe(true);

  await context.setOffline(false);
  const refusal = page.getByRole('alert', { name: SAY.notSent(MSG.planJobElsewhere) });
  await expect(refusal).toBeVisible({ timeout: 30_000 });
  await expect(refusal.getByText('x (with problem): Door closer leaking oil')).toBeVisible();
  await untilNoticesClose(page);
  await expectAccessible(page);

  // The server never had it: the plan's job is still open, the plumber's.
  const saved = await (await office.get(`/api/maintenance-plans/${plan.id}`)).json();
  expect(saved.lastDone).toBeNull();
  expect(saved.personnelId).toBe(plumber);
  await office.dispose();
});
