import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTODY_MSG } from '../../core/custody/rules';
import { MSG } from '../../core/messages';
import { addAccount, ADDED_PASSWORD, login, loginAs, makeApp, type TestApp } from '../helpers';
import { pdfPages } from './pdfText';

/** Custody of tracked units (docs/decisions/custody.md), on SQLite and, with TEST_DATABASE_URL, on PostgreSQL. */
describe('custody', () => {
  let app: TestApp;
  let admin: string;
  let staff: string;
  let personnel: string;
  let faculty: string;
  let student: string;
  let facultyId: number;
  let studentId: number;
  let n = 0;
  const uniq = () => `${++n}${Math.random().toString(36).slice(2, 6).toUpperCase()}`;

  beforeAll(async () => {
    app = await makeApp();
    [admin, staff, personnel, faculty, student] = await Promise.all([
      loginAs(app, 'admin'),
      loginAs(app, 'staff'),
      loginAs(app, 'personnel'),
      loginAs(app, 'faculty'),
      loginAs(app, 'student'),
    ]);
    const idOf = async (email: string) =>
      (await app.ctx.db.selectFrom('accounts').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
    facultyId = await idOf('faculty@campus.test');
    studentId = await idOf('student@campus.test');
  });
  afterAll(() => app.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, cookie = staff, payload?: unknown) =>
    app.inject({ method, url, headers: { cookie }, payload: payload as object | undefined });

  /** A tracked projector with `count` units, each with a property number and a purchase cost. */
  const projectors = async (count = 2, cost = 25_000) => {
    const add = await call('POST', '/api/items', admin, {
      name: `Projector ${uniq()}`,
      category: 'Electrical',
      quantity: count,
      minStock: 0,
    });
    expect(add.statusCode, add.body).toBe(201);
    const item = add.json().item as { id: number; name: string };
    const prefix = `PJ${uniq()}`;
    expect((await call('POST', `/api/items/${item.id}/track`, staff, { prefix, condition: 'good' })).statusCode).toBe(200);
    const list = (await call('GET', `/api/items/${item.id}/units?pageSize=100`)).json().items as { id: number; tag: string }[];
    for (const u of list) {
      const res = await call('PUT', `/api/units/${u.id}/asset`, staff, { purchaseCost: cost, propertyNumber: `PN-${u.tag}` });
      expect(res.statusCode, res.body).toBe(200);
    }
    return { item, units: list };
  };
  const quantity = async (itemId: number) =>
    (await app.ctx.db.selectFrom('items').select('quantity').where('id', '=', itemId).executeTakeFirstOrThrow()).quantity;
  const status = async (unitId: number) =>
    (await app.ctx.db.selectFrom('item_units').select('status').where('id', '=', unitId).executeTakeFirstOrThrow()).status;
  const issue = (tags: string[], to: { accountId?: number; roomId?: number }, cookie = staff) =>
    call('POST', '/api/custody/issue', cookie, { tags, holder: to.roomId ? 'room' : 'person', ...to });
  const pdfText = async (slipId: number, cookie = staff) => {
    const res = await call('GET', `/api/custody/slips/${slipId}/pdf`, cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('application/pdf');
    return (await pdfPages(res.rawPayload)).join('\n');
  };

  it('issues units to a person on one Acknowledgement Receipt; they are out of the stock until acknowledged and returned', async () => {
    const { item, units } = await projectors(3);
    expect(await quantity(item.id)).toBe(3);
    const res = await issue([units[0].tag, units[1].tag.toLowerCase()], { accountId: facultyId });
    expect(res.statusCode, res.body).toBe(201);
    const slip = res.json().slip;
    expect(slip).toMatchObject({ kind: 'receipt', code: `AR-${slip.id}` });
    expect(await status(units[0].id)).toBe('issued');
    expect(await quantity(item.id)).toBe(1);

    const text = await pdfText(slip.id);
    expect(text).toContain(`ACKNOWLEDGEMENT RECEIPT: AR-${slip.id}`);
    expect(text).toContain(units[0].tag);
    expect(text).toContain(`PN-${units[1].tag}`);
    expect(text).toContain(item.name);
    expect(text).toContain(`Custodian: ${(await call('GET', `/api/custody/units/${units[0].id}`)).json().holder.name}`);
    expect(text).toContain('Received by:');
    expect(text).toContain('Issued by:');
    expect(text).toContain('25,000.00');
    expect(text).toContain('50,000.00');

    // The custodian's notice opens My accountabilities, where they acknowledge.
    const bell = (await call('GET', '/api/notifications', faculty)).json().items as {
      title: string;
      message: string;
      link: string | null;
    }[];
    const notice = bell.find((n) => n.title === 'Property issued to you' && n.message.includes(`AR-${slip.id}`));
    expect(notice?.link).toBe('/users/accountabilities');

    const now = (await call('GET', `/api/custody/units/${units[0].id}`, personnel)).json();
    expect(now).toMatchObject({ holder: { kind: 'person', accountId: facultyId }, acknowledgedAt: null, transfer: null });

    const mine = (await call('GET', '/api/custody/mine', faculty)).json();
    const line = mine.lines.find((l: { unitId: number }) => l.unitId === units[0].id);
    expect(line).toMatchObject({
      tag: units[0].tag,
      itemName: item.name,
      propertyNumber: `PN-${units[0].tag}`,
      value: 25_000,
      state: 'awaiting',
    });
    expect(mine.totalValue).toBeGreaterThanOrEqual(50_000);

    // The custodian may read their receipt; another person's answers as no slip.
    expect((await call('GET', `/api/custody/slips/${slip.id}/pdf`, faculty)).statusCode).toBe(200);
    const other = await addAccount(app, 'faculty');
    const otherCookie = await login(app, other.email, ADDED_PASSWORD, 'user');
    expect((await call('GET', `/api/custody/slips/${slip.id}/pdf`, otherCookie)).statusCode).toBe(404);

    // Only the custodian acknowledges.
    expect((await call('POST', `/api/custody/units/${units[0].id}/acknowledge`, otherCookie)).statusCode).toBe(404);
    expect((await call('POST', `/api/custody/units/${units[0].id}/acknowledge`, staff)).statusCode).toBe(404);
    expect((await call('POST', `/api/custody/units/${units[0].id}/acknowledge`, student)).statusCode).toBe(403);
    const ack = await call('POST', `/api/custody/units/${units[0].id}/acknowledge`, faculty);
    expect(ack.statusCode, ack.body).toBe(200);
    expect(ack.json().custody.acknowledgedAt).not.toBeNull();
    expect((await call('POST', `/api/custody/units/${units[0].id}/acknowledge`, faculty)).statusCode).toBe(409);
    const after = (await call('GET', '/api/custody/mine', faculty)).json();
    expect(after.lines.find((l: { unitId: number }) => l.unitId === units[0].id).state).toBe('acknowledged');

    // Already in custody: refused in words.
    const again = await issue([units[0].tag], { accountId: other.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(CUSTODY_MSG.unitInCustody(units[0].tag, now.holder.name));

    // Returned: back on the shelf, the history tells it all.
    const back = await call('POST', `/api/custody/units/${units[0].id}/return`);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().custody.holder).toBeNull();
    expect(await status(units[0].id)).toBe('available');
    expect(await quantity(item.id)).toBe(2);
    expect((await call('POST', `/api/custody/units/${units[0].id}/return`)).statusCode).toBe(409);
    const history = (await call('GET', `/api/units/${units[0].tag}/history`, personnel)).json().history as {
      kind: string;
      text: string;
      by: string;
    }[];
    const texts = history.filter((h) => h.kind === 'custody').map((h) => h.text);
    expect(texts).toEqual([
      `Returned to the office by ${now.holder.name}`,
      `Receipt acknowledged by ${now.holder.name}`,
      `Issued to ${now.holder.name}`,
    ]);
  });

  it('refuses a unit on loan, retired, a student or an administrator as custodian, bad bodies and hostile ids', async () => {
    const { units } = await projectors(3);
    await app.ctx.db.updateTable('item_units').set({ status: 'on_loan' }).where('id', '=', units[0].id).execute();
    const loaned = await issue([units[0].tag], { accountId: facultyId });
    expect(loaned.statusCode).toBe(409);
    expect(loaned.json().error.message).toBe(CUSTODY_MSG.unitOnLoan(units[0].tag));
    expect((await call('POST', `/api/units/${units[1].id}/retire`, staff, { reason: 'broken' })).statusCode).toBe(200);
    const retired = await issue([units[1].tag], { accountId: facultyId });
    expect(retired.statusCode).toBe(409);
    expect(retired.json().error.message).toBe(CUSTODY_MSG.unitRetired(units[1].tag));

    const toStudent = await issue([units[2].tag], { accountId: studentId });
    expect(toStudent.statusCode).toBe(400);
    expect(toStudent.json().error.message).toBe(CUSTODY_MSG.notCustodian);
    const adminId = (await app.ctx.db.selectFrom('accounts').select('id').where('role', '=', 'admin').executeTakeFirstOrThrow()).id;
    expect((await issue([units[2].tag], { accountId: adminId })).statusCode).toBe(400);

    const bad: [unknown, number, string | null][] = [
      [{ tags: [], holder: 'person', accountId: facultyId }, 400, CUSTODY_MSG.unitsRequired],
      [{ tags: [units[2].tag], holder: 'person' }, 400, CUSTODY_MSG.personRequired],
      [{ tags: [units[2].tag], holder: 'room' }, 400, CUSTODY_MSG.roomRequired],
      [{ tags: [units[2].tag] }, 400, CUSTODY_MSG.holderKindRequired],
      [{ tags: [units[2].tag, units[2].tag], holder: 'person', accountId: facultyId }, 400, CUSTODY_MSG.tagTwice(units[2].tag)],
      [{ tags: ['NO-SUCH-TAG-9'], holder: 'person', accountId: facultyId }, 400, CUSTODY_MSG.unitNotFound('NO-SUCH-TAG-9')],
      [{ tags: [units[2].tag], holder: 'person', accountId: 2_147_483_647 }, 400, CUSTODY_MSG.personNotFound],
      [{ tags: [units[2].tag], holder: 'room', roomId: 2_147_483_647 }, 400, CUSTODY_MSG.roomNotFound],
      [{ tags: [units[2].tag], holder: 'person', accountId: '1' }, 400, null],
      [{ tags: [units[2].tag], holder: 'person', accountId: 1e30 }, 400, null],
      [{ tags: 'x', holder: 'person', accountId: facultyId }, 400, null],
      [{ tags: [12], holder: 'person', accountId: facultyId }, 400, null],
      [{ tags: ['<script>'], holder: 'person', accountId: facultyId }, 400, CUSTODY_MSG.tagInvalid],
    ];
    for (const [body, code, message] of bad) {
      const res = await call('POST', '/api/custody/issue', staff, body);
      expect(res.statusCode, `${JSON.stringify(body)} ${res.body}`).toBe(code);
      if (message) expect(res.json().error.message).toBe(message);
    }
    for (const url of [
      '/api/custody/units/99999999',
      '/api/custody/units/2147483647',
      '/api/custody/units/abc',
      '/api/custody/units/1e99',
      '/api/custody/units/-1',
    ]) {
      const res = await call('GET', url, staff);
      expect([400, 404], `${url} ${res.body}`).toContain(res.statusCode);
      for (const action of ['return', 'withdraw-transfer']) {
        const w = await call('POST', `${url}/${action}`, staff);
        expect([400, 404], `${url}/${action} ${w.body}`).toContain(w.statusCode);
      }
      const a = await call('POST', `${url}/acknowledge`, faculty);
      expect([400, 404]).toContain(a.statusCode);
    }
    for (const url of ['/api/custody/slips/99999999/pdf', '/api/custody/slips/abc/pdf']) {
      expect([400, 404]).toContain((await call('GET', url, staff)).statusCode);
    }
    // Office roles only issue; personnel and faculty cannot.
    expect((await issue([units[2].tag], { accountId: facultyId }, personnel)).statusCode).toBe(403);
    expect((await issue([units[2].tag], { accountId: facultyId }, faculty)).statusCode).toBe(403);
    expect(await status(units[2].id)).toBe('available');
  });

  it('issues to a room acknowledged at once; a unit in custody cannot be edited, retired or lent', async () => {
    const { item, units } = await projectors(1);
    const room = await app.ctx.db.selectFrom('rooms').select(['id', 'code']).executeTakeFirstOrThrow();
    const res = await issue([units[0].tag], { roomId: room.id });
    expect(res.statusCode, res.body).toBe(201);
    const now = (await call('GET', `/api/custody/units/${units[0].id}`)).json();
    expect(now.holder).toMatchObject({ kind: 'room', roomId: room.id });
    expect(now.acknowledgedAt).not.toBeNull();
    const retire = await call('POST', `/api/units/${units[0].id}/retire`, staff, { reason: 'old' });
    expect(retire.statusCode).toBe(409);
    const edit = await call('PUT', `/api/units/${units[0].id}`, staff, { condition: 'good', status: 'available' });
    expect(edit.statusCode).toBe(409);
    expect(await quantity(item.id)).toBe(0);
    expect((await call('POST', `/api/custody/units/${units[0].id}/return`)).statusCode).toBe(200);
    expect(await quantity(item.id)).toBe(1);
  });

  it('transfers from one person to another: the giver stays accountable until the receiver confirms', async () => {
    const { units } = await projectors(1);
    const receiver = await addAccount(app, 'faculty');
    const receiverCookie = await login(app, receiver.email, ADDED_PASSWORD, 'user');
    expect((await issue([units[0].tag], { accountId: facultyId })).statusCode).toBe(201);
    expect((await call('POST', `/api/custody/units/${units[0].id}/acknowledge`, faculty)).statusCode).toBe(200);

    const same = await call('POST', '/api/custody/transfer', staff, { tags: [units[0].tag], holder: 'person', accountId: facultyId });
    expect(same.statusCode).toBe(409);
    const toStudent = await call('POST', '/api/custody/transfer', staff, { tags: [units[0].tag], holder: 'person', accountId: studentId });
    expect(toStudent.statusCode).toBe(400);

    const tr = await call('POST', '/api/custody/transfer', staff, { tags: [units[0].tag], holder: 'person', accountId: receiver.id });
    expect(tr.statusCode, tr.body).toBe(201);
    const slip = tr.json().slip;
    expect(slip.code).toBe(`TS-${slip.id}`);
    const text = await pdfText(slip.id);
    expect(text).toContain(`TRANSFER SLIP: TS-${slip.id}`);
    expect(text).toContain(receiver.fullName);
    expect(text).toContain(units[0].tag);
    // The giver may read the slip too.
    expect((await call('GET', `/api/custody/slips/${slip.id}/pdf`, faculty)).statusCode).toBe(200);

    const pending = (await call('GET', `/api/custody/units/${units[0].id}`)).json();
    expect(pending.holder.accountId).toBe(facultyId);
    expect(pending.transfer.to.accountId).toBe(receiver.id);
    const giver = (await call('GET', '/api/custody/mine', faculty)).json();
    expect(giver.lines.find((l: { unitId: number }) => l.unitId === units[0].id)).toMatchObject({
      state: 'transferring',
      other: receiver.fullName,
    });
    const incoming = (await call('GET', '/api/custody/mine', receiverCookie)).json();
    expect(incoming.lines).toEqual([expect.objectContaining({ unitId: units[0].id, state: 'incoming' })]);
    expect(incoming.totalValue).toBe(0);
    const twice = await call('POST', '/api/custody/transfer', staff, { tags: [units[0].tag], holder: 'person', accountId: receiver.id });
    expect(twice.statusCode).toBe(409);

    // The giver cannot confirm on the receiver's behalf; the receiver can.
    expect((await call('POST', `/api/custody/units/${units[0].id}/acknowledge`, faculty)).statusCode).toBe(409);
    const confirm = await call('POST', `/api/custody/units/${units[0].id}/acknowledge`, receiverCookie);
    expect(confirm.statusCode, confirm.body).toBe(200);
    expect(confirm.json().custody).toMatchObject({ holder: { accountId: receiver.id }, transfer: null });
    expect((await call('GET', '/api/custody/mine', receiverCookie)).json()).toMatchObject({ totalValue: 25_000, count: 1 });
    expect((await call('GET', '/api/custody/mine', faculty)).json().lines.some((l: { unitId: number }) => l.unitId === units[0].id)).toBe(
      false,
    );
    const history = (await call('GET', `/api/units/${units[0].tag}/history`, personnel)).json().history as { kind: string; text: string }[];
    expect(
      history
        .filter((h) => h.kind === 'custody')
        .map((h) => h.text)
        .slice(0, 2),
    ).toEqual([`Transfer confirmed: now held by ${receiver.fullName}`, `Transfer to ${receiver.fullName} started`]);

    // A transfer withdrawn leaves the holder accountable.
    const back = await call('POST', '/api/custody/transfer', staff, { tags: [units[0].tag], holder: 'person', accountId: facultyId });
    expect(back.statusCode).toBe(201);
    const w = await call('POST', `/api/custody/units/${units[0].id}/withdraw-transfer`);
    expect(w.statusCode, w.body).toBe(200);
    expect(w.json().custody).toMatchObject({ holder: { accountId: receiver.id }, transfer: null });
    expect((await call('POST', `/api/custody/units/${units[0].id}/withdraw-transfer`)).statusCode).toBe(409);
    expect((await call('POST', `/api/custody/units/${units[0].id}/return`)).statusCode).toBe(200);
  });

  it('keeps a custodian active: deactivation and the term sweep refuse while they are accountable', async () => {
    const { units } = await projectors(1);
    const person = await addAccount(app, 'faculty');
    expect((await issue([units[0].tag], { accountId: person.id })).statusCode).toBe(201);
    const off = await call('POST', `/api/accounts/${person.id}/deactivate`, admin);
    expect(off.statusCode).toBe(409);
    expect(off.json().error.message).toBe(MSG.userOutHasCustody(1));
    const preview = await call('POST', '/api/accounts/term-sweep/preview', admin, { role: 'faculty', emails: [person.email] });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().people[0].holding).toBe(MSG.userOutHasCustody(1));
    const sweep = await call('POST', '/api/accounts/term-sweep', admin, { ids: [person.id] });
    expect(sweep.statusCode, sweep.body).toBe(200);
    expect(sweep.json()).toMatchObject({ deactivated: 0, held: [{ id: person.id, holding: MSG.userOutHasCustody(1) }] });
    // An offer to them does not hold them; the return frees them.
    expect((await call('POST', `/api/custody/units/${units[0].id}/return`)).statusCode).toBe(200);
    expect((await call('POST', `/api/accounts/${person.id}/deactivate`, admin)).statusCode).toBe(200);
    expect((await issue([units[0].tag], { accountId: person.id })).json().error.message).toBe(CUSTODY_MSG.personInactive);
  });

  it('two issues of one unit at once: exactly one wins', async () => {
    const { units } = await projectors(1);
    const other = await addAccount(app, 'personnel');
    const [a, b] = await Promise.all([
      issue([units[0].tag], { accountId: facultyId }),
      issue([units[0].tag], { accountId: other.id }, admin),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    const rows = await app.ctx.db.selectFrom('unit_custody').selectAll().where('unit_id', '=', units[0].id).execute();
    expect(rows).toHaveLength(1);
  });
});
