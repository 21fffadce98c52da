/** Items, their tracked units and the units' history (the inventory module). */
import type { Generated, Selectable } from 'kysely';

export interface ItemsTable {
  id: Generated<number>;
  name: string;
  description: string | null;
  category: string;
  quantity: number;
  min_stock: number;
  item_status: string;
  created_at: string;
  /** An optional photo under the upload dir (migration 012). */
  photo_path: string | null;
  /** Last change by the office (migration 012); null until changed. */
  updated_at: string | null;
  /** 'counted' (quantity typed) or 'tracked' (quantity = its units available, migration 025). */
  tracking: Generated<string>;
  /** 1: a supply, issued and not returned; 0: lent (migration 058, docs/decisions/supplies.md). */
  supply: Generated<number>;
  /** At or below it the item is to be reordered; null: not reordered (migration 059, docs/decisions/reorder.md). */
  reorder_level: number | null;
  reorder_quantity: Generated<number>;
  /** When the stock crossed the reorder level and the office was told; null above it (migration 059). */
  reorder_flagged_at: string | null;
}

/** A tracked item's unit (migration 025): tag in capitals, unique; condition and status as core/inventory/units.ts says. */
export interface ItemUnitsTable {
  id: Generated<number>;
  item_id: number;
  tag: string;
  serial_number: string | null;
  condition: string;
  status: string;
  home_room_id: number | null;
  created_at: string;
  updated_at: string;
  /** The asset register (migration 052): purchase date (YYYY-MM-DD), cost in centavos, supplier, warranty end, property number (unique), the delivery that made it. */
  purchase_date: Generated<string | null>;
  purchase_cost_cents: Generated<number | null>;
  supplier_id: Generated<number | null>;
  warranty_end: Generated<string | null>;
  property_number: Generated<string | null>;
  delivery_id: Generated<number | null>;
  /** When a count last found it (migration 064, docs/decisions/counts.md); null: never. */
  last_counted_at: Generated<string | null>;
}

/** What happened to a unit (migration 025): created, condition, status, moved, serial, retired. */
export interface UnitEventsTable {
  id: Generated<number>;
  unit_id: number;
  kind: string;
  from_value: string | null;
  to_value: string | null;
  note: string | null;
  actor_id: number | null;
  created_at: string;
}

export interface InventoryTables {
  items: ItemsTable;
  item_units: ItemUnitsTable;
  unit_events: UnitEventsTable;
}

export type Item = Selectable<ItemsTable>;
export type ItemUnit = Selectable<ItemUnitsTable>;
