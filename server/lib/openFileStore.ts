import type { FileStoreConfig } from '../config';
import { createLocalFileStore, type FileStore } from './fileStore';

/** The store the settings name: the upload folder, or an S3-compatible bucket (its client loaded only then). */
export async function openFileStore(config: FileStoreConfig): Promise<FileStore> {
  if (config.kind === 'local') return createLocalFileStore(config.dir);
  const { createS3FileStore } = await import('./s3FileStore');
  return createS3FileStore(config);
}
