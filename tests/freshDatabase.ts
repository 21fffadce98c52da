import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createDb, type Db } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrate';

/**
 * Creates a new PostgreSQL database on the server of `serverUrl`, empty or a copy of `template`; returns its URL and
 * a drop function.
 */
export async function freshPostgres(
  serverUrl: string,
  prefix = 'gso_test',
  template: string | null = null,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${crypto.randomBytes(6).toString('hex')}`;
  const run = async (sql: string) => {
    const c = new pg.Client({ connectionString: serverUrl });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  await run(`create database ${name}${template ? ` template ${template}` : ''}`);
  const u = new URL(serverUrl);
  u.pathname = `/${name}`;
  return { url: u.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}

/**
 * A new database as an earlier version left it, for a migration's test: SQLite in a temp dir, or PostgreSQL when
 * TEST_DATABASE_URL (or DATABASE_URL) names a server; migrated up to and including `migration`.
 */
export async function databaseAt(migration: Parameters<typeof migrateToLatest>[1]): Promise<{ db: Db; cleanup: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gso-migrate-'));
  const made = serverUrl ? await freshPostgres(serverUrl) : null;
  const { db } = createDb({ databaseUrl: made?.url ?? null, sqlitePath: path.join(dir, 'test.sqlite') });
  await migrateToLatest(db, migration);
  return {
    db,
    cleanup: async () => {
      await db.destroy();
      await made?.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
