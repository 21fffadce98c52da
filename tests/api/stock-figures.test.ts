import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { act, requestId } from '../borrowing';
import { FILES, loginAs, makeApp, multipart, type TestApp } from '../helpers';
import { pdfPages } from './pdfText';

/**
 * What the office sees (docs/decisions/stock-figures.md): per item available, on loan, issued, in
 * repair and lost, on the inventory list (GET /api/inventory/figures) and in the inventory report, each figure checked
 * against what this test made. On SQLite and, with TEST_DATABASE_URL or DATABASE_URL, on PostgreSQL.
 */
describe('stock figures', () => {
  let app: TestApp;
  let admin: string;
  let staff: string;
  let borrower: string;
  let personnel: string;
  let n = 0;
  const uniq = () => `${++n}${Math.random().toString(36).slice(2, 6).toUpperCase()}`;

  beforeAll(async () => {
    app = await makeApp();
    [admin, staff, borrower, personnel] = await Promise.all(
      (['admin', 'staff', 'faculty', 'personnel'] as const).map((w) => loginAs(app, w)),
    );
  });
  afterAll(() => app.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, cookie: string, payload?: unknown) =>
    app.inject({ method, url, headers: { cookie }, payload: payload as object | undefined });

  const addItem = async (quantity: number, tracked = false) => {
    const res = await call('POST', '/api/items', admin, { name: `Figure ${uniq()}`, category: 'Plumbing', quantity, minStock: 1 });
    expect(res.statusCode, res.body).toBe(201);
    const item = res.json().item as { id: number; name: string };
    if (!tracked) return { id: item.id, name: item.name, tags: [] as string[] };
    const prefix = `F${uniq()}`;
    expect((await call('POST', `/api/items/${item.id}/track`, staff, { prefix, condition: 'good' })).statusCode).toBe(200);
    return {
      id: item.id,
      name: item.name,
      tags: Array.from({ length: quantity }, (_, i) => `${prefix}-${String(i + 1).padStart(4, '0')}`),
    };
  };

  const lend = async (lines: [number, number][], units: string[] = []) => {
    const id = await requestId(app, borrower, lines);
    const ok = await act(app, staff, id, 'approve', { items: lines.map(([i]) => i), units });
    expect(ok.statusCode, ok.body).toBe(200);
    return { id, lines: ok.json().request.items as { id: number; itemId: number }[] };
  };
  const handBack = async (id: number) => {
    const body = multipart({}, { proof: { name: 'proof.png', type: 'image/png', data: FILES.png } });
    const res = await app.inject({
      method: 'POST',
      url: `/api/borrow-requests/${id}/return`,
      headers: { cookie: borrower, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  type Entry = { tag?: string; lineId?: number; quantity?: number; condition: string };
  const verify = async (id: number, entries: Entry[]) => {
    const files: Record<string, { name: string; type: string; data: Buffer }> = {};
    entries.forEach((e, i) => {
      if (e.condition !== 'good') files[`photo${i}`] = { name: 'damage.png', type: 'image/png', data: FILES.png };
    });
    const body = multipart({ conditions: JSON.stringify({ entries }) }, files);
    const res = await app.inject({
      method: 'POST',
      url: `/api/borrow-requests/${id}/complete`,
      headers: { cookie: staff, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const figures = async (ids: number[], cookie = staff) => {
    const res = await call('GET', `/api/inventory/figures?ids=${ids.join(',')}`, cookie);
    expect(res.statusCode, res.body).toBe(200);
    return Object.fromEntries((res.json().items as { itemId: number }[]).map(({ itemId, ...f }) => [itemId, f]));
  };
  const completeRepairsOf = async (requestId: number) => {
    const repairs = await app.ctx.db.selectFrom('repair_reports').select('id').where('damage_request_id', '=', requestId).execute();
    const electrician = (
      await app.ctx.db.selectFrom('accounts').select('id').where('email', '=', 'electrician@campus.test').executeTakeFirstOrThrow()
    ).id;
    for (const r of repairs) {
      const res = await call('PUT', `/api/repairs/${r.id}/assignment`, admin, {
        status: 'completed',
        assignedTo: electrician,
        adminNotes: '',
        estimatedCost: null,
        workDescription: 'Fixed',
        actualCost: 100,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
  };

  it('counted items: stock on hand, out on loans not verified back, held by open repairs, and lost', async () => {
    const item = await addItem(20);
    const other = await addItem(7);
    expect(await figures([item.id, other.id])).toEqual({
      [item.id]: { available: 20, onLoan: 0, issued: 0, inRepair: 0, lost: 0 },
      [other.id]: { available: 7, onLoan: 0, issued: 0, inRepair: 0, lost: 0 },
    });
    // Two loans out (one handed back but not verified yet: still out), and a pending request that takes nothing.
    const a = await lend([[item.id, 5]]);
    const b = await lend([[item.id, 3]]);
    await handBack(b.id);
    await requestId(app, borrower, [[item.id, 2]]);
    expect((await figures([item.id]))[item.id]).toEqual({ available: 12, onLoan: 8, issued: 0, inRepair: 0, lost: 0 });
    expect((await call('GET', `/api/items?search=${encodeURIComponent(item.name)}`, staff)).json().items[0].quantity).toBe(12);
    // The first comes back: 2 good, 2 damaged (a repair opens), 1 lost.
    await handBack(a.id);
    const line = a.lines[0].id;
    await verify(a.id, [
      { lineId: line, quantity: 2, condition: 'good' },
      { lineId: line, quantity: 2, condition: 'damaged' },
      { lineId: line, quantity: 1, condition: 'lost' },
    ]);
    expect((await figures([item.id]))[item.id]).toEqual({ available: 14, onLoan: 3, issued: 0, inRepair: 2, lost: 1 });
    // The repair ends: the two come back to stock and leave "in repair".
    await completeRepairsOf(a.id);
    expect((await figures([item.id]))[item.id]).toEqual({ available: 16, onLoan: 3, issued: 0, inRepair: 0, lost: 1 });
    // The inventory list's kept answer was dropped by the verification and by the repair's end: it shows the stock now.
    const listed = await call('GET', `/api/items?search=${encodeURIComponent(item.name)}`, staff);
    expect(listed.json().items.find((i: { id: number }) => i.id === item.id).quantity).toBe(16);
    // Nothing of the other item moved.
    expect((await figures([other.id]))[other.id]).toEqual({ available: 7, onLoan: 0, issued: 0, inRepair: 0, lost: 0 });
  });

  it('tracked items: their units by status', async () => {
    const item = await addItem(6, true);
    const [t1, t2, t3, t4] = item.tags;
    const loan = await lend([[item.id, 3]], [t1, t2, t3]);
    expect((await figures([item.id]))[item.id]).toEqual({ available: 3, onLoan: 3, issued: 0, inRepair: 0, lost: 0 });
    await handBack(loan.id);
    await verify(loan.id, [
      { tag: t1, condition: 'good' },
      { tag: t2, condition: 'damaged' },
      { tag: t3, condition: 'lost' },
    ]);
    expect((await figures([item.id]))[item.id]).toEqual({ available: 4, onLoan: 0, issued: 0, inRepair: 1, lost: 1 });
    // The office's Edit Unit counts too.
    const unit = await app.ctx.db.selectFrom('item_units').select('id').where('tag', '=', t4).executeTakeFirstOrThrow();
    const edit = await call('PUT', `/api/units/${unit.id}`, staff, { status: 'in_repair', condition: 'damaged' });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await figures([item.id]))[item.id]).toEqual({ available: 3, onLoan: 0, issued: 0, inRepair: 2, lost: 1 });
    // The unit's history shows that condition change beside the loans' findings (with their photos).
    const history = (await call('GET', `/api/units/${t4}/history`, staff)).json().history as { kind: string; text: string }[];
    expect(history.map((h) => h.text)).toContain('Condition good → damaged');
    const damagedHistory = (await call('GET', `/api/units/${t2}/history`, staff)).json().history as {
      kind: string;
      photoUrl: string | null;
    }[];
    expect(damagedHistory.find((h) => h.kind === 'loan')?.photoUrl).toBeTruthy();
  });

  it('tracked items: units in custody count as issued, in the list, the report and its PDF', async () => {
    const item = await addItem(3, true);
    const faculty = await app.ctx.db
      .selectFrom('accounts')
      .select('id')
      .where('email', '=', 'faculty@campus.test')
      .executeTakeFirstOrThrow();
    const issue = await call('POST', '/api/custody/issue', staff, { tags: item.tags.slice(0, 2), holder: 'person', accountId: faculty.id });
    expect(issue.statusCode, issue.body).toBe(201);
    const issued = { available: 1, onLoan: 0, issued: 2, inRepair: 0, lost: 0 };
    expect((await figures([item.id]))[item.id]).toEqual(issued);
    const report = (await call('GET', '/api/inventory/report', staff)).json();
    const row = [...report.available, ...report.damaged, ...report.unavailable].find((r: { id: number }) => r.id === item.id);
    expect(row.figures).toEqual(issued);
    const pdf = await call('GET', '/api/inventory/report.pdf', staff);
    const text = (await pdfPages(pdf.rawPayload)).join('\n');
    expect(text).toContain('Issued');
    // Back to the office: on the shelf again.
    const unit = await app.ctx.db.selectFrom('item_units').select('id').where('tag', '=', item.tags[0]!).executeTakeFirstOrThrow();
    expect((await call('POST', `/api/custody/units/${unit.id}/return`, staff, {})).statusCode).toBe(200);
    expect((await figures([item.id]))[item.id]).toEqual({ ...issued, available: 2, issued: 1 });
  });

  it('the inventory report carries the figures of each item', async () => {
    const item = await addItem(10);
    await lend([[item.id, 4]]);
    const res = await call('GET', '/api/inventory/report', staff);
    expect(res.statusCode, res.body).toBe(200);
    const row = res.json().available.find((r: { id: number }) => r.id === item.id);
    expect(row.figures).toEqual({ available: 6, onLoan: 4, issued: 0, inRepair: 0, lost: 0 });
    const pdf = await call('GET', '/api/inventory/report.pdf', staff);
    expect(pdf.statusCode).toBe(200);
  });

  it('the admin dashboard counts damage and loss of the last 30 days per category, in units', async () => {
    const read = async () => {
      const res = await call('GET', '/api/dashboard/damage-loss', staff);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as {
        days: number;
        categories: { category: string; damaged: number; missingParts: number; lost: number }[];
        total: { damaged: number; missingParts: number; lost: number };
      };
    };
    const plumbing = (f: Awaited<ReturnType<typeof read>>) =>
      f.categories.find((c) => c.category === 'Plumbing') ?? { damaged: 0, missingParts: 0, lost: 0 };
    const before = await read();
    expect(before.days).toBe(30);
    const item = await addItem(10);
    const loan = await lend([[item.id, 6]]);
    await handBack(loan.id);
    const line = loan.lines[0].id;
    await verify(loan.id, [
      { lineId: line, quantity: 1, condition: 'good' },
      { lineId: line, quantity: 2, condition: 'damaged' },
      { lineId: line, quantity: 1, condition: 'missing_parts' },
      { lineId: line, quantity: 2, condition: 'lost' },
    ]);
    const after = await read();
    expect(plumbing(after).damaged - plumbing(before).damaged).toBe(2);
    expect(plumbing(after).missingParts - plumbing(before).missingParts).toBe(1);
    expect(plumbing(after).lost - plumbing(before).lost).toBe(2);
    expect(after.total.lost - before.total.lost).toBe(2);
    // A finding older than 30 days is left out.
    await app.ctx.db
      .updateTable('return_conditions')
      .set({ created_at: '2020-01-01T00:00:00.000Z' })
      .where('request_id', '=', loan.id)
      .execute();
    expect(plumbing(await read())).toEqual(plumbing(before));
    expect((await call('GET', '/api/dashboard/damage-loss', borrower)).statusCode).toBe(403);
  });

  it('the Maintenance Report PDF of an equipment-damage repair shows what was found and its photo', async () => {
    const item = await addItem(3);
    const loan = await lend([[item.id, 1]]);
    await handBack(loan.id);
    await verify(loan.id, [{ lineId: loan.lines[0].id, quantity: 1, condition: 'damaged' }]);
    await completeRepairsOf(loan.id);
    const repair = await app.ctx.db
      .selectFrom('repair_reports')
      .select('id')
      .where('damage_request_id', '=', loan.id)
      .executeTakeFirstOrThrow();
    const res = await call('GET', `/api/repairs/${repair.id}/report.pdf`, staff);
    expect(res.statusCode, res.body).toBe(200);
    const text = (await pdfPages(res.rawPayload)).join('\n');
    expect(text).toContain('Equipment Damage');
    expect(text).toContain('Damage found at the return');
    expect(text).toContain(`REQ-${loan.id}`);
    // The photo is drawn: the only image (no proofs of work were sent).
    expect(res.rawPayload.toString('latin1').match(/\/Subtype \/Image/g)?.length).toBe(1);
  });

  it('is the office’s: borrowers and personnel are refused; bad ids are a 400', async () => {
    expect((await call('GET', '/api/inventory/figures?ids=1', borrower)).statusCode).toBe(403);
    expect((await call('GET', '/api/inventory/figures?ids=1', personnel)).statusCode).toBe(403);
    expect((await call('GET', '/api/inventory/figures?ids=abc', staff)).statusCode).toBe(400);
    const many = Array.from({ length: 101 }, (_, i) => i + 1).join(',');
    expect((await call('GET', `/api/inventory/figures?ids=${many}`, staff)).statusCode).toBe(400);
    expect(await figures([999999])).toEqual({});
  });
});
