/** Custody of tracked units (the custody module, migration 063; docs/decisions/custody.md). */
import type { Generated, Selectable } from 'kysely';

/** An Acknowledgement Receipt ('receipt') or a Transfer Slip ('transfer'), names copied as printed. */
export interface CustodySlipsTable {
  id: Generated<number>;
  kind: 'receipt' | 'transfer';
  holder_kind: 'person' | 'room';
  account_id: number | null;
  room_id: number | null;
  holder_name: string;
  /** The giver on a transfer slip; null on a receipt (the office). */
  from_name: string | null;
  created_by: number | null;
  created_by_name: string;
  created_at: string;
}

/** One unit held by one person or room: awaiting, held, offered (a transfer awaiting confirmation) or ended. */
export interface UnitCustodyTable {
  id: Generated<number>;
  unit_id: number;
  slip_id: number;
  holder_kind: 'person' | 'room';
  account_id: number | null;
  room_id: number | null;
  holder_name: string;
  state: 'awaiting' | 'held' | 'offered' | 'ended';
  started_at: string;
  acknowledged_at: string | null;
  ended_at: string | null;
  /** transferred, returned or withdrawn; null while not ended. */
  end_kind: string | null;
}

export interface CustodyTables {
  custody_slips: CustodySlipsTable;
  unit_custody: UnitCustodyTable;
}

export type CustodySlip = Selectable<CustodySlipsTable>;
export type UnitCustody = Selectable<UnitCustodyTable>;
