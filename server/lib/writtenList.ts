/**
 * A list's answer written as JSON once (the office's lists, server/lib/listCache.ts keeps it as written): each row
 * through its schema, then the rest of the answer, so a kept answer is sent without being serialized again.
 */
import { safeParse, type $ZodType } from 'zod/v4/core';
import type { FastifyReply } from 'fastify';

/** A row through its schema (fields it does not list dropped, a row that does not fit an error), as JSON. */
export function writeRow(schema: $ZodType, value: unknown): string {
  const parsed = safeParse(schema, value);
  if (!parsed.success) throw new Error(`A row of the list does not fit its schema: ${parsed.error.message}`);
  return JSON.stringify(parsed.data);
}

/**
 * A list's answer as JSON from rows already written: the rest of the answer through the list's schema (with no
 * rows), the rows placed in its `items`.
 */
export function writeList(schema: $ZodType, rest: object, rows: readonly string[]): string {
  const parsed = safeParse(schema, { ...rest, items: [] });
  if (!parsed.success) throw new Error(`A list answer does not fit its schema: ${parsed.error.message}`);
  const json = JSON.stringify(parsed.data);
  const empty = '"items":[]';
  const at = json.indexOf(empty);
  if (at < 0) throw new Error('A list answer has no items');
  return `${json.slice(0, at)}"items":[${rows.join(',')}]${json.slice(at + empty.length)}`;
}

/** Sends an answer written by writeList (already through its schema, so not serialized again). */
export const sendWritten = (reply: FastifyReply, json: string) => reply.type('application/json; charset=utf-8').send(json);
