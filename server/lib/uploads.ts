import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { MultipartFile } from '@fastify/multipart';
import { FILE_KIND_MIME, MAX_UPLOAD_BYTES, sniffFileKind, type FileKind } from '../../core/files';
import { HttpError } from '../errors';

export interface ReadFile {
  buffer: Buffer;
  filename: string;
  kind: FileKind | null;
}

/** Reads a multipart file fully; over the limit answers 413 with the caller's message. */
export async function readUpload(part: MultipartFile, tooLargeMessage: string): Promise<ReadFile> {
  const buffer = await part.toBuffer().catch((err) => {
    if (err?.code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, 'too_large', tooLargeMessage);
    throw err;
  });
  if (part.file.truncated || buffer.length > MAX_UPLOAD_BYTES) throw new HttpError(413, 'too_large', tooLargeMessage);
  return { buffer, filename: part.filename, kind: sniffFileKind(buffer) };
}

/** Whether the disk holding `dir` has at least `minBytes` free (a missing dir is checked at its parent). */
export async function hasFreeSpace(dir: string, minBytes: number): Promise<boolean> {
  if (minBytes <= 0) return true;
  let at = dir;
  while (!(await fs.stat(at).catch(() => null)) && path.dirname(at) !== at) at = path.dirname(at);
  const s = await fs.statfs(at);
  return s.bavail * s.bsize >= minBytes;
}

/** Files live under the upload dir, outside the web root; names are random, extensions from content. */
export function createFileStore(root: string) {
  const extOf: Record<FileKind, string> = { jpeg: 'jpg', png: 'png', gif: 'gif', pdf: 'pdf' };
  return {
    async save(folder: string, file: { buffer: Buffer; kind: FileKind }): Promise<string> {
      const dir = path.join(root, folder);
      await fs.mkdir(dir, { recursive: true });
      const rel = path.posix.join(folder, `${crypto.randomUUID()}.${extOf[file.kind]}`);
      await fs.writeFile(path.join(root, rel), file.buffer);
      return rel;
    },
    async read(rel: string): Promise<{ buffer: Buffer; mime: string } | null> {
      const full = path.resolve(root, rel);
      if (!full.startsWith(path.resolve(root) + path.sep)) return null;
      const buffer = await fs.readFile(full).catch(() => null);
      if (!buffer) return null;
      const kind = sniffFileKind(buffer);
      return { buffer, mime: kind ? FILE_KIND_MIME[kind] : 'application/octet-stream' };
    },
    async remove(rel: string | null): Promise<void> {
      if (!rel) return;
      const full = path.resolve(root, rel);
      if (full.startsWith(path.resolve(root) + path.sep)) await fs.rm(full, { force: true });
    },
  };
}

export type FileStore = ReturnType<typeof createFileStore>;
