/** What signing in writes on an account: its email proved, a new password, and the time of the sign-in. */
import type { Db } from '../../db/database';

/** The first sign-in proved the email (docs/product.md); runs in the caller's transaction. */
export async function markEmailVerified(trx: Db, id: number): Promise<void> {
  await trx.updateTable('accounts').set({ email_verified: 1 }).where('id', '=', id).execute();
}

/** A new password hash; runs in the caller's transaction. */
export async function setPasswordHash(trx: Db, id: number, passwordHash: string): Promise<void> {
  await trx.updateTable('accounts').set({ password_hash: passwordHash }).where('id', '=', id).execute();
}

/** Notes a sign-in of any kind: the end-of-term sweep chooses by it. */
export async function markSignedIn(db: Db, id: number): Promise<void> {
  await db.updateTable('accounts').set({ last_signed_in_at: new Date().toISOString() }).where('id', '=', id).execute();
}
