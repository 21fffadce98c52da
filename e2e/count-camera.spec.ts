import { expect, test } from './clock';
import { COUNT_SCREEN } from '../core/inventory/counts';
import { fakeCameraShowing } from './fakeCamera';
import { officeApi } from './fixtures';
import { expectAccessible, expectNoHorizontalScroll, signIn } from './support';

// The counter's camera (docs/decisions/counts.md): in a room of an open count, "Scan with the camera" reads a unit's
// label (its QR code holds the unit's short address) and counts it, as a typed tag would; the camera keeps reading
// for the next label, and the same label read again counts once. At 360 px, axe clean.
//
// The camera is Chromium's fake one, playing a video of the label of a unit this journey makes with that tag.

const port = Number(process.env.E2E_PORT ?? 3901);
const suffix = `${process.pid.toString(36)}${Date.now().toString(36).slice(-4)}`.toUpperCase();
const TAG = `CAM-${suffix}`;
test.use(fakeCameraShowing(`http://127.0.0.1:${port}/u/${TAG}`, `count-camera-${port}`));

test("a counter's camera reads a unit's label and counts it once", async ({ page }) => {
  const office = await officeApi();
  const ok = async (res: Promise<import('@playwright/test').APIResponse>, status = 200) => {
    const r = await res;
    expect(r.status(), await r.text()).toBe(status);
    return r.json();
  };
  const code = `CC${suffix}`;
  const building = (await ok(office.post('/api/buildings', { data: { code, name: `Camera Hall ${suffix}` } }), 201)).building;
  const room = (await ok(office.post('/api/rooms', { data: { buildingId: building.id, code: `${code}-1`, name: 'Room 1' } }), 201)).room;
  const item = (
    await ok(office.post('/api/items', { data: { name: `Projector ${suffix}`, category: 'Electrical', quantity: 0, minStock: 0 } }), 201)
  ).item;
  await ok(office.post(`/api/items/${item.id}/track`, { data: { prefix: `CAM${suffix}`, condition: 'good' } }));
  await ok(office.post(`/api/items/${item.id}/units`, { data: { tag: TAG, condition: 'good', homeRoomId: room.id } }), 201);
  await ok(office.post(`/api/items/${item.id}/units`, { data: { tag: `${TAG}-2`, condition: 'good', homeRoomId: room.id } }), 201);
  const reference = `CNT-CAM-${suffix}`;
  const count = (
    await ok(office.post('/api/counts', { data: { reference, name: `Camera count ${suffix}`, buildingIds: [building.id] } }), 201)
  ).count as { id: number };

  await page.setViewportSize({ width: 360, height: 800 });
  await signIn(page, '/personnel-login', 'electrician@campus.test', 'personnel123');
  await expect(page.getByText('Login Successful')).toBeHidden();
  await page.goto('/personnel/count');
  await page.getByRole('button', { name: `Count ${reference}` }).click();
  await page.getByLabel('Room code').fill(room.code);
  await page.getByRole('button', { name: 'Open room', exact: true }).click();
  await expect(page.getByRole('heading', { name: `Room ${room.code}` })).toBeVisible();

  await page.getByRole('button', { name: 'Scan with the camera' }).click();
  const camera = page.getByRole('dialog', { name: `Scan labels in ${room.code}` });
  await expect(camera).toBeVisible();
  // Read from the video, answered under the camera while it keeps reading.
  await expect(camera.getByText(`${TAG} found.`)).toBeVisible({ timeout: 30_000 });
  const log = page.getByRole('log', { name: 'Scans and their answers' });
  await expect(log.getByRole('listitem').filter({ hasText: TAG }).first()).toContainText('Found');
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: test.info().outputPath('count-camera-360.png') });
  await camera.getByRole('button', { name: 'Cancel' }).click();
  await expect(camera).toBeHidden();

  // The label held in front of the camera all along: found once, the other unit still to find.
  const rooms = (await ok(office.get(`/api/counts/${count.id}/rooms`))).items as { id: number; found: number; notFound: number }[];
  expect(rooms.find((r) => r.id === room.id)).toMatchObject({ found: 1 });
  await expect(page.getByRole('group', { name: `Figures of room ${room.code}` })).toContainText(`${COUNT_SCREEN.found}1`);
  await office.dispose();
});
