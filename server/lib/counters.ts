import { sql } from 'kysely';
import type { Db } from '../db/database';

export interface Hit {
  /** Hits in the current window, this one included. */
  hits: number;
  /** When the window ends (epoch ms). */
  resetAt: number;
}

/**
 * Counts one hit on `key` in a window of `windowMs`, in one statement, and answers the count after it.
 * The upsert is atomic on both databases, so parallel requests (from any process) each see a distinct count:
 * a limit checked as `hits <= max` lets exactly `max` through.
 */
export async function hit(db: Db, key: string, windowMs: number, now = Date.now()): Promise<Hit> {
  const resetAt = now + windowMs;
  const { rows } = await sql<{ hits: number; reset_at: number | string }>`
    insert into counters (key, hits, reset_at) values (${key}, 1, ${resetAt})
    on conflict (key) do update set
      hits = case when counters.reset_at <= ${now} then 1 else counters.hits + 1 end,
      reset_at = case when counters.reset_at <= ${now} then ${resetAt} else counters.reset_at end
    returning hits, reset_at`.execute(db);
  return { hits: Number(rows[0].hits), resetAt: Number(rows[0].reset_at) };
}

/** The current window of `key` without counting, or zero hits when none is running. */
export async function peek(db: Db, key: string, now = Date.now()): Promise<Hit> {
  const row = await db.selectFrom('counters').select(['hits', 'reset_at']).where('key', '=', key).executeTakeFirst();
  if (!row || Number(row.reset_at) <= now) return { hits: 0, resetAt: now };
  return { hits: Number(row.hits), resetAt: Number(row.reset_at) };
}

/** Forgets a counter (a successful sign-in clears its failures). */
export async function clear(db: Db, key: string): Promise<void> {
  await db.deleteFrom('counters').where('key', '=', key).execute();
}

/** Drops windows that ended; run now and then so the table holds only live counters. */
export async function sweep(db: Db, now = Date.now()): Promise<void> {
  await db.deleteFrom('counters').where('reset_at', '<=', now).execute();
}

/** Gives one hit back (an attempt that turned out not to count). */
export async function release(db: Db, key: string): Promise<void> {
  await db
    .updateTable('counters')
    .set((eb) => ({ hits: eb('hits', '-', 1) }))
    .where('key', '=', key)
    .where('hits', '>', 0)
    .execute();
}
