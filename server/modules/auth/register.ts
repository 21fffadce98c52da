import type { FastifyRequest } from 'fastify';
import { MSG } from '../../../core/messages';
import { FILE_KIND_MIME, firstRegistrationError, type FileKind } from '../../../core/validation';
import type { Ctx } from '../../context';
import { badRequest, conflict, HttpError } from '../../errors';
import { hashPassword } from '../../lib/passwords';
import { readUpload, type ReadFile } from '../../lib/uploads';

const FIELDS = ['full_name', 'email', 'contact_number', 'password', 'confirm_password', 'role'] as const;
type Field = (typeof FIELDS)[number];

/** Registration (spec 000 sections 2, 5): the same checks, in the same order, as the form. */
export async function registerAccount(ctx: Ctx, req: FastifyRequest): Promise<void> {
  if (!req.isMultipart()) throw badRequest('Send the registration as multipart/form-data with the ID file.');
  const fields: Partial<Record<Field, string>> = {};
  let file: ReadFile | null = null;
  let fileTooLarge = false;
  for await (const part of req.parts()) {
    if (part.type === 'file') {
      if (part.fieldname !== 'id_file' || file || fileTooLarge) {
        await part.toBuffer().catch(() => undefined);
        continue;
      }
      try {
        file = await readUpload(part, MSG.idFileSize);
      } catch (err) {
        if (!(err instanceof HttpError && err.statusCode === 413)) throw err;
        fileTooLarge = true;
      }
    } else if ((FIELDS as readonly string[]).includes(part.fieldname)) {
      fields[part.fieldname as Field] = String(part.value ?? '');
    }
  }
  if (fields.confirm_password === undefined) fields.confirm_password = fields.password;

  const error = firstRegistrationError({
    ...fields,
    id_file: fileTooLarge ? { size: Infinity, kind: 'pdf' } : file ? { size: file.buffer.length, kind: file.kind } : null,
  });
  if (error === MSG.idFileSize) throw new HttpError(413, 'too_large', error);
  if (error) throw badRequest(error);

  const email = fields.email!.trim().toLowerCase();
  const taken = await ctx.db.selectFrom('accounts').select('id').where('email', '=', email).executeTakeFirst();
  if (taken) throw conflict(MSG.emailTaken, 'email_taken');

  const kind = file!.kind as FileKind;
  const idPath = await ctx.files.save('ids', { buffer: file!.buffer, kind });
  try {
    await ctx.db
      .insertInto('accounts')
      .values({
        full_name: fields.full_name!.trim(),
        email,
        username: null,
        contact_number: fields.contact_number!.trim(),
        role: fields.role as 'student' | 'faculty',
        status: 'pending',
        email_verified: 0,
        job_type: null,
        password_hash: await hashPassword(fields.password!),
        id_file: idPath,
        id_file_mime: FILE_KIND_MIME[kind],
        created_at: new Date().toISOString(),
      })
      .execute();
  } catch (err) {
    await ctx.files.remove(idPath);
    // Two registrations racing for one email: the unique index decides.
    if (String((err as Error).message).match(/unique|duplicate/i)) throw conflict(MSG.emailTaken, 'email_taken');
    throw err;
  }
}
