/**
 * The VAPID keys (docs/decisions/push.md): the settings' pair when VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set;
 * otherwise a pair the server made once and keeps in `push_vapid_keys`, so the demo, and an IT office that set none,
 * have notifications that keep working across restarts and processes. The first process to make one wins (a fixed
 * id), and every process reads that one.
 */
import webpush from 'web-push';
import type { Config } from '../../config';
import type { Db } from '../../db/database';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const kept = new WeakMap<Db, Promise<VapidKeys>>();

async function storedKeys(db: Db): Promise<VapidKeys> {
  const made = webpush.generateVAPIDKeys();
  await db
    .insertInto('push_vapid_keys')
    .values({ id: 1, public_key: made.publicKey, private_key: made.privateKey, created_at: new Date().toISOString() })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  const row = await db.selectFrom('push_vapid_keys').select(['public_key', 'private_key']).where('id', '=', 1).executeTakeFirstOrThrow();
  return { publicKey: row.public_key, privateKey: row.private_key };
}

/** This server's keys, read (or made) once per database. */
export function vapidKeys(db: Db, config: Config): Promise<VapidKeys> {
  if (config.push.keys) return Promise.resolve(config.push.keys);
  let keys = kept.get(db);
  if (!keys) {
    keys = storedKeys(db);
    kept.set(db, keys);
    keys.catch(() => kept.delete(db));
  }
  return keys;
}
