/** Registration: its limits, then the form's checks in the form's order, the ID file kept, the account created pending. */
import { registrationForm } from '../../../core/auth/rules';
import { firstError } from '../../../core/common/forms';
import { FILE_KIND_MIME, type FileKind } from '../../../core/files';
import { MSG } from '../../../core/messages';
import type { Ctx } from '../../context';
import { badRequest, conflict, HttpError, tooMany } from '../../errors';
import { hit } from '../../lib/counters';
import { hashPassword } from '../../lib/passwords';
import type { ReadFile } from '../../lib/uploads';
import { checkedDepartment, createRegistration, departmentOfField, findByEmail } from '../accounts';
import { idFileAsForm, type RefusedFile } from './idFileRefusals';
import type { RegistrationFields } from './registrationFields';

const HOUR_MS = 3600_000;

const REGISTRATIONS_PER_ADDRESS_PER_HOUR = 10;
const REGISTRATIONS_PER_HOUR = 300;

/**
 * Registration needs no account, and each one stores an ID file: it is counted per address and overall
 * (in the shared counters) and closed while the upload store runs low, before the upload is read.
 */
export async function admitRegistration(ctx: Ctx, ip: string): Promise<void> {
  if (!(await ctx.files.hasRoom(ctx.config.uploadMinFreeBytes))) throw new HttpError(503, 'registrations_closed', MSG.registrationsClosed);
  const mine = await hit(ctx.db, `register:ip:${ip}`, HOUR_MS);
  if (mine.hits > REGISTRATIONS_PER_ADDRESS_PER_HOUR) throw tooMany(MSG.tooManyRegistrations, 'too_many_requests');
  const all = await hit(ctx.db, 'register:all', HOUR_MS);
  if (all.hits > REGISTRATIONS_PER_HOUR) throw new HttpError(503, 'registrations_closed', MSG.registrationsBusy);
}

/** Registration (docs/product.md): the same checks, in the same order, as the form; then the email must be free. */
export async function register(ctx: Ctx, fields: RegistrationFields, file: ReadFile | RefusedFile | null): Promise<void> {
  const input = { ...fields, confirm_password: fields.confirm_password ?? fields.password };
  const error = firstError(registrationForm, { ...input, id_file: idFileAsForm(file) });
  if (error === MSG.idFileSize) throw new HttpError(413, 'too_large', error);
  if (error) throw badRequest(error);
  if (file && 'refused' in file) throw file.refused;
  const form = registrationForm.parse({ ...input, id_file: idFileAsForm(file) });
  const id = file as ReadFile;
  // docs/decisions/departments.md: optional, after the form's own fields; unknown or archived is refused.
  const departmentId = (await checkedDepartment(ctx.db, departmentOfField(fields.department_id))) ?? null;

  const email = form.email.toLowerCase();
  if (await findByEmail(ctx.db, email)) throw conflict(MSG.emailTaken, 'email_taken');

  const kind = id.kind as FileKind;
  const path = await ctx.files.save('ids', { buffer: id.buffer, kind });
  try {
    await createRegistration(
      ctx.db,
      {
        fullName: form.full_name,
        email,
        contactNumber: form.contact_number,
        role: form.role,
        passwordHash: await hashPassword(form.password),
        departmentId,
      },
      { path, mime: FILE_KIND_MIME[kind] },
    );
  } catch (err) {
    await ctx.files.remove(path);
    // Two registrations racing for one email: the unique index decides.
    if (String((err as Error).message).match(/unique|duplicate/i)) throw conflict(MSG.emailTaken, 'email_taken');
    throw err;
  }
}
