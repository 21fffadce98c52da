/** The stock card and the deliveries that feed it (migration 051; the inventory module). Money in centavos. */
import type { Generated, Selectable } from 'kysely';

export interface SuppliersTable {
  id: Generated<number>;
  name: string;
  /** The name folded to lower case, unique: one supplier per name in any case. */
  name_key: string;
  contact: string | null;
  created_at: string;
}

/** A delivery received: never edited; reversed (with who, when and why) to correct it. */
export interface DeliveriesTable {
  id: Generated<number>;
  supplier_id: number;
  reference: string;
  /** The campus day it was received, YYYY-MM-DD. */
  received_on: string;
  note: string | null;
  total_cents: number;
  received_by: number | null;
  created_at: string;
  reversed_at: string | null;
  reversed_by: number | null;
  reverse_reason: string | null;
  /** Reference, supplier and items' names, lower case, for the list's search. */
  search_text: string;
}

export interface DeliveryLinesTable {
  id: Generated<number>;
  delivery_id: number;
  item_id: number | null;
  item_name: string;
  quantity: number;
  unit_cost_cents: number;
}

/** One entry of an item's stock card: the signed quantity and the item's quantity after it. */
export interface StockMovementsTable {
  id: Generated<number>;
  item_id: number;
  /** Its number on its item's card, 1 = the first (migration 060): the card's pages are ranges of it. */
  entry_no: number;
  kind: string;
  quantity: number;
  balance_after: number;
  unit_cost_cents: number | null;
  actor_id: number | null;
  request_id: number | null;
  delivery_id: number | null;
  repair_id: number | null;
  count_id: number | null;
  unit_id: number | null;
  reason: string | null;
  created_at: string;
}

export interface StockTables {
  suppliers: SuppliersTable;
  deliveries: DeliveriesTable;
  delivery_lines: DeliveryLinesTable;
  stock_movements: StockMovementsTable;
}

export type Supplier = Selectable<SuppliersTable>;
export type Delivery = Selectable<DeliveriesTable>;
export type DeliveryLine = Selectable<DeliveryLinesTable>;
export type StockMovement = Selectable<StockMovementsTable>;
