import Fastify from 'fastify';
import multipart from '@fastify/multipart';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../core/messages';
import { HttpError } from '../../server/errors';
import { eachPart, readUpload } from '../../server/lib/uploads';

const BOUNDARY = 'x-boundary';
const body = (fileBytes: string, end = `\r\n--${BOUNDARY}--\r\n`) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="proof"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n${fileBytes}${end}`;

/** What eachPart rejected with, for each way a route's part handler can end. */
describe('eachPart: the body’s faults answer 400, the handler’s own failures are its own', () => {
  const app = Fastify({ logger: false });
  let failWith: Error | null = null;
  let rejected: unknown;
  beforeAll(async () => {
    await app.register(multipart, { limits: { files: 1, fileSize: 1024 } });
    app.post('/parts', async (req) => {
      rejected = undefined;
      await eachPart(req, async (part) => {
        if (failWith) throw failWith;
        if (part.type === 'file') await readUpload(part, 'too large');
      }).catch((err: unknown) => (rejected = err));
      return {};
    });
    await app.ready();
  });
  afterAll(() => app.close());
  const post = (payload: string) =>
    app.inject({ method: 'POST', url: '/parts', payload, headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` } });

  it('a failure of the server while a part is handled is passed on as it is, not called a malformed form', async () => {
    failWith = new Error('the PDF drawing could not start');
    await post(body('not really a png'));
    expect(rejected).toBe(failWith);
  });

  it('a refusal of the handler (an HttpError) is passed on as it is', async () => {
    failWith = new HttpError(413, 'too_large', 'too large');
    await post(body('x'));
    expect(rejected).toBe(failWith);
  });

  it('a body cut short while the file is read is the malformed form', async () => {
    failWith = null;
    await post(body('half a file', ''));
    expect(rejected).toBeInstanceOf(HttpError);
    expect(rejected).toMatchObject({ statusCode: 400, message: MSG.malformedUpload });
  });

  it('a file over the limit answers 413 with the caller’s message', async () => {
    failWith = null;
    await post(body('y'.repeat(2048)));
    expect(rejected).toMatchObject({ statusCode: 413, message: 'too large' });
  });

  it('a whole, well-formed body is read without complaint', async () => {
    failWith = null;
    await post(body('fine'));
    expect(rejected).toBeUndefined();
  });
});
