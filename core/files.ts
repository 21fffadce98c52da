/** Uploaded files: the kinds each upload accepts, recognised by their bytes, and the size limit. */

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
/**
 * The widest and tallest image any upload accepts, in pixels. A small file can hold a huge picture (a 48 KB PNG of
 * 20000 x 20000 pixels) that would take gigabytes to decode, so the server reads the size first and refuses past it.
 */
export const MAX_IMAGE_SIDE = 8000;

/**
 * The most pages an uploaded PDF may have: an ID is one or two, and each page is drawn into the image that is kept
 * (docs/decisions/uploads.md).
 */
export const MAX_PDF_PAGES = 4;

export type FileKind = 'jpeg' | 'png' | 'gif' | 'pdf';
export const ID_FILE_KINDS = ['jpeg', 'png', 'pdf'] as const satisfies readonly FileKind[];
export const PROOF_IMAGE_KINDS: readonly FileKind[] = ['jpeg', 'png', 'gif'];
export const FILE_KIND_MIME: Record<FileKind, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  pdf: 'application/pdf',
};

/** The file name extension of each kind, for stored files and the names of downloads. */
export const FILE_KIND_EXTENSION: Record<FileKind, string> = { jpeg: 'jpg', png: 'png', gif: 'gif', pdf: 'pdf' };

/** Declared MIME type to kind, for the browser's quick check before upload. */
export function kindFromMime(mime: string): FileKind | null {
  const found = (Object.entries(FILE_KIND_MIME) as [FileKind, string][]).find(([, m]) => m === mime);
  if (found) return found[0];
  return mime === 'image/jpg' ? 'jpeg' : null;
}

/** What a file really is, from its first bytes (the server trusts nothing else). */
export function sniffFileKind(bytes: Uint8Array): FileKind | null {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts(0xff, 0xd8, 0xff)) return 'jpeg';
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  if (starts(0x47, 0x49, 0x46, 0x38)) return 'gif';
  if (starts(0x25, 0x50, 0x44, 0x46, 0x2d)) return 'pdf';
  return null;
}

/** What is wrong with an image picked in the browser before it is sent (the server checks the bytes again). */
export function imageFileProblem(file: { type: string; size: number }): 'type' | 'size' | null {
  const kind = kindFromMime(file.type);
  if (!kind || !PROOF_IMAGE_KINDS.includes(kind)) return 'type';
  return file.size > MAX_UPLOAD_BYTES ? 'size' : null;
}

/** Photos are sent at most this many pixels on their longest side (docs/decisions/drafts.md). */
export const SHRINK_MAX_SIDE = 2000;
/** The JPEG quality of a shrunk photo. */
export const SHRINK_JPEG_QUALITY = 0.85;

/**
 * The size a picked file is re-encoded to (as JPEG) before it is sent, or null to send it as it is. JPEG and
 * PNG are shrunk when over the size limit or longer than `maxSide`; a GIF (perhaps animated) only when over
 * the limit; a PDF or anything else never. The image is never made larger.
 */
export function shrinkSize(
  file: { type: string; size: number },
  image: { width: number; height: number },
  maxSide = SHRINK_MAX_SIDE,
): { width: number; height: number } | null {
  const kind = kindFromMime(file.type);
  const over = file.size > MAX_UPLOAD_BYTES;
  const longest = Math.max(image.width, image.height);
  if (kind !== 'jpeg' && kind !== 'png' && !(kind === 'gif' && over)) return null;
  if (!over && longest <= maxSide) return null;
  const scale = Math.min(1, maxSide / longest);
  return { width: Math.max(1, Math.round(image.width * scale)), height: Math.max(1, Math.round(image.height * scale)) };
}
