import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import type { DB } from './schema';

export type Db = Kysely<DB>;
export type Dialect = 'sqlite' | 'postgres';

/** Whether a connection or transaction is PostgreSQL's: rows are locked `for update` there; SQLite has one writer. */
export const onPostgres = (db: Db) => db.getExecutor().adapter.constructor.name.startsWith('Postgres');

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
  // Reads of a campus-sized database come from memory: a 64 MiB page cache and the file mapped.
  database.pragma('cache_size = -65536');
  database.pragma('mmap_size = 268435456');
  // The query planner picks the right index only with statistics (a pending queue sorted oldest first, loans
  // out sorted by due date): gathered at open, within a small analysis limit, as SQLite advises; the counter
  // sweep in app.ts refreshes them every 10 minutes (PRAGMA optimize only re-analyses what changed a lot).
  optimizeSqlite(database);
  reusePreparedStatements(database);
  return { db: new Kysely<DB>({ dialect: new SqliteDialect({ database }) }), dialect: 'sqlite' };
}

function optimizeSqlite(database: SQLite.Database) {
  database.pragma('optimize=0x10002');
}

/**
 * Kysely prepares every query it runs; preparing costs as much as running a small indexed query. The same
 * SQL text gets the same statement back. Safe because Kysely runs one statement at a time per connection.
 */
function reusePreparedStatements(database: SQLite.Database, max = 500) {
  const prepare = database.prepare.bind(database);
  const statements = new Map<string, SQLite.Statement>();
  database.prepare = ((source: string) => {
    let statement = statements.get(source);
    if (!statement) {
      statement = prepare(source);
      if (statements.size >= max) statements.delete(statements.keys().next().value!);
      statements.set(source, statement);
    }
    return statement;
  }) as typeof database.prepare;
}
