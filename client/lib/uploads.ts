import { kindFromMime, MAX_UPLOAD_BYTES, SHRINK_JPEG_QUALITY, SHRINK_MAX_SIDE, shrinkSize } from '../../core/files';
import { ApiError } from './api';

/** The size each shrunk file had when picked, for "shrunk from" next to the size that will be sent. */
const pickedSize = new WeakMap<File, number>();
export const shrunkFrom = (file: File): number | null => pickedSize.get(file) ?? null;

/**
 * A picked file made ready to send: a phone photo too large or too big for the server is shrunk here, in the
 * browser, to a JPEG of at most `maxSide` pixels on its longest side, upright (docs/decisions/drafts.md).
 * Anything else (a PDF, a small image, a file that does not decode) comes back as it was, for the usual checks.
 */
export async function prepareUpload(file: File, maxSide = SHRINK_MAX_SIDE): Promise<File> {
  const kind = kindFromMime(file.type);
  if (kind !== 'jpeg' && kind !== 'png' && !(kind === 'gif' && file.size > MAX_UPLOAD_BYTES)) return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return file;
  }
  try {
    const size = shrinkSize(file, bitmap, maxSide);
    if (!size) return file;
    let { width, height } = size;
    let quality = SHRINK_JPEG_QUALITY;
    // A photo that is still over the limit (rare at 2,000 px) is tried a little smaller, a few times.
    for (let attempt = 0; attempt < 4; attempt++) {
      const blob = await encodeJpeg(bitmap, width, height, quality);
      if (!blob) return file;
      if (blob.size <= MAX_UPLOAD_BYTES) {
        if (blob.size >= file.size) return file; // nothing gained: a small PNG screenshot stays as it was
        const out = new File([blob], file.name.replace(/\.[^.]*$/, '') + '.jpg', { type: 'image/jpeg', lastModified: file.lastModified });
        pickedSize.set(out, file.size);
        return out;
      }
      width = Math.max(1, Math.round(width * 0.75));
      height = Math.max(1, Math.round(height * 0.75));
      quality = 0.8;
    }
    return file;
  } finally {
    bitmap.close();
  }
}

function encodeJpeg(bitmap: ImageBitmap, width: number, height: number, quality: number): Promise<Blob | null> {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const g = canvas.getContext('2d');
  if (!g) return Promise.resolve(null);
  // JPEG has no transparency: transparent parts of a PNG become white, not black.
  g.fillStyle = '#fff';
  g.fillRect(0, 0, width, height);
  g.imageSmoothingQuality = 'high';
  g.drawImage(bitmap, 0, 0, width, height);
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
}

/** Whether the server refused the file itself (its type, its size, or no file), rather than the rest of the form. */
export const isFileRefusal = (err: unknown) =>
  err instanceof ApiError && (err.is('too_large') || err.is('invalid_file_type') || err.is('proof_required'));
