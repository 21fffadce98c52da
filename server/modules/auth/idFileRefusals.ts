import { MAX_UPLOAD_BYTES } from '../../../core/files';
import { MSG } from '../../../core/messages';
import type { HttpError } from '../../errors';
import type { ReadFile } from '../../lib/uploads';

/**
 * An ID file refused while it was read, kept to be answered in the form's order: too many bytes is the form's own
 * size check; anything else (an image too many pixels wide or tall, a PDF that cannot be drawn) passes the form's
 * checks and is answered after them, in its own words.
 */
export type RefusedFile = { refused: HttpError };

/** What the registration form's checks see of the ID file. */
export const idFileAsForm = (file: ReadFile | RefusedFile | null): { size: number; kind: string | null } | null =>
  !file
    ? null
    : 'refused' in file
      ? file.refused.message === MSG.idFileSize
        ? { size: MAX_UPLOAD_BYTES, kind: 'pdf' }
        : { size: 0, kind: 'png' }
      : { size: file.size, kind: file.kind };
