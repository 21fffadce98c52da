import type { Db } from '../../db/database';
import { MSG } from '../../../core/messages';
import { tooMany } from '../../errors';

const WINDOW_MS = 15 * 60_000;
const MAX_PER_ACCOUNT = 5;
const MAX_PER_ADDRESS = 20;

/** Failed sign-ins, counted per account and per address in the database (any process sees them). */
export function createLoginThrottle(db: Db) {
  const keys = (email: string, ip: string) => [
    { key: `acct:${email.toLowerCase()}`, max: MAX_PER_ACCOUNT },
    { key: `ip:${ip}`, max: MAX_PER_ADDRESS },
  ];
  return {
    async check(email: string, ip: string) {
      const since = new Date(Date.now() - WINDOW_MS).toISOString();
      for (const { key, max } of keys(email, ip)) {
        const row = await db.selectFrom('login_failures').selectAll().where('key', '=', key).executeTakeFirst();
        if (row && row.window_start > since && row.failures >= max) throw tooMany(MSG.tooManyLogins);
      }
    },
    async fail(email: string, ip: string) {
      const now = new Date();
      const since = new Date(now.getTime() - WINDOW_MS).toISOString();
      for (const { key } of keys(email, ip)) {
        await db.transaction().execute(async (trx) => {
          const row = await trx.selectFrom('login_failures').selectAll().where('key', '=', key).executeTakeFirst();
          if (!row) {
            await trx.insertInto('login_failures').values({ key, failures: 1, window_start: now.toISOString() })
              .onConflict((oc) => oc.column('key').doUpdateSet((eb) => ({ failures: eb('login_failures.failures', '+', 1) })))
              .execute();
          } else if (row.window_start <= since) {
            await trx.updateTable('login_failures').set({ failures: 1, window_start: now.toISOString() }).where('key', '=', key).execute();
          } else {
            await trx.updateTable('login_failures').set((eb) => ({ failures: eb('failures', '+', 1) })).where('key', '=', key).execute();
          }
        });
      }
    },
    async succeed(email: string) {
      await db.deleteFrom('login_failures').where('key', '=', `acct:${email.toLowerCase()}`).execute();
    },
  };
}
