/**
 * The office's request and loan rows of a page, read from the database and written as JSON through their schemas
 * (the page's answer is kept as written: server/lib/listCache.ts).
 */
import { borrowRecordSchema, borrowRequestSchema } from '../../../core/borrowing/schemas';
import type { Db } from '../../db/database';
import { writeRow } from '../../lib/writtenList';
import { rowsInOrder, toRecordDto, toRequestDto, withLines } from './requestRows';

/** Rows read from the database, with their lines, as DTOs in the order of `ids`. */
const dtosOf = async <T>(db: Db, ids: readonly number[], today: string, map: Parameters<typeof withLines<T>>[3]) =>
  withLines(
    db,
    await rowsInOrder(
      db,
      ids.map((id) => ({ id })),
    ),
    today,
    map,
  );

/** The page's requests as JSON, in the order of `ids`. */
export const writtenRequests = async (db: Db, ids: readonly number[], today: string): Promise<string[]> =>
  (await dtosOf(db, ids, today, toRequestDto)).map((dto) => writeRow(borrowRequestSchema, dto));

/** The page's loans as JSON, in the order of `ids`. */
export const writtenRecords = async (db: Db, ids: readonly number[], today: string): Promise<string[]> =>
  (await dtosOf(db, ids, today, toRecordDto)).map((dto) => writeRow(borrowRecordSchema, dto));
