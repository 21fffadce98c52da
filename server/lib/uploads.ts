import type { Multipart, MultipartFile } from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import sharp from 'sharp';
import { FILE_KIND_EXTENSION, MAX_IMAGE_SIDE, MAX_UPLOAD_BYTES, sniffFileKind, type FileKind } from '../../core/files';
import { storedFile, type StoredFile } from './fileStore';
import { MSG } from '../../core/messages';
import { badRequest, HttpError, notFound } from '../errors';
import { pdfAsImage } from './pdfImage';

export interface ReadFile {
  /** What will be stored: an image decoded and encoded again, or a PDF's pages drawn into one. */
  buffer: Buffer;
  filename: string;
  /**
   * What is kept, by its content: a drawn PDF is a JPEG; 'pdf' only for a PDF read without drawing it (where no
   * PDF is accepted); null when it is none of the kinds, or an image that does not decode.
   */
  kind: FileKind | null;
  /** Bytes received. */
  size: number;
}

type ImageKind = Exclude<FileKind, 'pdf'>;
/** The decoder's own backstop: no picture past the largest side squared is ever decoded. */
const MAX_IMAGE_PIXELS = MAX_IMAGE_SIDE * MAX_IMAGE_SIDE;

const tooManyPixels = () => new HttpError(413, 'too_large', MSG.imageTooManyPixels);

/**
 * An uploaded image decoded and encoded again in its own format, turned upright, without its metadata
 * (EXIF, GPS, comments): whatever rode along with the pixels (HTML or a program after the image data, a
 * script in a comment) is gone. Null when the bytes do not decode as that kind of image. An image wider or
 * taller than MAX_IMAGE_SIDE is refused (413) from its header, before its pixels are decoded.
 */
async function reencodeImage(buffer: Buffer, kind: ImageKind): Promise<Buffer | null> {
  try {
    const image = sharp(buffer, { failOn: 'warning', limitInputPixels: MAX_IMAGE_PIXELS, animated: kind === 'gif', autoOrient: true });
    const { format, width = 0, height = 0, pageHeight } = await image.metadata();
    if (format !== kind) return null;
    if (width > MAX_IMAGE_SIDE || (pageHeight ?? height) > MAX_IMAGE_SIDE) throw tooManyPixels();
    const encoded = kind === 'jpeg' ? image.jpeg({ quality: 90 }) : kind === 'png' ? image.png() : image.gif();
    return await encoded.toBuffer();
  } catch (err) {
    if (err instanceof HttpError) throw err;
    if (/pixel limit/i.test((err as Error).message)) throw tooManyPixels();
    return null;
  }
}

/** A stored image scaled down to `width` pixels wide (never up), in its own format, for viewers that ask for less. */
async function resizedImage(buffer: Buffer, kind: ImageKind, width: number): Promise<Buffer> {
  const image = sharp(buffer, { animated: kind === 'gif', limitInputPixels: MAX_IMAGE_PIXELS }).resize({ width, withoutEnlargement: true });
  return (kind === 'jpeg' ? image.jpeg({ quality: 85 }) : kind === 'png' ? image.png() : image.gif()).toBuffer();
}

/**
 * Hands each part of a multipart body to `onPart`, in order. A body that is not well-formed multipart (no
 * boundary, cut short, a broken part) answers 400 with a message saying so, never a 500; limits still answer 413.
 * What `onPart` itself throws is its own answer: a failure of the server's (a PDF's drawing that cannot start) stays
 * a 500, not a 400 that would send the person to send the form again.
 * `limits` widens the app's (one file) for a route that takes several, as a verified return's photos.
 */
export async function eachPart(
  req: FastifyRequest,
  onPart: (part: Multipart) => Promise<void>,
  limits?: { files?: number; fieldSize?: number },
): Promise<void> {
  let handled: { err: unknown } | undefined;
  try {
    for await (const part of req.parts(limits ? { limits } : undefined)) {
      await onPart(part).catch((err: unknown) => {
        handled = { err };
        throw err;
      });
    }
  } catch (err) {
    if (handled && !(handled.err instanceof BodyBrokeOff)) throw handled.err;
    const cause = handled ? (handled.err as BodyBrokeOff).cause : err;
    if (cause instanceof HttpError || (cause as { statusCode?: number }).statusCode === 413) throw cause;
    req.log.info({ err: cause }, 'malformed multipart body');
    throw badRequest(MSG.malformedUpload);
  }
}

/** The body broke off while a file's bytes were read (readUpload): a malformed body, not the handler's own failure. */
class BodyBrokeOff extends Error {}

/**
 * Reads a multipart file fully (over the limit answers 413 with the caller's message) and makes it safe to
 * keep: images are re-encoded (reencodeImage); with `drawPdf`, a PDF is drawn into an image of its pages
 * (pdfAsImage, which refuses one that cannot be drawn), else it is left for the caller to refuse.
 */
export async function readUpload(part: MultipartFile, tooLargeMessage: string, { drawPdf = false } = {}): Promise<ReadFile> {
  // The file's bytes are the body's: one that breaks off while they are read is the malformed body eachPart answers.
  const buffer = await part.toBuffer().catch((err) => {
    if (err?.code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, 'too_large', tooLargeMessage);
    throw new BodyBrokeOff('the body broke off', { cause: err });
  });
  if (part.file.truncated || buffer.length > MAX_UPLOAD_BYTES) throw new HttpError(413, 'too_large', tooLargeMessage);
  const sniffed = sniffFileKind(buffer);
  const read = { buffer, filename: part.filename, kind: sniffed, size: buffer.length };
  if (!sniffed || (sniffed === 'pdf' && !drawPdf)) return read;
  if (sniffed === 'pdf') return { ...read, buffer: await pdfAsImage(buffer), kind: 'jpeg' };
  const clean = await reencodeImage(buffer, sniffed);
  return clean ? { ...read, buffer: clean } : { ...read, kind: null };
}

/** A PDF kept from before uploads were drawn, as the image a new upload of it would be; one PDF.js cannot draw is not found. */
async function drawnStoredPdf(file: StoredFile): Promise<StoredFile> {
  const image = await pdfAsImage(file.buffer).catch((err) => Promise.reject(err instanceof HttpError ? notFound(MSG.notFound) : err));
  return storedFile(image);
}

/**
 * Sends a stored upload: its type from its content (with nosniff from helmet), private and never cached; a PDF
 * stored before PDFs were drawn on upload is drawn now, and sent as the image (one that cannot be is not found);
 * `width` scales an image down (a file that will not scale is sent as it is). With a `name`, a download of it
 * is called that, with the extension of what the file really is (proof_RPR-12.png for a PNG, never .jpg:
 * docs/decisions/screen-wording.md).
 */
export async function sendUpload(
  reply: FastifyReply,
  file: StoredFile,
  width?: number,
  {
    /** Private files (IDs, proofs) are never kept; a file at a versioned address (an item photo) may be. */
    cacheControl = 'private, no-store',
    name,
  }: { cacheControl?: string; name?: string } = {},
) {
  if (file.kind === 'pdf') file = await drawnStoredPdf(file);
  let body = file.buffer;
  if (width && file.kind && file.kind !== 'pdf') body = await resizedImage(file.buffer, file.kind, width).catch(() => file.buffer);
  const disposition = name && file.kind ? `inline; filename="${name}.${FILE_KIND_EXTENSION[file.kind]}"` : 'inline';
  return reply
    .header('content-type', file.mime)
    .header('cache-control', cacheControl)
    .header('content-disposition', disposition)
    .send(body);
}
