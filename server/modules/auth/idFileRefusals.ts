import { MAX_UPLOAD_BYTES } from '../../../core/files';
import type { ReadFile } from '../../lib/uploads';

/**
 * An ID file refused while it was read, kept to be answered in the form's order: too many bytes is the form's own
 * size check; an image too many pixels wide or tall passes the form's checks and is answered after them, in its
 * own words (MSG.imageTooManyPixels).
 */
export type TooLargeFile = 'too large' | 'too many pixels';

/** What the registration form's checks see of the ID file. */
export const idFileAsForm = (file: ReadFile | TooLargeFile | null): { size: number; kind: string | null } | null =>
  file === 'too large'
    ? { size: MAX_UPLOAD_BYTES, kind: 'pdf' }
    : file === 'too many pixels'
      ? { size: 0, kind: 'png' }
      : file
        ? { size: file.size, kind: file.kind }
        : null;
