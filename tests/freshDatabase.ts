import crypto from 'node:crypto';
import pg from 'pg';

/** Creates a new, empty PostgreSQL database on the server of `serverUrl`; returns its URL and a drop function. */
export async function freshPostgres(serverUrl: string, prefix = 'gso_test'): Promise<{ url: string; drop: () => Promise<void> }> {
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
  await run(`create database ${name}`);
  const u = new URL(serverUrl);
  u.pathname = `/${name}`;
  return { url: u.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}
