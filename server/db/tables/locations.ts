/** Buildings and rooms (the locations module). */
import type { Generated, Selectable } from 'kysely';

/** A campus building (migration 023): code in capitals, unique; name unique in any case. */
export interface BuildingsTable {
  id: Generated<number>;
  code: string;
  name: string;
  notes: string | null;
  created_at: string;
}

/** A room of a building (migration 023): code unique; name unique (any case) in its building; floor free text. */
export interface RoomsTable {
  id: Generated<number>;
  building_id: number;
  code: string;
  name: string;
  floor: string | null;
  notes: string | null;
  created_at: string;
  updated_at: string;
  /** 1 while the room is only suggested by a repair report's typed place (migration 024), 0 once on the list. */
  suggested: Generated<number>;
}

export interface LocationTables {
  buildings: BuildingsTable;
  rooms: RoomsTable;
}

export type Building = Selectable<BuildingsTable>;
export type Room = Selectable<RoomsTable>;
