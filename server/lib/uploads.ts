import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Multipart, MultipartFile } from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import sharp from 'sharp';
import { FILE_KIND_MIME, MAX_UPLOAD_BYTES, sniffFileKind, type FileKind } from '../../core/files';
import { MSG } from '../../core/messages';
import { badRequest, HttpError } from '../errors';
import { pdfActiveContent } from './pdf';

export interface ReadFile {
  /** What will be stored: an image decoded and encoded again, a PDF as sent. */
  buffer: Buffer;
  filename: string;
  /** What the file is by its content; null when it is none of the kinds, or an image that does not decode. */
  kind: FileKind | null;
  /** Bytes received. */
  size: number;
  /** For a PDF, what in it could act on its own (a script, an attachment), which refuses it; else null. */
  activeContent: string | null;
}

type ImageKind = Exclude<FileKind, 'pdf'>;
/** Images past this many pixels (a 50-megapixel photo) are refused as too large: decoding them would take too much memory. */
const MAX_IMAGE_PIXELS = 50_000_000;

/**
 * An uploaded image decoded and encoded again in its own format, turned upright, without its metadata
 * (EXIF, GPS, comments): whatever rode along with the pixels (HTML or a program after the image data, a
 * script in a comment) is gone. Null when the bytes do not decode as that kind of image.
 */
export async function reencodeImage(buffer: Buffer, kind: ImageKind, tooLargeMessage: string): Promise<Buffer | null> {
  try {
    const image = sharp(buffer, { failOn: 'warning', limitInputPixels: MAX_IMAGE_PIXELS, animated: kind === 'gif', autoOrient: true });
    const { format } = await image.metadata();
    if (format !== kind) return null;
    const encoded = kind === 'jpeg' ? image.jpeg({ quality: 90 }) : kind === 'png' ? image.png() : image.gif();
    return await encoded.toBuffer();
  } catch (err) {
    if (/pixel limit/i.test((err as Error).message)) throw new HttpError(413, 'too_large', tooLargeMessage);
    return null;
  }
}

/** A stored image scaled down to `width` pixels wide (never up), in its own format, for viewers that ask for less. */
export async function resizedImage(buffer: Buffer, kind: ImageKind, width: number): Promise<Buffer> {
  const image = sharp(buffer, { animated: kind === 'gif', limitInputPixels: MAX_IMAGE_PIXELS }).resize({ width, withoutEnlargement: true });
  return (kind === 'jpeg' ? image.jpeg({ quality: 85 }) : kind === 'png' ? image.png() : image.gif()).toBuffer();
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

/**
 * Reads a multipart file fully (over the limit answers 413 with the caller's message) and makes it safe to
 * keep: images are re-encoded (reencodeImage), PDFs are checked for active content (pdfActiveContent).
 */
export async function readUpload(part: MultipartFile, tooLargeMessage: string): Promise<ReadFile> {
  const buffer = await part.toBuffer().catch((err) => {
    if (err?.code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, 'too_large', tooLargeMessage);
    throw err;
  });
  if (part.file.truncated || buffer.length > MAX_UPLOAD_BYTES) throw new HttpError(413, 'too_large', tooLargeMessage);
  const sniffed = sniffFileKind(buffer);
  const read = { buffer, filename: part.filename, kind: sniffed, size: buffer.length, activeContent: null };
  if (!sniffed) return read;
  if (sniffed === 'pdf') return { ...read, activeContent: pdfActiveContent(buffer) };
  const clean = await reencodeImage(buffer, sniffed, tooLargeMessage);
  return clean ? { ...read, buffer: clean } : { ...read, kind: null };
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
      // Written under a temporary name and renamed: a crash mid-write never leaves a half file under a name
      // the database could point at.
      const partial = path.join(root, `${rel}.part`);
      await fs.writeFile(partial, file.buffer, { flush: true });
      await fs.rename(partial, path.join(root, rel));
      return rel;
    },
    async read(rel: string): Promise<{ buffer: Buffer; kind: FileKind | null; mime: string } | null> {
      const full = path.resolve(root, rel);
      if (!full.startsWith(path.resolve(root) + path.sep)) return null;
      const buffer = await fs.readFile(full).catch(() => null);
      if (!buffer) return null;
      const kind = sniffFileKind(buffer);
      return { buffer, kind, mime: kind ? FILE_KIND_MIME[kind] : 'application/octet-stream' };
    },
    async remove(rel: string | null): Promise<void> {
      if (!rel) return;
      const full = path.resolve(root, rel);
      if (full.startsWith(path.resolve(root) + path.sep)) await fs.rm(full, { force: true });
    },
  };
}

export type FileStore = ReturnType<typeof createFileStore>;

/**
 * Sends a stored upload: its type from its content (with nosniff from helmet), private and never cached;
 * `width` scales an image down (a file that will not scale is sent as it is).
 */
export async function sendUpload(
  reply: FastifyReply,
  file: { buffer: Buffer; kind: FileKind | null; mime: string },
  width?: number,
  /** Private files (IDs, proofs) are never kept; a file at a versioned address (an item photo) may be. */
  cacheControl = 'private, no-store',
) {
  let body = file.buffer;
  if (width && file.kind && file.kind !== 'pdf') body = await resizedImage(file.buffer, file.kind, width).catch(() => file.buffer);
  return reply.header('content-type', file.mime).header('cache-control', cacheControl).header('content-disposition', 'inline').send(body);
}
