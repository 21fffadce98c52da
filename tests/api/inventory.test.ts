import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stockLevel, stockStatus } from '../../core/inventory/rules';
import { MSG } from '../../core/messages';
import { act, get, newItem, requestId, stockOf } from '../borrowing';
import { FILES, image, loginAs, makeApp, multipart, pixelsOf, type TestApp } from '../helpers';

/** The office's item rules, on SQLite and, with TEST_DATABASE_URL, on PostgreSQL. */
describe('inventory: item rules on the server', () => {
  let app: TestApp;
  let admin: string;
  let staff: string;
  let personnel: string;
  let student: string;
  let faculty: string;
  let made = 0;
  const unique = (base = 'Inventory test') => `${base} ${++made}-${Math.random().toString(36).slice(2, 7)}`;

  beforeAll(async () => {
    app = await makeApp();
    [admin, staff, personnel, student, faculty] = await Promise.all([
      loginAs(app, 'admin'),
      loginAs(app, 'staff'),
      loginAs(app, 'personnel'),
      loginAs(app, 'student'),
      loginAs(app, 'faculty'),
    ]);
  });
  afterAll(() => app.close());

  const valid = (over: Record<string, unknown> = {}) => ({
    name: unique(),
    description: 'For tests',
    category: 'Maintenance',
    quantity: 5,
    minStock: 2,
    itemStatus: 'available',
    ...over,
  });
  const create = (body: unknown, cookie = admin) =>
    app.inject({ method: 'POST', url: '/api/items', headers: { cookie }, payload: body as object });
  const update = (id: number, body: unknown, cookie = admin) =>
    app.inject({ method: 'PUT', url: `/api/items/${id}`, headers: { cookie }, payload: body as object });
  const setStatus = (id: number, itemStatus: unknown, cookie = admin) =>
    app.inject({ method: 'PUT', url: `/api/items/${id}/status`, headers: { cookie }, payload: { itemStatus } });
  const remove = (id: number, cookie = admin) => app.inject({ method: 'DELETE', url: `/api/items/${id}`, headers: { cookie } });
  const feed = async () =>
    (await app.ctx.db.selectFrom('activity').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow()) as {
      action_type: string;
      description: string;
      actor_id: number | null;
      entity_type: string | null;
      entity_id: number | null;
    };
  const withCookie = (cookie: string, body: ReturnType<typeof multipart>) => ({
    payload: body.payload,
    headers: { ...body.headers, cookie },
  });
  const idOf = async (email: string) =>
    (await app.ctx.db.selectFrom('accounts').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;

  describe('add', () => {
    it('adds an item, answers it with its stock status from the core rule, and writes the feed with who did it', async () => {
      const body = valid({ name: '  Wet Floor Sign  ', description: '  Yellow  ', quantity: 2, minStock: 2 });
      const res = await create(body);
      expect(res.statusCode).toBe(201);
      const { message, item } = res.json();
      expect(message).toBe(MSG.itemAdded);
      expect(item).toMatchObject({
        name: 'Wet Floor Sign',
        description: 'Yellow',
        category: 'Maintenance',
        quantity: 2,
        minStock: 2,
        itemStatus: 'available',
        stockStatus: stockStatus(2, 2),
        stockLevel: stockLevel(2, 2),
        borrowable: true,
        photoUrl: null,
      });
      expect(item.stockLevel).toBe('low');
      const entry = await feed();
      expect(entry).toMatchObject({
        action_type: 'inventory_update',
        actor_id: await idOf('admin@campus.test'),
        entity_type: 'item',
        entity_id: item.id,
      });
      expect(entry.description).toContain('Wet Floor Sign');
      expect(entry.description).toMatch(/^Admin|^[A-Z]/);
    });

    it('defaults the item status to available and a blank description to none', async () => {
      const { item } = (await create({ ...valid({ description: '   ' }), itemStatus: undefined })).json();
      expect(item).toMatchObject({ itemStatus: 'available', description: null });
    });

    it('staff have the same rights as admins', async () => {
      expect((await create(valid(), staff)).statusCode).toBe(201);
    });

    it('refuses personnel and users (403) and no one (401)', async () => {
      for (const cookie of [personnel, student, faculty]) expect((await create(valid(), cookie)).statusCode).toBe(403);
      expect((await app.inject({ method: 'POST', url: '/api/items', payload: valid() })).statusCode).toBe(401);
    });

    it('checks every field with the form rule, first failure in the form order', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ name: '' }, MSG.itemNameRequired],
        [{ name: '    ' }, MSG.itemNameRequired],
        [{ name: undefined }, MSG.itemNameRequired],
        [{ name: 'x'.repeat(101) }, MSG.itemNameTooLong],
        [{ name: '', category: 'Toys' }, MSG.itemNameRequired],
        [{ category: 'Toys' }, MSG.itemCategoryRequired],
        [{ category: 'hvac' }, MSG.itemCategoryRequired],
        [{ category: '' }, MSG.itemCategoryRequired],
        [{ quantity: -1 }, MSG.itemQuantityInvalid],
        [{ quantity: 1.5 }, MSG.itemQuantityInvalid],
        [{ quantity: undefined }, MSG.itemQuantityInvalid],
        [{ quantity: 1_000_001 }, MSG.itemAmountTooLarge],
        [{ minStock: -3 }, MSG.itemMinStockInvalid],
        [{ minStock: 0.25 }, MSG.itemMinStockInvalid],
        [{ itemStatus: 'lost' }, MSG.itemStatusInvalid],
        [{ description: 'x'.repeat(1001) }, MSG.itemDescriptionTooLong],
      ];
      for (const [over, message] of cases) {
        const res = await create(valid(over));
        expect(res.statusCode, JSON.stringify(over).slice(0, 60)).toBe(400);
        expect(res.json().error).toEqual({ code: 'invalid_input', message });
      }
      // Strings where numbers belong are bad input too.
      expect((await create(valid({ quantity: '5' }))).statusCode).toBe(400);
    });

    it('accepts every category, 0 quantity and 0 minimum', async () => {
      for (const category of ['HVAC', 'Plumbing', 'Janitorial', 'Electrical', 'Maintenance']) {
        const res = await create(valid({ category, quantity: 0, minStock: 0 }));
        expect(res.statusCode).toBe(201);
        expect(res.json().item).toMatchObject({ stockStatus: 'out_of_stock', stockLevel: 'critical', borrowable: false });
      }
    });

    it('refuses a second item of the same name in a category (409), not in another', async () => {
      const name = unique('Hose');
      expect((await create(valid({ name, category: 'Plumbing' }))).statusCode).toBe(201);
      const again = await create(valid({ name: name.toUpperCase(), category: 'Plumbing' }));
      expect(again.statusCode).toBe(409);
      expect(again.json().error.message).toBe(MSG.itemNameTaken(name.toUpperCase(), 'Plumbing'));
      expect((await create(valid({ name, category: 'Janitorial' }))).statusCode).toBe(201);
    });
  });

  describe('edit and status', () => {
    it('edits every field, writes what changed to the feed, and answers 404 for an item that is not there', async () => {
      const { item } = (await create(valid({ quantity: 5, minStock: 2 }))).json();
      const name = unique('Renamed');
      const res = await update(
        item.id,
        valid({ name, quantity: 1, minStock: 3, category: 'HVAC', itemStatus: 'damaged', quantityReason: 'Shelf counted' }),
        staff,
      );
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe(MSG.itemUpdated);
      expect(res.json().item).toMatchObject({ name, quantity: 1, minStock: 3, category: 'HVAC', itemStatus: 'damaged', borrowable: false });
      expect(res.json().item.updatedAt).toBeTruthy();
      const entry = await feed();
      expect(entry).toMatchObject({ action_type: 'inventory_update', actor_id: await idOf('staff@campus.test'), entity_id: item.id });
      expect(entry.description).toContain('quantity 5 → 1');
      expect(entry.description).toContain('category Maintenance → HVAC');
      expect((await update(999999, valid())).statusCode).toBe(404);
      expect((await update(item.id, valid({ quantity: -1 }))).json().error.message).toBe(MSG.itemQuantityInvalid);
      expect((await update(item.id, valid(), personnel)).statusCode).toBe(403);
    });

    it('may keep its own name on edit, but not take another item’s', async () => {
      const a = (await create(valid({ category: 'Janitorial' }))).json().item;
      const b = (await create(valid({ category: 'Janitorial' }))).json().item;
      expect(
        (await update(a.id, valid({ name: a.name, category: 'Janitorial', quantity: 9, quantityReason: 'Shelf counted' }))).statusCode,
      ).toBe(200);
      expect((await update(a.id, valid({ name: b.name, category: 'Janitorial' }))).statusCode).toBe(409);
    });

    it('changes only the status from the dropdown, any to any, and says so in the feed', async () => {
      const { item } = (await create(valid())).json();
      for (const to of ['damaged', 'unavailable', 'available', 'damaged']) {
        const res = await setStatus(item.id, to);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ message: MSG.itemStatusUpdated, item: { id: item.id, itemStatus: to, quantity: 5 } });
      }
      expect((await feed()).description).toContain('marked');
      expect((await setStatus(item.id, 'lost')).json().error).toEqual({ code: 'invalid_input', message: MSG.itemStatusInvalid });
      expect((await setStatus(item.id, undefined)).statusCode).toBe(400);
      expect((await setStatus(999999, 'available')).statusCode).toBe(404);
      expect((await setStatus(item.id, 'available', personnel)).statusCode).toBe(403);
    });

    it('an item marked damaged can no longer be requested, nor approved from a request made before', async () => {
      const { item } = (await create(valid({ category: 'Maintenance', quantity: 4 }))).json();
      const pending = await requestId(app, faculty, [[item.id, 1]]);
      await setStatus(item.id, 'damaged');
      const refused = await app.inject({
        method: 'POST',
        url: '/api/borrow-requests',
        headers: { cookie: student },
        payload: {
          purpose: 'Event',
          dateNeeded: '2999-01-01',
          dateExpectedReturn: '2999-01-02',
          items: [{ itemId: item.id, quantity: 1 }],
        },
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.code).toBe('item_not_available');
      const approve = await act(app, admin, pending, 'approve', { items: [item.id] });
      expect(approve.statusCode).toBe(409);
      expect(approve.json().error.code).toBe('item_not_available');
      expect(await stockOf(app, item.id)).toBe(4);
    });
  });

  describe('delete', () => {
    it('refuses (409) while units are out on loan, saying how many, and allows it once they are back', async () => {
      const { item } = (await create(valid({ quantity: 10 }))).json();
      const first = await requestId(app, faculty, [[item.id, 3]]);
      const second = await requestId(app, student, [[item.id, 2]]);
      await act(app, admin, first, 'approve', { items: [item.id] });
      await act(app, admin, second, 'approve', { items: [item.id] });

      const refused = await remove(item.id);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toEqual({ code: 'item_on_loan', message: MSG.itemOnLoan(item.name, 5) });
      expect(refused.json().error.message).toContain('5 units are still out on loan');

      // A return awaiting verification is still out of stock.
      await app.inject({
        method: 'POST',
        url: `/api/borrow-requests/${first}/return`,
        ...withCookie(faculty, multipart({}, { proof: { name: 'p.png', type: 'image/png', data: FILES.png } })),
      });
      expect((await remove(item.id)).json().error.message).toBe(MSG.itemOnLoan(item.name, 5));
      await act(app, admin, first, 'complete');
      const one = await remove(item.id);
      expect(one.json().error.message).toBe(MSG.itemOnLoan(item.name, 2));
      expect(one.json().error.message).toContain('2 units are still');
      await app.inject({ method: 'POST', url: `/api/borrow-records/${second}/mark-returned`, headers: { cookie: admin } });

      const done = await remove(item.id);
      expect(done.statusCode).toBe(200);
      expect(done.json()).toEqual({ message: MSG.itemDeleted });
      expect(await app.ctx.db.selectFrom('items').select('id').where('id', '=', item.id).executeTakeFirst()).toBeUndefined();
      const entry = await feed();
      expect(entry).toMatchObject({ action_type: 'inventory_update', entity_type: 'item', entity_id: item.id });
      expect(entry.description).toContain(`removed ${item.name}`);

      // Past requests keep what they borrowed.
      for (const id of [first, second]) {
        const request = (await get(app, admin, `/api/borrow-requests/${id}`)).json().request;
        expect(request.items).toEqual([expect.objectContaining({ name: item.name, category: 'Maintenance', itemId: null })]);
      }
      expect((await remove(item.id)).statusCode).toBe(404);
    });

    it('one unit out says so in the singular', async () => {
      const { item } = (await create(valid({ quantity: 2 }))).json();
      const id = await requestId(app, faculty, [[item.id, 1]]);
      await act(app, admin, id, 'approve', { items: [item.id] });
      expect((await remove(item.id)).json().error.message).toContain('1 unit is still out on loan');
    });

    it('a pending request does not hold the item; it keeps its line after the item is gone', async () => {
      const { item } = (await create(valid())).json();
      const id = await requestId(app, faculty, [[item.id, 1]]);
      expect((await remove(item.id)).statusCode).toBe(200);
      const request = (await get(app, faculty, `/api/borrow-requests/${id}`)).json().request;
      expect(request.items[0]).toMatchObject({ name: item.name, quantityRequested: 1 });
    });

    it('only admins and staff may delete', async () => {
      const id = await newItem(app, { quantity: 1 });
      for (const cookie of [personnel, student, faculty]) expect((await remove(id, cookie)).statusCode).toBe(403);
      expect((await remove(id, staff)).statusCode).toBe(200);
    });
  });

  describe('past requests keep what they borrowed', () => {
    it('renaming or recategorising an item does not change the requests that named it', async () => {
      const { item } = (await create(valid({ quantity: 6, category: 'Janitorial' }))).json();
      const id = await requestId(app, faculty, [[item.id, 2]]);
      await act(app, admin, id, 'approve', { items: [item.id] });
      await update(item.id, valid({ name: unique('New name'), category: 'HVAC', quantity: 4 }));
      const request = (await get(app, faculty, `/api/borrow-requests/${id}`)).json().request;
      expect(request.items[0]).toMatchObject({ name: item.name, category: 'Janitorial', itemId: item.id });
      const unreturned = (await get(app, admin, `/api/items/unreturned?search=${encodeURIComponent(item.name)}`)).json();
      expect(unreturned.items.map((u: any) => u.itemName)).toEqual([item.name]);
    });
  });

  describe('the list', () => {
    it('searches name, category and description, filters by category, counts and pages in the database', async () => {
      const tag = `zq${Math.random().toString(36).slice(2, 8)}`;
      for (let i = 0; i < 5; i++) await create(valid({ name: unique(`${tag} name`), category: i < 3 ? 'HVAC' : 'Plumbing' }));
      await create(valid({ description: `about ${tag.toUpperCase()}`, category: 'Electrical' }));
      const all = (await get(app, personnel, `/api/items?search=${tag}&pageSize=2`)).json();
      expect(all.total).toBe(6);
      expect(all.items).toHaveLength(2);
      expect(all.counts).toMatchObject({ all: 6, HVAC: 3, Plumbing: 2, Electrical: 1, Janitorial: 0, Maintenance: 0 });
      const page3 = (await get(app, personnel, `/api/items?search=${tag}&pageSize=2&page=3`)).json();
      expect(page3.items).toHaveLength(2);
      const hvac = (await get(app, admin, `/api/items?search=${tag}&category=HVAC`)).json();
      expect(hvac.total).toBe(3);
      expect(hvac.items.every((i: any) => i.category === 'HVAC')).toBe(true);
      const byCategory = (await get(app, admin, '/api/items?search=plumbing&pageSize=100')).json();
      expect(byCategory.items.every((i: any) => i.category === 'Plumbing' || /plumbing/i.test(i.name + i.description))).toBe(true);
      expect((await get(app, admin, '/api/items?category=Toys')).statusCode).toBe(400);
    });

    it('counts the four stat cards over the whole inventory by the one stock rule', async () => {
      const { items, summary } = (await get(app, admin, '/api/items?pageSize=100')).json();
      const rows = await app.ctx.db.selectFrom('items').select(['quantity', 'min_stock']).execute();
      expect(summary.total).toBe(rows.length);
      const count = (s: string) => rows.filter((r) => stockStatus(r.quantity, r.min_stock) === s).length;
      expect(summary).toEqual({
        total: rows.length,
        inStock: count('in_stock'),
        lowStock: count('low_stock'),
        outOfStock: count('out_of_stock'),
      });
      expect(items.length).toBeGreaterThan(0);
    });
  });

  describe('photos', () => {
    const upload = (id: number, data: Buffer, cookie = admin, type = 'image/png') =>
      app.inject({
        method: 'POST',
        url: `/api/items/${id}/photo`,
        ...withCookie(cookie, multipart({}, { photo: { name: 'p', type, data } })),
      });

    it('comes with a picture of every demo item, so people pick equipment by sight', async () => {
      const demo = (await app.inject({ method: 'GET', url: '/api/items?search=projector', headers: { cookie: admin } })).json().items;
      expect(demo.map((i: { name: string }) => i.name)).toContain('LCD Projector');
      const seeded = await app.ctx.db
        .selectFrom('items')
        .select(['id', 'photo_path'])
        .where('created_at', '<', new Date(Date.now() - 86_400_000).toISOString())
        .execute();
      expect(seeded.length).toBeGreaterThanOrEqual(18);
      expect(seeded.every((i) => i.photo_path)).toBe(true);
      const projector = demo.find((i: { name: string }) => i.name === 'LCD Projector');
      const thumb = await app.inject({ method: 'GET', url: `${projector.photoUrl}&w=160`, headers: { cookie: admin } });
      expect(thumb.headers['content-type']).toBe('image/png');
      expect((await pixelsOf(thumb.rawPayload)).width).toBe(160);
    });

    it('stores a re-encoded photo, serves it (and a small thumbnail) to anyone signed in, and replaces or removes it', async () => {
      const { item } = (await create(valid())).json();
      const picture = await image('png', 400, 300);
      const extra = Buffer.from('<script>alert(1)</script>');
      const res = await upload(item.id, Buffer.concat([picture, extra]));
      expect(res.statusCode).toBe(200);
      const url: string = res.json().item.photoUrl;
      expect(url).toMatch(new RegExp(`^/api/items/${item.id}/photo\\?v=[0-9a-f]{12}$`));
      expect(res.json().message).toBe(MSG.itemPhotoSaved);
      const stored = await app.ctx.db.selectFrom('items').select('photo_path').where('id', '=', item.id).executeTakeFirstOrThrow();
      expect(res.body).not.toContain(stored.photo_path!);
      const full = await get(app, student, url);
      expect(full.statusCode).toBe(200);
      expect(full.headers['content-type']).toBe('image/png');
      expect(full.rawPayload.includes(extra)).toBe(false);
      const thumb = await get(app, personnel, `/api/items/${item.id}/photo?w=64`);
      expect((await sharp(thumb.rawPayload).metadata()).width).toBe(64);
      expect((await get(app, admin, `/api/items/${item.id}/photo?w=4`)).statusCode).toBe(400);
      expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401);

      const second = await upload(item.id, await image('jpeg', 50, 50), admin, 'image/jpeg');
      expect(second.json().item.photoUrl).not.toBe(url);
      expect(await app.ctx.files.read(stored.photo_path!)).toBeNull(); // the old file is gone

      const removed = await app.inject({ method: 'DELETE', url: `/api/items/${item.id}/photo`, headers: { cookie: admin } });
      expect(removed.json()).toMatchObject({ message: MSG.itemPhotoRemoved, item: { photoUrl: null } });
      expect((await get(app, admin, `/api/items/${item.id}/photo`)).json().error.message).toBe(MSG.noItemPhoto);
      expect((await feed()).description).toContain('removed the photo');
    });

    it('refuses what is not an image, nothing at all, too large, and other roles', async () => {
      const { item } = (await create(valid())).json();
      for (const data of [FILES.pdf, FILES.text]) {
        const res = await upload(item.id, data);
        expect(res.statusCode).toBe(400);
        expect(res.json().error).toEqual({ code: 'invalid_file_type', message: MSG.itemPhotoType });
      }
      const none = await app.inject({ method: 'POST', url: `/api/items/${item.id}/photo`, ...withCookie(admin, multipart({ a: 'b' })) });
      expect(none.json().error.message).toBe(MSG.itemPhotoRequired);
      const big = await upload(item.id, Buffer.alloc(6 * 1024 * 1024, 1));
      expect(big.statusCode).toBe(413);
      expect(big.json().error.message).toBe(MSG.itemPhotoTooLarge);
      expect((await upload(item.id, FILES.png, personnel)).statusCode).toBe(403);
      expect((await upload(999999, FILES.png)).statusCode).toBe(404);
    });

    it('deleting an item deletes its photo', async () => {
      const { item } = (await create(valid())).json();
      await upload(item.id, FILES.png);
      const { photo_path } = await app.ctx.db.selectFrom('items').select('photo_path').where('id', '=', item.id).executeTakeFirstOrThrow();
      await remove(item.id);
      expect(await app.ctx.files.read(photo_path!)).toBeNull();
    });
  });

  describe('at the same time', () => {
    it('a delete and an approval of the same item never both succeed, and stock never goes wrong', async () => {
      for (let round = 0; round < 4; round++) {
        const { item } = (await create(valid({ quantity: 3 }))).json();
        const id = await requestId(app, faculty, [[item.id, 2]]);
        const [approved, deleted] = await Promise.all([act(app, admin, id, 'approve', { items: [item.id] }), remove(item.id, staff)]);
        const codes = [approved.statusCode, deleted.statusCode].sort();
        expect(codes).toEqual([200, 409]);
        const left = await app.ctx.db.selectFrom('items').select('quantity').where('id', '=', item.id).executeTakeFirst();
        if (approved.statusCode === 200) expect(left?.quantity).toBe(1);
        else expect(left).toBeUndefined();
      }
    });

    it('a request filed while its item is deleted is refused with a message, never a server error', async () => {
      for (let round = 0; round < 6; round++) {
        const { item } = (await create(valid({ quantity: 3 }))).json();
        const [filed, deleted] = await Promise.all([
          app.inject({
            method: 'POST',
            url: '/api/borrow-requests',
            headers: { cookie: faculty },
            payload: {
              purpose: 'Event',
              dateNeeded: '2999-01-01',
              dateExpectedReturn: '2999-01-02',
              items: [{ itemId: item.id, quantity: 1 }],
            },
          }),
          remove(item.id, staff),
        ]);
        expect(deleted.statusCode).toBe(200);
        expect([201, 400, 409], filed.body).toContain(filed.statusCode);
        if (filed.statusCode !== 201) expect(filed.json().error.code).toBe('item_not_found');
      }
    });
  });
});
