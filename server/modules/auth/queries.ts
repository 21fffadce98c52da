/** Reads of the sign-in tables: verification codes and failed sign-ins. */
import type { Db } from '../../db/database';

/** Whether the sign-in waiting for this account's code asked to be remembered. */
export async function verificationRemembers(db: Db, accountId: number): Promise<boolean> {
  const row = await db.selectFrom('verification_codes').select('remember').where('account_id', '=', accountId).executeTakeFirst();
  return row?.remember === 1;
}

/** The failures counted for a throttle key since the window began, or null. */
export async function failuresOf(db: Db, key: string) {
  return (await db.selectFrom('login_failures').selectAll().where('key', '=', key).executeTakeFirst()) ?? null;
}
