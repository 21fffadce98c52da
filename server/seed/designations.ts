import type { Ctx } from '../context';
import { addDesignation } from '../modules/designations';

/** Demo designations through the designations service (the same checks and feed entries as real use). */
const DESIGNATIONS: [email: string, designation: string][] = [
  ['electrician@campus.test', 'Engineering Building'],
  ['electrician@campus.test', 'Administration Building, emergency lights'],
  ['plumber@campus.test', 'Library restrooms'],
  ['plumber@campus.test', 'Gymnasium showers'],
  ['carpenter@campus.test', 'Science Building'],
  ['janitor@campus.test', 'Main Hall, ground and second floor'],
];

export async function seedDesignations(ctx: Ctx): Promise<void> {
  const accounts = new Map((await ctx.db.selectFrom('accounts').selectAll().execute()).map((a) => [a.email, a]));
  const admin = accounts.get('admin@campus.test')!;
  for (const [email, designation] of DESIGNATIONS) {
    const person = accounts.get(email);
    if (person) await addDesignation(ctx, admin, person.id, designation);
  }
}
