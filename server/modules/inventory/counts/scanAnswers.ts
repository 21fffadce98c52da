/**
 * A scan's answer (docs/decisions/counts.md): the same words and fields whether it is made now from what the scan
 * wrote, or read again from its saved row for a replay, so a phone that sends a scan twice hears the first answer.
 */
import { sql } from 'kysely';
import type { ScanResult } from '../../../../core/inventory/counts';
import type { ScanAnswerDto } from '../../../../core/inventory/countSchemas';
import type { Db } from '../../../db/database';

/** What an answer is made of: the saved scan, and the unit's row in the count where it names a unit. */
export type AnswerParts = {
  client_id: string;
  result: string;
  tag: string | null;
  unit_id: number | null;
  item_id: number | null;
  quantity: number | null;
  scanned_at: string;
  full_name: string | null;
  home_code: string | null;
  found_code: string | null;
  scan_room_code: string | null;
  custodian_name: string | null;
  custodian_kind: string | null;
  item_name: string | null;
};

export function answerFrom(row: AnswerParts): ScanAnswerDto {
  const result = row.result as ScanResult;
  const tag = row.tag ?? '';
  const message: Record<ScanResult, string> = {
    found: row.custodian_kind === 'person' ? `${tag} found; it is with ${row.custodian_name}.` : `${tag} found.`,
    found_elsewhere:
      row.custodian_kind === 'room'
        ? `${tag} found here; it is in the custody of ${row.custodian_name}.`
        : `${tag} found here; its home is ${row.home_code ?? 'no room'}.`,
    already_counted: `${tag} was already counted${row.found_code ? ` in ${row.found_code}` : ''}.`,
    unknown_tag: `${tag} is no unit of the office: kept as an unknown tag.`,
    quantity_counted: `${row.item_name ?? 'Item'}: ${row.quantity ?? 0} counted in ${row.scan_room_code ?? 'this room'}.`,
  };
  return {
    id: row.client_id,
    result,
    message: message[result],
    tag: row.tag,
    unitId: row.unit_id,
    itemId: row.item_id,
    itemName: row.item_name,
    homeRoomCode: row.home_code,
    foundRoomCode: row.found_code,
    quantity: row.quantity,
    scannedBy: row.full_name,
    scannedAt: row.scanned_at,
    custodian: row.custodian_name,
  };
}

/** A saved scan's answer: what it found, where, by whom; null when no scan has that id in the count. */
export async function answerOf(db: Db, countId: number, clientId: string): Promise<ScanAnswerDto | null> {
  const row = await db
    .selectFrom('count_scans as s')
    .leftJoin('accounts as a', 'a.id', 's.scanned_by')
    .leftJoin('count_units as c', (j) => j.onRef('c.count_id', '=', 's.count_id').onRef('c.unit_id', '=', 's.unit_id'))
    .leftJoin('rooms as h', 'h.id', 'c.home_room_id')
    .leftJoin('rooms as f', 'f.id', 'c.found_room_id')
    .leftJoin('rooms as sr', 'sr.id', 's.room_id')
    .leftJoin('count_items as ci', (j) => j.onRef('ci.count_id', '=', 's.count_id').onRef('ci.item_id', '=', 's.item_id'))
    .select([
      's.client_id',
      's.result',
      's.tag',
      's.unit_id',
      's.item_id',
      's.quantity',
      's.scanned_at',
      'a.full_name',
      'h.code as home_code',
      'f.code as found_code',
      'sr.code as scan_room_code',
      'c.custodian_name',
      'c.custodian_kind',
      sql<string | null>`coalesce(c.item_name, ci.item_name)`.as('item_name'),
    ])
    .where('s.count_id', '=', countId)
    .where('s.client_id', '=', clientId.toLowerCase())
    .executeTakeFirst();
  return row ? answerFrom(row) : null;
}
