import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { FILE_KIND_MIME, sniffFileKind } from '../../core/files';
import type { S3StoreConfig } from '../config';
import { newFileName, safeFileName, storedFile, type FileStore } from './fileStore';

/**
 * Files in an S3-compatible bucket (AWS S3, MinIO, Garage, Cloudflare R2), shared by every app machine. The bucket
 * stays private: browsers get files through the app's routes, never a bucket address.
 */
export function createS3FileStore(config: S3StoreConfig): FileStore {
  const client = new S3Client({
    endpoint: config.endpoint ?? undefined,
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    credentials:
      config.accessKeyId && config.secretAccessKey
        ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
        : undefined,
    // Checksums only where S3 requires them: several S3-compatible stores refuse the newer default headers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = config.bucket;
  const key = (name: string) => {
    const safe = safeFileName(name);
    return safe ? config.prefix + safe : null;
  };
  const put = async (name: string, buffer: Buffer) => {
    const Key = key(name);
    if (!Key) throw new Error(`Not a stored file name: ${name}`);
    const kind = sniffFileKind(buffer);
    await client.send(
      new PutObjectCommand({ Bucket, Key, Body: buffer, ContentType: kind ? FILE_KIND_MIME[kind] : 'application/octet-stream' }),
    );
  };
  return {
    async save(folder, file) {
      const name = newFileName(folder, file.kind);
      await put(name, file.buffer);
      return name;
    },
    async read(name) {
      const Key = key(name);
      if (!Key) return null;
      try {
        const got = await client.send(new GetObjectCommand({ Bucket, Key }));
        return got.Body ? storedFile(Buffer.from(await got.Body.transformToByteArray())) : null;
      } catch (err) {
        if (err instanceof NoSuchKey || (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return null;
        throw err;
      }
    },
    async remove(name) {
      const Key = name ? key(name) : null;
      if (Key) await client.send(new DeleteObjectCommand({ Bucket, Key }));
    },
    async *list() {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: config.prefix, ContinuationToken }));
        for (const o of page.Contents ?? []) {
          const name = o.Key?.slice(config.prefix.length);
          if (name && safeFileName(name)) yield name;
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    put,
    hasRoom: async () => true,
    async check() {
      await client.send(new HeadBucketCommand({ Bucket }));
    },
  };
}
