import * as mupdf from 'mupdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../core/messages';
import { labelSheetPdf, MAX_LABELS } from '../../server/lib/labelSheet';
import { readLabels } from '../labelReader';
import { loginAs, makeApp, type TestApp } from '../helpers';
import { pdfPages } from './pdfText';

/** Room labels (docs/decisions/labels-and-scanning.md), on SQLite and, with TEST_DATABASE_URL, on PostgreSQL. */
describe('labels: room label sheets', () => {
  let app: TestApp;
  let admin: string;
  let staff: string;
  let personnel: string;
  let faculty: string;
  let student: string;
  let building: { id: number; code: string; name: string };
  const rooms: { id: number; code: string; name: string }[] = [];
  const APP_URL = 'https://gso.campus.test';

  beforeAll(async () => {
    app = await makeApp({ env: { APP_URL: `${APP_URL}/` } });
    [admin, staff, personnel, faculty, student] = await Promise.all([
      loginAs(app, 'admin'),
      loginAs(app, 'staff'),
      loginAs(app, 'personnel'),
      loginAs(app, 'faculty'),
      loginAs(app, 'student'),
    ]);
    const b = await app.inject({
      method: 'POST',
      url: '/api/buildings',
      headers: { cookie: admin },
      payload: { code: 'LBL', name: 'Label Hall' },
    });
    expect(b.statusCode, b.body).toBe(201);
    building = b.json().building;
    // 26 rooms: more than one A4 sheet of 24; one with a name too long for its label.
    for (let i = 1; i <= 26; i++) {
      const name = i === 7 ? 'Audio-Visual Room with the long name nobody can fit on one small label at all, really' : `Lab ${i}`;
      const res = await app.inject({
        method: 'POST',
        url: '/api/rooms',
        headers: { cookie: admin },
        payload: { buildingId: building.id, code: `LBL-${String(i).padStart(3, '0')}`, name },
      });
      expect(res.statusCode, res.body).toBe(201);
      rooms.push(res.json().room);
    }
  });
  afterAll(() => app.close());

  const get = (url: string, cookie = staff) => app.inject({ method: 'GET', url, headers: { cookie } });
  const shortUrl = (code: string) => `${APP_URL}/r/${code}`;

  it('prints an A4 sheet of 3 x 8 labels per page: every room its QR code of /r/CODE, its code and name, the office', async () => {
    const res = await get(`/api/rooms/labels.pdf?building=${building.id}&layout=sheet`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="room_labels_\d{4}-\d{2}-\d{2}\.pdf"$/);
    const pages = await pdfPages(res.rawPayload);
    expect(pages).toHaveLength(2);
    const decoded = readLabels(res.rawPayload, 'sheet');
    expect(decoded.sort()).toEqual(rooms.map((r) => shortUrl(r.code)).sort());
    const text = pages.join('\n');
    for (const r of rooms) expect(text).toContain(r.code);
    expect(text).toContain('Lab 12, Label Hall');
    expect(text).toContain('General Services Office');
    // The long name is shortened with an ellipsis, not spilled over the next label.
    expect(text).toContain('Audio-Visual Room');
    expect(text).toContain('…');
    expect(text).not.toContain('really');
    const doc = mupdf.Document.openDocument(res.rawPayload, 'application/pdf');
    const [, , w, h] = doc.loadPage(0).getBounds();
    expect([Math.round(w), Math.round(h)]).toEqual([595, 842]);
  });

  it('prints one label per page for a label printer, for the chosen rooms only', async () => {
    const chosen = [rooms[0]!, rooms[6]!, rooms[25]!];
    const res = await get(`/api/rooms/labels.pdf?layout=single&ids=${chosen.map((r) => r.id).join(',')}`, admin);
    expect(res.statusCode, res.body).toBe(200);
    const pages = await pdfPages(res.rawPayload);
    expect(pages).toHaveLength(3);
    expect(readLabels(res.rawPayload, 'single').sort()).toEqual(chosen.map((r) => shortUrl(r.code)).sort());
    chosen.forEach((r) => expect(pages.some((p) => p.includes(r.code))).toBe(true));
    const doc = mupdf.Document.openDocument(res.rawPayload, 'application/pdf');
    const [, , w, h] = doc.loadPage(0).getBounds();
    // 62 x 29 mm.
    expect([Math.round(w), Math.round(h)]).toEqual([176, 82]);
  });

  it('narrows by the search as the list does; nothing matching is a clear 400', async () => {
    const res = await get(`/api/rooms/labels.pdf?search=${encodeURIComponent('LBL-02')}&layout=single`);
    expect(res.statusCode, res.body).toBe(200);
    expect(readLabels(res.rawPayload, 'single').sort()).toEqual(
      rooms.filter((r) => r.code.startsWith('LBL-02')).map((r) => shortUrl(r.code)),
    );
    const none = await get('/api/rooms/labels.pdf?search=no-such-room-anywhere');
    expect(none.statusCode).toBe(400);
    expect(none.json().error.message).toBe(MSG.roomLabelsNone);
    const otherIds = await get(`/api/rooms/labels.pdf?building=${building.id}&ids=999999`);
    expect(otherIds.statusCode).toBe(400);
  });

  it("prints the office's name from the site settings", async () => {
    await app.ctx.settings.set('office_name', 'North Campus Facilities Office');
    try {
      const res = await get(`/api/rooms/labels.pdf?ids=${rooms[1]!.id}`);
      expect(res.statusCode, res.body).toBe(200);
      expect((await pdfPages(res.rawPayload)).join('\n')).toContain('North Campus Facilities Office');
    } finally {
      await app.ctx.settings.set('office_name', 'General Services Office');
    }
  });

  it('refuses a bad layout and bad ids with 400', async () => {
    expect((await get('/api/rooms/labels.pdf?layout=poster')).statusCode).toBe(400);
    expect((await get('/api/rooms/labels.pdf?ids=1,abc')).statusCode).toBe(400);
    expect((await get('/api/rooms/labels.pdf?ids=')).statusCode).toBe(400);
    // An id the database cannot hold is the caller's mistake, on PostgreSQL too (not a 500).
    expect((await get('/api/rooms/labels.pdf?ids=2147483648')).statusCode).toBe(400);
  });

  it('is for the office desk: personnel, faculty and students are refused, signed-out people asked to sign in', async () => {
    for (const cookie of [personnel, faculty, student]) expect((await get('/api/rooms/labels.pdf', cookie)).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/api/rooms/labels.pdf' })).statusCode).toBe(401);
  });

  it(`caps a file at ${MAX_LABELS} labels`, async () => {
    const label = { code: 'X-1', name: 'X', url: `${APP_URL}/r/X-1` };
    await expect(labelSheetPdf(Array(MAX_LABELS + 1).fill(label), 'sheet', 'Office')).rejects.toMatchObject({
      statusCode: 400,
      message: MSG.labelsTooMany(MAX_LABELS + 1, MAX_LABELS),
    });
    await expect(labelSheetPdf([], 'sheet', 'Office')).rejects.toMatchObject({ statusCode: 400, message: MSG.labelsNone });
    const most = await labelSheetPdf(Array(MAX_LABELS).fill(label), 'sheet', 'Office');
    expect(await pdfPages(most)).toHaveLength(Math.ceil(MAX_LABELS / 24));
  });
});

/** Unit labels: a tracked item's units, each its QR code of /u/TAG; retired units never get one. */
describe('labels: unit label sheets', () => {
  let app: TestApp;
  let staff: string;
  let item: number;
  const APP_URL = 'https://gso.campus.test';
  const call = (method: 'GET' | 'POST', url: string, cookie: string, payload?: object) =>
    app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    app = await makeApp({ env: { APP_URL } });
    staff = await loginAs(app, 'staff');
    const made = await call('POST', '/api/items', staff, {
      name: `Label projector ${Date.now()}`,
      category: 'Electrical',
      quantity: 5,
      minStock: 1,
    });
    expect(made.statusCode, made.body).toBe(201);
    item = made.json().item.id;
    expect((await call('POST', `/api/items/${item}/track`, staff, { prefix: 'LBP', condition: 'good' })).statusCode).toBe(200);
  });
  afterAll(() => app.close());

  it('prints each unit in service the Units list shows, its QR code holding /u/TAG', async () => {
    const units = (await call('GET', `/api/items/${item}/units?pageSize=100`, staff)).json().items as { id: number; tag: string }[];
    expect(units).toHaveLength(5);
    const retired = units[4]!;
    expect((await call('POST', `/api/units/${retired.id}/retire`, staff, { reason: 'Beyond repair' })).statusCode).toBe(200);

    const res = await call('GET', `/api/items/${item}/units/labels.pdf?layout=sheet`, staff);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="unit_labels_\d{4}-\d{2}-\d{2}\.pdf"$/);
    const inService = units.slice(0, 4);
    expect(readLabels(res.rawPayload, 'sheet').sort()).toEqual(inService.map((u) => `${APP_URL}/u/${u.tag}`).sort());
    const text = (await pdfPages(res.rawPayload)).join('\n');
    for (const u of inService) expect(text).toContain(u.tag);
    expect(text).not.toContain(retired.tag);

    const one = await call('GET', `/api/items/${item}/units/labels.pdf?layout=single&ids=${units[1]!.id}`, staff);
    expect(readLabels(one.rawPayload, 'single')).toEqual([`${APP_URL}/u/${units[1]!.tag}`]);
    const none = await call('GET', `/api/items/${item}/units/labels.pdf?status=retired`, staff);
    expect(none.statusCode).toBe(400);
    expect(none.json().error.message).toBe(MSG.unitLabelsNone);
    expect((await call('GET', '/api/items/999999/units/labels.pdf', staff)).statusCode).toBe(404);
    expect((await call('GET', `/api/items/${item}/units/labels.pdf`, await loginAs(app, 'personnel'))).statusCode).toBe(403);
  });
});
