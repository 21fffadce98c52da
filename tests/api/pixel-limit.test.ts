import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_IMAGE_SIDE } from '../../core/files';
import { MSG } from '../../core/messages';
import { act, newItem, requestId } from '../borrowing';
import { image, loginAs, makeApp, multipart, registrationFields, type TestApp } from '../helpers';

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf: Buffer) => {
  let c = 0xffffffff;
  for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type: string, data: Buffer) => {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const out = Buffer.alloc(body.length + 8);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), body.length + 4);
  return out;
};
/** A valid black-and-white PNG of side x side pixels, one bit each: a few dozen kilobytes for 20000 x 20000. */
function pixelBomb(side: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.set([1, 0, 0, 0, 0], 8);
  const rows = Buffer.alloc(side * (1 + Math.ceil(side / 8)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A pixel bomb (a tiny file holding a huge picture) is refused by every image upload with the same words, which
 * say the limit in pixels, never the size in bytes it is well under. On SQLite, and on PostgreSQL with DATABASE_URL.
 */
describe('images past the pixel limit', () => {
  let app: TestApp;
  let student: string;
  let admin: string;
  let item: number;
  let bomb: Buffer;

  beforeAll(async () => {
    app = await makeApp();
    [student, admin] = await Promise.all([loginAs(app, 'student'), loginAs(app, 'admin')]);
    item = await newItem(app, { quantity: 1000 });
    bomb = pixelBomb(20_000);
  }, 60_000);
  afterAll(() => app.close());

  const approvedLoan = async () => {
    const id = await requestId(app, student, [[item, 1]]);
    expect((await act(app, admin, id, 'approve', { items: [item] })).statusCode).toBe(200);
    return id;
  };
  const file = (data: Buffer) => ({ name: 'photo.png', type: 'image/png', data });

  /** Each image upload: who sends it, where, with which fields, and the file's field name. */
  const uploads: [string, (data: Buffer) => Promise<{ url: string; cookie?: string; body: ReturnType<typeof multipart> }>][] = [
    ['a registration ID', async (data) => ({ url: '/api/auth/register', body: multipart(registrationFields(), { id_file: file(data) }) })],
    ['an item photo', async (data) => ({ url: `/api/items/${item}/photo`, cookie: admin, body: multipart({}, { photo: file(data) }) })],
    ['the campus map', async (data) => ({ url: '/api/site/campus-map', cookie: admin, body: multipart({}, { map: file(data) }) })],
    [
      'a return proof',
      async (data) => ({
        url: `/api/borrow-requests/${await approvedLoan()}/return`,
        cookie: student,
        body: multipart({}, { proof: file(data) }),
      }),
    ],
    [
      "a loan problem's photo",
      async (data) => {
        const id = await approvedLoan();
        const lineId = (
          await app.ctx.db.selectFrom('borrow_request_items').select('id').where('request_id', '=', id).executeTakeFirstOrThrow()
        ).id;
        const fields = { kind: 'broken', lineId: String(lineId), quantity: '1', description: 'Cracked' };
        return { url: `/api/borrow-requests/${id}/problems`, cookie: student, body: multipart(fields, { photo: file(data) }) };
      },
    ],
    [
      "a counter return's finding photo",
      async (data) => {
        const id = await approvedLoan();
        const conditions = JSON.stringify({ entries: [] });
        return { url: `/api/borrow-requests/${id}/counter-return`, cookie: admin, body: multipart({ conditions }, { photo0: file(data) }) };
      },
    ],
  ];

  it.each(uploads)('%s: refused (413) with the pixel limit in the message', async (_what, make) => {
    expect(bomb.length).toBeLessThan(100 * 1024);
    const { url, cookie, body } = await make(bomb);
    const res = await app.inject({
      method: 'POST',
      url,
      headers: { ...body.headers, ...(cookie ? { cookie } : {}) },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json().error).toEqual({ code: 'too_large', message: MSG.imageTooManyPixels });
    expect(MSG.imageTooManyPixels).toBe('Images must be at most 8,000 x 8,000 pixels.');
  });

  it('an image exactly at the limit on one side is not refused for its size', async () => {
    const body = multipart({}, { photo: file(await image('png', MAX_IMAGE_SIDE, 10)) });
    const res = await app.inject({
      method: 'POST',
      url: `/api/items/${item}/photo`,
      headers: { cookie: admin, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
  });
});
