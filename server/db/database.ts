import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, PostgresDialect, SqliteDialect, sql, type Expression, type SqlBool } from 'kysely';
import type { DB } from './schema';

export type Db = Kysely<DB>;
export type Dialect = 'sqlite' | 'postgres';

// Postgres BIGINT counts arrive as strings; they are always small enough for a JS number here.
pg.types.setTypeParser(20, (v) => Number(v));

export function createDb(
  opts: { databaseUrl: string | null; sqlitePath: string },
  onIdleError: (err: Error) => void = (err) => console.warn(`database connection dropped: ${err.message}`),
): { db: Db; dialect: Dialect } {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    // A pooled connection the server drops (restart, failover, an administrator) is discarded by pg and
    // replaced on the next query; without a listener its 'error' event would crash the process.
    pool.on('error', onIdleError);
    return { db: new Kysely<DB>({ dialect: new PostgresDialect({ pool }) }), dialect: 'postgres' };
  }
  if (opts.sqlitePath !== ':memory:') fs.mkdirSync(path.dirname(opts.sqlitePath), { recursive: true });
  const database = new SQLite(opts.sqlitePath);
  database.pragma('journal_mode = WAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  database.pragma('synchronous = NORMAL');
  return { db: new Kysely<DB>({ dialect: new SqliteDialect({ database }) }), dialect: 'sqlite' };
}

/** Case-insensitive substring match on both databases. */
export function containsCI(dialect: Dialect, column: Expression<unknown> | string, term: string): Expression<SqlBool> {
  const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const col = typeof column === 'string' ? sql.ref(column) : column;
  return dialect === 'postgres'
    ? sql<SqlBool>`${col} ilike ${pattern} escape '\\'`
    : sql<SqlBool>`${col} like ${pattern} escape '\\'`;
}
