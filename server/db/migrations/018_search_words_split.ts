import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers';

/**
 * PostgreSQL's word index splits text as SQLite's does: at every character that is not a letter or a digit.
 * PostgreSQL's own parser read "MA-01234" as the word "ma" and the number "-01234", so a search for the item code
 * found nothing there while SQLite found it. The expression is the one db/search.ts matches against.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`drop index borrow_requests_search_words`.execute(db);
  await sql`create index borrow_requests_search_words on borrow_requests
    using gin (to_tsvector('simple', regexp_replace(search_text, '[^[:alnum:]]+', ' ', 'g')))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`drop index borrow_requests_search_words`.execute(db);
  await sql`create index borrow_requests_search_words on borrow_requests using gin (to_tsvector('simple', search_text))`.execute(db);
}
