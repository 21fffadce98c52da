/** The yearly count (migration 064; the inventory module, docs/decisions/counts.md). */
import type { Generated } from 'kysely';

export interface CountsTable {
  id: Generated<number>;
  /** Trimmed, in capitals, unique (CNT-2026-001). */
  reference: string;
  name: string;
  /** 'open' or 'closed'. */
  status: string;
  /** 1: the whole campus (its counted items too); 0: the buildings in count_buildings. */
  whole_campus: number;
  /** The categories counted, as a JSON array; null: all. */
  categories: string | null;
  started_by: number | null;
  started_at: string;
  closed_by: number | null;
  closed_at: string | null;
}

export interface CountBuildingsTable {
  count_id: number;
  building_id: number;
  building_name: string;
}

/** An open count's hold on the campus ('campus') or a building ('building:ID'): one open count each. */
export interface CountClaimsTable {
  claim: string;
  count_id: number;
}

/** A unit the count expected (fixed at its start) or found without expecting it; what became of it. */
export interface CountUnitsTable {
  count_id: number;
  unit_id: number;
  item_id: number;
  tag: string;
  item_name: string;
  /** 1: expected at the start; 0: found, though its home is outside the count. */
  expected: number;
  home_room_id: number | null;
  home_building_id: number | null;
  /** Its purchase cost at the start, in centavos. */
  cost_cents: number | null;
  found_room_id: number | null;
  found_building_id: number | null;
  found_by: number | null;
  found_at: string | null;
  /** When the office gave it the room it was found in as its home. */
  moved_at: string | null;
  /** When the office confirmed it lost. */
  lost_at: string | null;
  /** In custody at the start (migration 067): 'person' (expected with them, no room) or 'room' (home_room_id is it). */
  custodian_kind: string | null;
  custodian_account_id: number | null;
  /** The custodian's name as the start saw it. */
  custodian_name: string | null;
}

/** Every scan, once by the phone's id, with the answer it got. */
export interface CountScansTable {
  id: Generated<number>;
  count_id: number;
  client_id: string;
  room_id: number;
  scanned_text: string | null;
  tag: string | null;
  unit_id: number | null;
  item_id: number | null;
  quantity: number | null;
  result: string;
  scanned_by: number | null;
  scanned_at: string;
}

export interface CountUnknownTagsTable {
  count_id: number;
  room_id: number;
  building_id: number | null;
  tag: string;
  scanned_by: number | null;
  scanned_at: string;
}

/** An item counted by quantity: what the stock said at the start; applied_at once its difference is on its card. */
export interface CountItemsTable {
  count_id: number;
  item_id: number;
  item_name: string;
  category: string;
  expected: number;
  cost_cents: number | null;
  applied_at: string | null;
}

/** The quantity of an item counted in one room; a later count of the same room replaces it. */
export interface CountItemRoomsTable {
  count_id: number;
  item_id: number;
  room_id: number;
  quantity: number;
  counted_by: number | null;
  counted_at: string;
}

/**
 * The count's figures kept as it goes (migration 068): one row per place ('room:ID', 'building:ID', 'no_room',
 * 'custodians'), updated in each scan's transaction.
 */
export interface CountTalliesTable {
  count_id: number;
  place: string;
  building_id: number | null;
  room_id: number | null;
  /** Copied at the start or the first scan there: the rooms' progress is ordered by them. */
  building_name: string | null;
  room_code: string | null;
  expected: Generated<number>;
  found: Generated<number>;
  found_elsewhere: Generated<number>;
  unexpected: Generated<number>;
  unknown_tags: Generated<number>;
}

export interface CountTables {
  counts: CountsTable;
  count_buildings: CountBuildingsTable;
  count_claims: CountClaimsTable;
  count_units: CountUnitsTable;
  count_scans: CountScansTable;
  count_unknown_tags: CountUnknownTagsTable;
  count_items: CountItemsTable;
  count_item_rooms: CountItemRoomsTable;
  count_tallies: CountTalliesTable;
}
