/**
 * Text search on both databases, in one place: a case-insensitive substring match, and the word search
 * (every word typed starts a word of the text) through a word index: FTS5 on SQLite, full text with the
 * 'simple' configuration (no stemming, no stop words) on PostgreSQL.
 */
import { sql, type Expression, type SqlBool } from 'kysely';
import type { Dialect } from './database';

/** Case-insensitive substring match on both databases. */
export function containsCI(dialect: Dialect, column: Expression<unknown> | string, term: string): Expression<SqlBool> {
  const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const col = typeof column === 'string' ? sql.ref(column) : column;
  return dialect === 'postgres' ? sql<SqlBool>`${col} ilike ${pattern} escape '\\'` : sql<SqlBool>`${col} like ${pattern} escape '\\'`;
}

/** The words of a search, as the word index sees them: letters and digits, lower case (eight at most). */
export function searchWords(term: string): string[] {
  return term
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 8);
}

/**
 * A table's word index: on SQLite an external-content FTS5 table over `textColumn` whose rowid is the row's
 * id; on PostgreSQL a GIN index on to_tsvector('simple', textColumn split at non-alphanumerics). Its migration keeps it current.
 */
export interface WordIndex {
  /** The SQLite FTS5 table. */
  ftsTable: string;
  /** The indexed text column, as the query names it (say 'br.search_text'). */
  textColumn: string;
  /** The row id, as the query names it (say 'br.id'). */
  idColumn: string;
}

/** Rows where every word starts a word of the indexed text ("maria lop", "projector"). Words from searchWords. */
export function matchesWords(dialect: Dialect, index: WordIndex, words: string[]): Expression<SqlBool> {
  if (dialect === 'sqlite') {
    const match = words.map((w) => `"${w}"*`).join(' ');
    const fts = sql.table(index.ftsTable);
    return sql<SqlBool>`${sql.ref(index.idColumn)} in (select rowid from ${fts} where ${fts} match ${match})`;
  }
  const query = words.map((w) => `${w}:*`).join(' & ');
  // Split where SQLite's tokenizer splits (migration 018): "MA-01234" is the words "ma" and "01234".
  return sql<SqlBool>`to_tsvector('simple', regexp_replace(${sql.ref(index.textColumn)}, '[^[:alnum:]]+', ' ', 'g')) @@ to_tsquery('simple', ${query})`;
}

/** Any of the columns contains the term, case-insensitively. */
export function anyContainsCI(dialect: Dialect, columns: string[], term: string): Expression<SqlBool> {
  return sql<SqlBool>`(${sql.join(
    columns.map((c) => containsCI(dialect, c, term)),
    sql` or `,
  )})`;
}
