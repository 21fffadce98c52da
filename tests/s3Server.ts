import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/**
 * A local S3-compatible server (s3rver) for the tests of the object-store path, in this test process. One per
 * test file; each app gets its own prefix in the one bucket, as several installations could share a bucket.
 */
export async function startS3(): Promise<{ env: () => Record<string, string>; bucketDir: string; close: () => Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gso-s3-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: dir,
    configureBuckets: [{ name: 'gso', configs: [] }],
  });
  const { port } = await server.run();
  // On a set clock (TEST_NOW, tests/testClock.ts) s3rver checks a request's signing time by this process's moved
  // Date, but Node writes each answer's Date header by the machine's clock, and the object store's client corrects
  // its own clock by that header: the next request it signed would then be days off. The header follows the same
  // clock as the check.
  (server as unknown as { httpServer: import('node:http').Server }).httpServer.on('request', (_req, res) => {
    res.setHeader('Date', new Date().toUTCString());
  });
  return {
    env: () => ({
      FILE_STORE: 's3',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_BUCKET: 'gso',
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_PREFIX: `app-${crypto.randomBytes(4).toString('hex')}/`,
    }),
    bucketDir: path.join(dir, 'gso'),
    close: async () => {
      await server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
