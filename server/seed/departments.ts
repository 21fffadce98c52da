import type { Ctx } from '../context';
import { addDepartment } from '../modules/departments';

/** The campus's colleges and offices, through the departments service (the same checks and feed entries as real use). */
const DEPARTMENTS: [name: string, code: string][] = [
  ['College of Engineering', 'CENG'],
  ['College of Arts and Sciences', 'CAS'],
  ['College of Education', 'COED'],
  ['College of Business and Accountancy', 'CBA'],
  ['College of Information Technology', 'CIT'],
  ['Office of the Registrar', 'REG'],
  ['General Services Office', 'GSO'],
  ['Library', 'LIB'],
];

/** Who belongs where: the demo's students, faculty and personnel (administrators and staff keep none). */
const MEMBERS: [email: string, code: string][] = [
  ['faculty@campus.test', 'CENG'],
  ['mtan@campus.test', 'CAS'],
  ['aramos@campus.test', 'COED'],
  ['student@campus.test', 'CENG'],
  ['mlopez@campus.test', 'CBA'],
  ['cbautista@campus.test', 'CIT'],
  ['newstudent@campus.test', 'CAS'],
  ['pending@campus.test', 'COED'],
  ['klim@campus.test', 'CAS'],
  ['electrician@campus.test', 'GSO'],
  ['plumber@campus.test', 'GSO'],
  ['carpenter@campus.test', 'GSO'],
  ['janitor@campus.test', 'GSO'],
];

/**
 * The departments list, each demo person's department, and every demo request charged to its requester's
 * department (as submitting does). Runs after the accounts and the demo loans are written.
 */
export async function seedDepartments(ctx: Ctx): Promise<void> {
  const admin = await ctx.db.selectFrom('accounts').selectAll().where('email', '=', 'admin@campus.test').executeTakeFirstOrThrow();
  const ids = new Map<string, number>();
  for (const [name, code] of DEPARTMENTS) ids.set(code, (await addDepartment(ctx, admin, { name, code })).id);
  await ctx.db.transaction().execute(async (trx) => {
    for (const [email, code] of MEMBERS) {
      await trx
        .updateTable('accounts')
        .set({ department_id: ids.get(code)! })
        .where('email', '=', email)
        .execute();
    }
    await trx
      .updateTable('borrow_requests')
      .set((eb) => ({
        department_id: eb
          .selectFrom('accounts')
          .select('accounts.department_id')
          .whereRef('accounts.id', '=', 'borrow_requests.account_id'),
      }))
      .execute();
  });
}
