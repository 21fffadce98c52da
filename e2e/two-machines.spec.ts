// Two app machines behind one address: separate working folders, one database (PostgreSQL in the PostgreSQL run,
// else one SQLite file) and one object store (a local S3-compatible server). A person moves between them as a
// load balancer would send them (docs/deployment.md, Two or more app machines).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, request, test, type APIRequestContext } from './clock';
import { addDays, todayIn } from '../core/time';
import { freshPostgres } from '../tests/freshDatabase';
import { startS3 } from '../tests/s3Server';
import { openEveryDayOn, startServer, type ServerProcess } from '../tests/serverProcess';
import { expectAccessible, PNG, signIn } from './support';

test.describe.configure({ mode: 'serial' });

let one: ServerProcess;
let two: ServerProcess;
const cleanup: (() => Promise<void> | void)[] = [];

test.beforeAll(async () => {
  test.setTimeout(240_000);
  const s3 = await startS3();
  cleanup.push(() => s3.close());
  const pg = process.env.DATABASE_URL ? await freshPostgres(process.env.DATABASE_URL, 'gso_two_machines') : null;
  if (pg) cleanup.push(() => pg.drop());
  const shared = fs.mkdtempSync(path.join(os.tmpdir(), 'gso-shared-'));
  const folders = [1, 2].map((n) => fs.mkdtempSync(path.join(os.tmpdir(), `gso-machine${n}-`)));
  cleanup.push(() => [shared, ...folders].forEach((d) => fs.rmSync(d, { recursive: true, force: true })));
  const env = { ...s3.env(), DATABASE_URL: pg?.url ?? '', SQLITE_PATH: pg ? '' : path.join(shared, 'gso.sqlite'), LOG_LEVEL: 'warn' };
  // The first migrates and loads the demo; the second finds both done.
  one = await startServer({ ...env, DATA_DIR: folders[0]! });
  two = await startServer({ ...env, DATA_DIR: folders[1]! });
  await openEveryDayOn(one.base);
});

test.afterAll(async () => {
  for (const server of [one, two]) if (server && server.process.exitCode === null) server.process.kill('SIGTERM');
  await Promise.all([one?.exited, two?.exited]);
  for (const step of cleanup.reverse()) await step();
});

async function apiOn(base: string, email: string, password: string, portal: 'user' | 'admin'): Promise<APIRequestContext> {
  const ctx = await request.newContext({ baseURL: base });
  const res = await ctx.post('/api/auth/login', { data: { email, password, portal } });
  expect(res.ok(), `sign in ${email} on ${base}`).toBe(true);
  return ctx;
}

test('a person moves between two app machines: session, lists, photos and limits are the same on both', async ({ page }) => {
  // Signed in on machine one; the same session opens the portal on machine two.
  await signIn(page, `${one.base}/admin-login`, 'admin@campus.test', 'admin123');
  await expect(page).toHaveURL(`${one.base}/admin`);
  await page.goto(`${two.base}/admin/requests?tab=pending`);
  // Machine two's first page: its process serves its first requests cold.
  await expect(page.getByRole('heading', { name: 'Service Requests' })).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(`${two.base}/admin/requests?tab=pending`);

  // A request filed through machine one is on machine two's list at once (machine two had the list kept).
  const student = await apiOn(one.base, 'student@campus.test', 'student123', 'user');
  const items = await (await student.get('/api/items?search=Monobloc&pageSize=5')).json();
  const chairs = items.items.find((i: { name: string }) => i.name === 'Monobloc Chair');
  expect(chairs, 'the demo chairs').toBeTruthy();
  const purpose = `Two machines ${Date.now().toString(36)}`;
  const today = todayIn('Asia/Manila');
  const filed = await student.post('/api/borrow-requests', {
    data: { purpose, dateNeeded: today, dateExpectedReturn: addDays(today, 2), items: [{ itemId: chairs.id, quantity: 1 }] },
  });
  expect(filed.status(), await filed.text()).toBe(201);
  const id: number = (await filed.json()).request.id;
  await page.reload();
  await expect(page.getByText(purpose)).toBeVisible();

  // Approved through machine two, returned with a photo through machine one: machine two shows that photo.
  const office = await apiOn(two.base, 'admin@campus.test', 'admin123', 'admin');
  expect((await office.post(`/api/borrow-requests/${id}/approve`, { data: { items: [chairs.id] } })).ok()).toBe(true);
  const returned = await student.post(`/api/borrow-requests/${id}/return`, {
    multipart: { proof: { name: 'proof.png', mimeType: 'image/png', buffer: PNG } },
  });
  expect(returned.ok(), await returned.text()).toBe(true);
  const fromOne = await student.get(`/api/borrow-requests/${id}/proof`);
  const fromTwo = await office.get(`/api/borrow-requests/${id}/proof`);
  expect(fromTwo.status()).toBe(200);
  expect(fromTwo.headers()['content-type']).toBe('image/png');
  expect(Buffer.compare(await fromTwo.body(), await fromOne.body())).toBe(0);
  await page.goto(`${two.base}/admin/requests?tab=returned&q=REQ-${id}`);
  await page.getByRole('button', { name: 'View Proof' }).first().click();
  const proof = page.getByRole('img', { name: `Proof of Return for REQ-${id}` });
  await expect.poll(() => proof.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  await expectAccessible(page);

  // Five wrong passwords through machine one: the sixth try through machine two is refused too.
  const guesser = await request.newContext();
  for (let i = 0; i < 5; i++) {
    const res = await guesser.post(`${one.base}/api/auth/login`, {
      data: { email: 'mlopez@campus.test', password: 'wrong-1', portal: 'user' },
    });
    expect(res.status()).toBe(401);
  }
  const sixth = await guesser.post(`${two.base}/api/auth/login`, {
    data: { email: 'mlopez@campus.test', password: 'wrong-1', portal: 'user' },
  });
  expect(sixth.status()).toBe(429);
  expect((await sixth.json()).error.message).toMatch(/try again in \d+ minutes?/i);
  for (const ctx of [student, office, guesser]) await ctx.dispose();
});
