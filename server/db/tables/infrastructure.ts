/** The shared infrastructure's tables, each kept by one file of server/lib or server/plugins, and the status counts' shape. */
import type { Generated } from 'kysely';

export interface SessionsTable {
  id: string; // sha256 of the cookie token
  account_id: number;
  persistent: number;
  expires_at: string;
  created_at: string;
}

/** API tokens (migration 065, server/plugins/apiTokens.ts): the secret's SHA-256 only; scopes as JSON. */
export interface ApiTokensTable {
  id: Generated<number>;
  name: string;
  secret_hash: string;
  scopes: string;
  created_by: number | null;
  created_at: string;
  /** The last campus date it works; expires_at is the instant the next one begins. */
  expires_on: string;
  expires_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
  revoked_by: number | null;
}

/** Windowed counters shared by every process (rate limits, sign-in throttle); reset_at in epoch ms. */
export interface CountersTable {
  key: string;
  hits: number;
  reset_at: number | string;
}

export interface OutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  body: string;
  created_at: string;
  /** JSON: [{ filename, contentType, content (base64) }] (migration 039); null: none. */
  attachments: string | null;
}

/** A number the database raises with every change to a list's table (migration 011). */
export interface ListVersionsTable {
  name: string;
  version: number;
}

/** A change to what a request's or a repair report's row in a list shows (migration 043), written by triggers. */
export interface RowChangesTable {
  seq: Generated<number>;
  list: string;
  row_id: number;
}

/** One row per daily job and campus day: the claim that makes a run happen once (migration 010). */
export interface JobRunsTable {
  job: string;
  run_on: string;
  started_at: string;
  /** JSON: what the run did. */
  summary: string;
}

/** A scheduled job's claim and record (server/lib/scheduler.ts, migration 045). */
export interface ScheduledJobsTable {
  job: string;
  /** The last period claimed (a day, an hour, a slice of minutes), as text that sorts in time order. */
  period: string | null;
  started_at: string | null;
  succeeded_at: string | null;
  failed_at: string | null;
  /** The last failure's message, until a run succeeds. */
  error: string | null;
  /** Failed runs since the job was first scheduled. */
  failures: Generated<number>;
}

/** Rows per status, kept exact by triggers (borrow_status_counts, repair_status_counts). */
export interface StatusCountsTable {
  status: string;
  n: number;
}

/**
 * A write's Idempotency-Key (migration 066): claimed by the first request, then its answer, replayed to the same
 * account sending the same key again (server/plugins/idempotency.ts). Kept a day.
 */
export interface IdempotencyKeysTable {
  account_id: number;
  key: string;
  /** The method and address the key was first used for: another with the same key is refused. */
  target: string;
  status_code: number | null;
  content_type: string | null;
  body: string | null;
  created_at: string;
}

export interface InfrastructureTables {
  sessions: SessionsTable;
  api_tokens: ApiTokensTable;
  counters: CountersTable;
  outbox: OutboxTable;
  list_versions: ListVersionsTable;
  row_changes: RowChangesTable;
  job_runs: JobRunsTable;
  scheduled_jobs: ScheduledJobsTable;
  idempotency_keys: IdempotencyKeysTable;
}
