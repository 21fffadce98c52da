import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PDF_PAGES } from '../../core/files';
import { MSG } from '../../core/messages';
import { act, get, newItem, requestId, statusOf } from '../borrowing';
import { FILES, image, loginAs, makeApp, multipart, pixelsOf, registrationFields, type TestApp } from '../helpers';
import { startS3 } from '../s3Server';

/** Malformed multipart bodies, and files that are more than they seem. */

type Upload = { name: string; type: string; data: Buffer };

let registrations = 0;
/** Each registration from its own address: registrations are limited per address. */
const newAddress = () => `10.9.${Math.floor(registrations / 250)}.${(registrations % 250) + 1}`;
const registration = (file: Upload | null, over: Record<string, string> = {}) =>
  multipart(registrationFields({ email: `rosa${++registrations}@campus.test`, ...over }), file ? { id_file: file } : {});

const HTML = '<html><body><script>alert(document.cookie)</script></body></html>';
/** The start of a Windows program. */
const EXECUTABLE = Buffer.concat([
  Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'),
  Buffer.from('This program cannot be run in DOS mode.'),
]);

/** A PDF of `pages` A4 pages written by pdfkit, each with some text. */
function pdfkitPdf(pages: number, options: PDFKit.PDFDocumentOptions = {}): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', ...options });
  const parts: Buffer[] = [];
  doc.on('data', (b: Buffer) => parts.push(b));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(parts))));
  for (let n = 1; n <= pages; n++) {
    if (n > 1) doc.addPage();
    doc.fontSize(24).text(`Student ID, page ${n}`, 72, 72);
  }
  doc.end();
  return done;
}

// ---- PDFs made by hand: the objects, a cross-reference table and a trailer ----

function pdf(objects: (string | Buffer)[]): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let length = parts[0]!.length;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    const chunk = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), Buffer.from(body as any), Buffer.from('\nendobj\n')]);
    offsets.push(length);
    parts.push(chunk);
    length += chunk.length;
  });
  const xref = [`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`, ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`)];
  parts.push(Buffer.from(`${xref.join('')}trailer\n<</Size ${objects.length + 1}/Root 1 0 R>>\nstartxref\n${length}\n%%EOF\n`));
  return Buffer.concat(parts);
}
const stream = (dict: string, data: Buffer) =>
  Buffer.concat([Buffer.from(`<<${dict}/Length ${data.length}>>\nstream\n`), data, Buffer.from('\nendstream')]);
const content = stream('/Filter/FlateDecode', zlib.deflateSync('BT /F1 24 Tf 72 720 Td (Student ID 2024-0001) Tj ET'));
const page = (box = '[0 0 612 792]') => `<</Type/Page/Parent 2 0 R/MediaBox${box}/Contents 4 0 R/Resources<</Font<</F1 5 0 R>>>>>>`;
const font = '<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>';
/** A one-page PDF, with `catalog` as its catalog. */
const plainPdf = (catalog = '<</Type/Catalog/Pages 2 0 R>>', box?: string) =>
  pdf([catalog, '<</Type/Pages/Kids[3 0 R]/Count 1>>', page(box), content, font]);
/** The same page with its catalog and page tree compressed in an object stream (as Acrobat writes them). */
function compressedPdf(catalog: string, dict = '/Type/ObjStm/N 2/Filter/FlateDecode', encode = (b: Buffer) => zlib.deflateSync(b)) {
  const objs = [catalog, '<</Type/Pages/Kids[3 0 R]/Count 1>>'];
  const header = `1 0 2 ${objs[0]!.length + 1} `;
  const body = Buffer.from(header + objs.join(' '));
  return pdf([
    '<</Type/Catalog/Pages 2 0 R>>',
    '<</Type/Pages/Kids[3 0 R]/Count 1>>',
    page(),
    content,
    font,
    stream(`${dict}/First ${header.length}`, encode(body)),
    stream('/Type/XRef/W[1 2 1]/Size 7', zlib.deflateSync(Buffer.alloc(28))),
  ]);
}

// The same checks and the same access rules whichever store keeps the files: the upload folder, or an
// S3-compatible bucket (a local s3rver here). Runs on SQLite, and on PostgreSQL with DATABASE_URL.
describe.each(['local', 's3'] as const)('uploads (%s file store)', (store) => {
  let app: TestApp;
  let s3: Awaited<ReturnType<typeof startS3>> | null = null;
  let student: string;
  let admin: string;
  let item: number;

  beforeAll(async () => {
    s3 = store === 's3' ? await startS3() : null;
    app = await makeApp({ env: s3?.env() ?? {} });
    [student, admin] = await Promise.all([loginAs(app, 'student'), loginAs(app, 'admin')]);
    item = await newItem(app, { quantity: 1000 });
  });
  afterAll(async () => {
    await app.close();
    await s3?.close();
  });

  it("the demo's proofs are photos: JPEGs the size a phone sends, not flat colour", async () => {
    const loan = await app.ctx.db.selectFrom('borrow_requests').select('id').where('proof_path', 'is not', null).executeTakeFirstOrThrow();
    const repair = await app.ctx.db.selectFrom('repair_reports').select('id').where('proof_path', 'is not', null).executeTakeFirstOrThrow();
    for (const url of [`/api/borrow-requests/${loan.id}/proof`, `/api/repairs/${repair.id}/proof`]) {
      const res = await get(app, admin, url);
      expect(res.headers['content-type']).toBe('image/jpeg');
      const { width, height } = await sharp(res.rawPayload).metadata();
      expect([width, height]).toEqual([1200, 900]);
      const { channels } = await sharp(res.rawPayload).stats();
      for (const c of channels) expect(c.stdev).toBeGreaterThan(10);
    }
  });

  it('keeps each file in the configured store only, and serves it through the app', async () => {
    const { res, accountId } = await registerWithId(await image('png', 30, 20), 'id.png');
    expect(res.statusCode, res.body).toBe(201);
    const row = await app.ctx.db.selectFrom('accounts').select('id_file').where('id', '=', accountId!).executeTakeFirstOrThrow();
    const local = path.join(app.ctx.config.uploadDir, row.id_file!);
    if (store === 's3') {
      expect(fs.existsSync(local), 'nothing on the app machine').toBe(false);
      const prefix = (app.ctx.config.files as { prefix: string }).prefix;
      const objects = fs.readdirSync(s3!.bucketDir, { recursive: true }).map(String);
      expect(
        objects.some((o) => o.startsWith(prefix + row.id_file!)),
        objects.join(', '),
      ).toBe(true);
    } else {
      expect(fs.existsSync(local)).toBe(true);
    }
    const served = await get(app, admin, `/api/accounts/${accountId}/id-file`);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect((await get(app, student, `/api/accounts/${accountId}/id-file`)).statusCode).toBe(403);
    // Rejecting the registration deletes the file from the store.
    expect((await app.inject({ method: 'POST', url: `/api/accounts/${accountId}/reject`, headers: { cookie: admin } })).statusCode).toBe(
      200,
    );
    expect(await app.ctx.files.read(row.id_file!)).toBeNull();
    expect((await app.inject({ method: 'GET', url: '/api/ready' })).json()).toMatchObject({ status: 'ready', files: 'ok' });
  });

  const register = (file: Upload | null, over: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url: '/api/auth/register', remoteAddress: newAddress(), ...registration(file, over) });

  /** Registers with this ID file; answers the response and, when stored, the stored bytes. */
  async function registerWithId(data: Buffer, name = 'id.bin') {
    const email = `id${++registrations}@campus.test`;
    const res = await register({ name, type: 'application/octet-stream', data }, { email });
    const row = await app.ctx.db.selectFrom('accounts').select(['id', 'id_file']).where('email', '=', email).executeTakeFirst();
    const stored = row?.id_file ? (await app.ctx.files.read(row.id_file))!.buffer : null;
    return { res, stored, accountId: row?.id };
  }

  /** The stored ID files' names, wherever the store keeps them. */
  const storedIds = async () => {
    const names: string[] = [];
    for await (const name of app.ctx.files.list()) if (name.startsWith('ids/')) names.push(name);
    return names.sort();
  };

  const approvedLoan = async () => {
    const id = await requestId(app, student, [[item, 1]]);
    expect((await act(app, admin, id, 'approve', { items: [item] })).statusCode).toBe(200);
    return id;
  };
  const returnWith = (id: number, body: { payload: Buffer | string; headers: Record<string, string> }) =>
    app.inject({
      method: 'POST',
      url: `/api/borrow-requests/${id}/return`,
      headers: { cookie: student, ...body.headers },
      payload: body.payload,
    });
  const proofOf = async (id: number) => {
    const row = await app.ctx.db.selectFrom('borrow_requests').select('proof_path').where('id', '=', id).executeTakeFirstOrThrow();
    return row.proof_path ? (await app.ctx.files.read(row.proof_path))!.buffer : null;
  };

  describe('malformed multipart answers 400 with a clear message (7.6)', () => {
    const malformed = () => {
      const whole = registration({ name: 'id.png', type: 'image/png', data: FILES.png });
      return [
        { what: 'no boundary', payload: whole.payload, headers: { 'content-type': 'multipart/form-data' } },
        {
          what: 'a boundary the body does not use',
          payload: whole.payload,
          headers: { 'content-type': 'multipart/form-data; boundary=other' },
        },
        { what: 'cut short in a field', payload: whole.payload.subarray(0, 80), headers: whole.headers },
        { what: 'cut short in the file', payload: whole.payload.subarray(0, whole.payload.length - 30), headers: whole.headers },
        { what: 'not multipart at all', payload: 'hello', headers: whole.headers },
      ];
    };

    it('on registration (no account needed)', async () => {
      const before = await app.ctx.db
        .selectFrom('accounts')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      for (const body of malformed()) {
        const res = await app.inject({ method: 'POST', url: '/api/auth/register', remoteAddress: newAddress(), ...body });
        expect(res.statusCode, `${body.what}: ${res.body}`).toBe(400);
        expect(res.json().error, body.what).toEqual({ code: 'invalid_input', message: MSG.malformedUpload });
      }
      const after = await app.ctx.db
        .selectFrom('accounts')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(after.n)).toBe(Number(before.n));
    });

    it('on return with proof; the loan stays out', async () => {
      const id = await approvedLoan();
      for (const body of malformed()) {
        const res = await returnWith(id, body);
        expect(res.statusCode, `${body.what}: ${res.body}`).toBe(400);
        expect(res.json().error.message, body.what).toBe(MSG.malformedUpload);
      }
      const proof = multipart({}, { proof: { name: 'p.png', type: 'image/png', data: FILES.png } });
      for (const cut of [20, proof.payload.length - 10]) {
        const res = await returnWith(id, { payload: proof.payload.subarray(0, cut), headers: proof.headers });
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json().error).toEqual({ code: 'invalid_input', message: MSG.malformedUpload });
      }
      expect(await statusOf(app, id)).toBe('approved');
      expect(await proofOf(id)).toBeNull();
    });

    it('a NUL character in a registration field is refused', async () => {
      const res = await register({ name: 'id.png', type: 'image/png', data: FILES.png }, { full_name: 'Rosa\u0000Dizon' });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toEqual({ code: 'invalid_input', message: 'full_name: must not contain NUL characters' });
    });
  });

  describe('images are decoded and encoded again (7.7)', () => {
    it('a JPEG with HTML after it is stored re-encoded, without the HTML', async () => {
      const polyglot = Buffer.concat([FILES.jpeg, Buffer.from(HTML)]);
      const { res, stored, accountId } = await registerWithId(polyglot, 'id.jpg');
      expect(res.statusCode, res.body).toBe(201);
      expect(stored!.includes('<script')).toBe(false);
      expect(stored!.includes('<html')).toBe(false);
      expect((await sharp(stored!).metadata()).format).toBe('jpeg');

      const served = await get(app, admin, `/api/accounts/${accountId}/id-file`);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/jpeg');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.headers['cache-control']).toBe('private, no-store');
      expect(served.rawPayload.includes('<script')).toBe(false);
    });

    it('a proof image with HTML or a program after it is stored without them', async () => {
      for (const [data, extra] of [
        [FILES.png, Buffer.from(HTML)],
        [FILES.gif, Buffer.from(HTML)],
        [FILES.jpeg, EXECUTABLE],
        [FILES.png, EXECUTABLE],
      ] as const) {
        const id = await approvedLoan();
        const res = await returnWith(
          id,
          multipart({}, { proof: { name: 'p.png', type: 'image/png', data: Buffer.concat([data, extra]) } }),
        );
        expect(res.statusCode, res.body).toBe(200);
        const stored = (await proofOf(id))!;
        expect(stored.includes(extra)).toBe(false);
        expect(await pixelsOf(stored)).toEqual(await pixelsOf(data));
      }
    });

    it('metadata (EXIF, GPS) is stripped, and the photo is turned upright', async () => {
      const tagged = await sharp(await image('jpeg', 40, 20))
        .withExif({ IFD0: { Artist: 'Rosa Secret-Name' }, IFD3: { GPSLatitudeRef: 'N' } })
        .withMetadata({ orientation: 6 })
        .toBuffer();
      expect((await sharp(tagged).metadata()).orientation).toBe(6);
      expect(tagged.includes('Rosa Secret-Name')).toBe(true);
      const { res, stored } = await registerWithId(tagged, 'id.jpg');
      expect(res.statusCode, res.body).toBe(201);
      expect(stored!.includes('Rosa Secret-Name')).toBe(false);
      expect(stored!.includes('Exif')).toBe(false);
      // Orientation 6 is "rotate 90°": the stored image is 20 wide and 40 high.
      const meta = await sharp(stored!).metadata();
      expect([meta.width, meta.height, meta.orientation]).toEqual([20, 40, undefined]);
    });

    it('bytes that only start like an image are refused with the wrong-type message', async () => {
      const pngHeader = FILES.png.subarray(0, 16);
      for (const data of [
        Buffer.concat([pngHeader, Buffer.from(HTML)]),
        Buffer.concat([FILES.jpeg.subarray(0, 4), Buffer.from(HTML)]),
        Buffer.concat([Buffer.from('GIF89a'), EXECUTABLE]),
        FILES.png.subarray(0, FILES.png.length - 20),
      ]) {
        const { res, stored } = await registerWithId(data);
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json().error.message).toBe(MSG.idFileType);
        expect(stored).toBeNull();

        const id = await approvedLoan();
        const proof = await returnWith(id, multipart({}, { proof: { name: 'p.png', type: 'image/png', data } }));
        expect(proof.statusCode).toBe(400);
        expect(proof.json().error).toEqual({ code: 'invalid_file_type', message: MSG.proofInvalidType });
        expect(await statusOf(app, id)).toBe('approved');
      }
    });

    it('an image of too many pixels is refused as too large', async () => {
      const huge = await sharp({ create: { width: 10_000, height: 6_000, channels: 3, background: 'white' } })
        .png({ compressionLevel: 9 })
        .toBuffer();
      expect(huge.length).toBeLessThan(5 * 1024 * 1024);
      const { res } = await registerWithId(huge, 'id.png');
      expect(res.statusCode).toBe(413);
      expect(res.json().error.message).toBe(MSG.imageTooManyPixels);
    });

    it('normal images are accepted, the same pictures', async () => {
      for (const format of ['png', 'jpeg'] as const) {
        const data = await image(format, 30, 20);
        const { res, stored } = await registerWithId(data);
        expect(res.statusCode, res.body).toBe(201);
        expect((await sharp(stored!).metadata()).format).toBe(format);
        const { width, height } = await pixelsOf(stored!);
        expect([width, height]).toEqual([30, 20]);
      }
      for (const format of ['png', 'jpeg', 'gif'] as const) {
        const id = await approvedLoan();
        const res = await returnWith(id, multipart({}, { proof: { name: 'p', type: 'image/png', data: await image(format) } }));
        expect(res.statusCode, res.body).toBe(200);
        expect((await sharp((await proofOf(id))!).metadata()).format).toBe(format);
        // A download of it is named by what it is, whatever the name it was sent with.
        const served = await get(app, admin, `/api/borrow-requests/${id}/proof`);
        expect(served.headers['content-disposition']).toBe(`inline; filename="proof_REQ-${id}.${format === 'jpeg' ? 'jpg' : format}"`);
      }
    });

    it('a viewer can ask for a smaller image (?w=)', async () => {
      const id = await approvedLoan();
      await returnWith(id, multipart({}, { proof: { name: 'p.png', type: 'image/png', data: await image('png', 400, 300) } }));
      const small = await get(app, admin, `/api/borrow-requests/${id}/proof?w=100`);
      expect(small.statusCode).toBe(200);
      expect(small.headers['content-type']).toBe('image/png');
      expect(small.headers['cache-control']).toBe('private, no-store');
      expect([(await sharp(small.rawPayload).metadata()).width, (await sharp(small.rawPayload).metadata()).height]).toEqual([100, 75]);
      // Never larger than stored.
      expect((await sharp((await get(app, student, `/api/borrow-requests/${id}/proof?w=4000`)).rawPayload).metadata()).width).toBe(400);
      expect((await get(app, admin, `/api/borrow-requests/${id}/proof?w=abc`)).statusCode).toBe(400);
      expect((await get(app, admin, `/api/borrow-requests/${id}/proof?w=99999999999`)).statusCode).toBe(400);
    });
  });

  // Each PDF is drawn in a worker thread of its own, which takes seconds to start on a busy machine; the drawing
  // is the same whichever store keeps the image, so it is tried with one.
  describe.runIf(store === 'local')('PDFs are drawn into an image of their pages, which is all that is kept', { timeout: 120_000 }, () => {
    const actingPdfs: [string, Buffer][] = [
      ['a script run on opening', plainPdf('<</Type/Catalog/Pages 2 0 R/OpenAction<</S/JavaScript/JS(app.alert(1))>>>>')],
      ['an attached file', plainPdf('<</Type/Catalog/Pages 2 0 R/Names<</EmbeddedFiles<</Names[(x.exe) 6 0 R]>>>>>>')],
      ['an automatic action', plainPdf('<</Type/Catalog/Pages 2 0 R/AA<</WC<</S/URI/URI(http://x.test)>>>>>>')],
      [
        'a script in a compressed object stream',
        compressedPdf('<</Type/Catalog/Pages 2 0 R/OpenAction<</S/JavaScript/JS(app.alert(1))>>>>'),
      ],
    ];

    it.each(actingPdfs)('accepts a PDF with %s, and keeps and serves only the picture of its page', async (_what, data) => {
      const { res, stored, accountId } = await registerWithId(data, 'id.pdf');
      expect(res.statusCode, res.body).toBe(201);
      const meta = await sharp(stored!).metadata();
      // A US Letter page at 150 dots per inch.
      expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1275, 1650]);
      for (const trace of ['%PDF', 'JavaScript', 'app.alert', 'x.exe', 'x.test']) expect(stored!.includes(trace), trace).toBe(false);
      // The page's text was drawn: the picture is not blank.
      const { channels } = await sharp(stored!).stats();
      expect(channels[0]!.min).toBeLessThan(100);

      const served = await get(app, admin, `/api/accounts/${accountId}/id-file`);
      expect(served.headers['content-type']).toBe('image/jpeg');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.headers['cache-control']).toBe('private, no-store');
      expect(served.rawPayload.equals(stored!)).toBe(true);
    });

    it('draws every page, one under the other, and the office may ask for it smaller', async () => {
      const { res, stored, accountId } = await registerWithId(await pdfkitPdf(2), 'id.pdf');
      expect(res.statusCode, res.body).toBe(201);
      const meta = await sharp(stored!).metadata();
      // Two A4 pages (595 x 842 points) at 150 dots per inch, with a band between them.
      expect([meta.width, meta.height]).toEqual([1240, 1753 * 2 + 16]);
      const small = await get(app, admin, `/api/accounts/${accountId}/id-file?w=310`);
      expect(small.headers['content-type']).toBe('image/jpeg');
      expect((await sharp(small.rawPayload).metadata()).width).toBe(310);
    });

    it('refuses, with the reason, a PDF that cannot be drawn, and keeps nothing of it', async () => {
      const idsBefore = await storedIds();
      const refusals: [string, Buffer, number, string][] = [
        ['broken', Buffer.from('%PDF-1.7\nnot a document at all\n%%EOF\n'), 400, MSG.pdfUnreadable],
        ['cut short', plainPdf().subarray(0, 60), 400, MSG.pdfUnreadable],
        ['a page larger than PDF allows', plainPdf('<</Type/Catalog/Pages 2 0 R>>', '[0 0 30000 30000]'), 400, MSG.pdfUnreadable],
        ['locked with a password', await pdfkitPdf(1, { userPassword: 'secret' }), 400, MSG.pdfPassword],
        [`of more than ${MAX_PDF_PAGES} pages`, await pdfkitPdf(MAX_PDF_PAGES + 1), 413, MSG.pdfTooManyPages],
      ];
      for (const [what, data, status, message] of refusals) {
        const { res, stored } = await registerWithId(data, 'id.pdf');
        expect(res.statusCode, `${what}: ${res.body}`).toBe(status);
        expect(res.json().error.message, what).toBe(message);
        expect(stored, what).toBeNull();
      }
      expect(await storedIds()).toEqual(idsBefore);
    });

    it("answers the form's own checks first, as for any ID file", async () => {
      const res = await register({ name: 'id.pdf', type: 'application/pdf', data: Buffer.from('%PDF-1.7 broken') }, { full_name: '' });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(MSG.fullNameRequired);
    });

    it('a PDF kept from before is served as the picture of its pages', async () => {
      const { accountId } = await registerWithId(FILES.png, 'id.png');
      const kept = await app.ctx.files.save('ids', { buffer: plainPdf(), kind: 'pdf' });
      await app.ctx.db
        .updateTable('accounts')
        .set({ id_file: kept, id_file_mime: 'application/pdf' })
        .where('id', '=', accountId!)
        .execute();
      const served = await get(app, admin, `/api/accounts/${accountId}/id-file`);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/jpeg');
      expect((await sharp(served.rawPayload).metadata()).format).toBe('jpeg');
    });
  });
});
