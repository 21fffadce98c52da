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
