import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Multipart, MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { FILE_KIND_MIME, MAX_UPLOAD_BYTES, sniffFileKind, type FileKind } from '../../core/files';
import { MSG } from '../../core/messages';
import { badRequest, HttpError } from '../errors';

export interface ReadFile {
  buffer: Buffer;
  filename: string;
  kind: FileKind | null;
}

/**
 * Hands each part of a multipart body to `onPart`, in order. A body that is not well-formed multipart (no
 * boundary, cut short, a broken part) answers 400 with a message saying so, never a 500; limits still answer 413.
 */
export async function eachPart(req: FastifyRequest, onPart: (part: Multipart) => Promise<void>): Promise<void> {
  try {
    for await (const part of req.parts()) await onPart(part);
  } catch (err) {
    if (err instanceof HttpError || (err as { statusCode?: number }).statusCode === 413) throw err;
    req.log.info({ err }, 'malformed multipart body');
    throw badRequest(MSG.malformedUpload);
  }
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
