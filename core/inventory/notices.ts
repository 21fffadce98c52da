/**
 * The words of the inventory's activity entries (docs/product.md: inventory_update), written once: the service
 * says them when the office changes the stock, and the demo data could tell its story with the same sentences.
 */
import type { ActivityText } from '../activity/notices';
import { ITEM_STATUS_LABELS, type ItemStatus } from './rules';

const INVENTORY_UPDATE = 'inventory_update';
const statusLabel = (s: string) => ITEM_STATUS_LABELS[s as ItemStatus] ?? s;

export interface ItemFacts {
  name: string;
  description: string | null;
  category: string;
  quantity: number;
  minStock: number;
  itemStatus: string;
  /** Lent or supply, and the reorder level and quantity (absent in older callers: not compared). */
  kind?: string;
  reorderLevel?: number | null;
  reorderQuantity?: number;
}

export const itemAdded = (actor: string, item: ItemFacts): ActivityText => ({
  actionType: INVENTORY_UPDATE,
  description: `${actor} added ${item.name} to ${item.category} (${item.quantity} on hand, min stock ${item.minStock}, ${statusLabel(item.itemStatus).toLowerCase()})`,
});

/** What an edit changed, in words ("quantity 5 → 8"); empty when nothing did. */
export function itemChanges(before: ItemFacts, after: ItemFacts): string[] {
  const changes: string[] = [];
  if (before.name !== after.name) changes.push(`name ${before.name} → ${after.name}`);
  if (before.category !== after.category) changes.push(`category ${before.category} → ${after.category}`);
  if (before.quantity !== after.quantity) changes.push(`quantity ${before.quantity} → ${after.quantity}`);
  if (before.minStock !== after.minStock) changes.push(`min stock ${before.minStock} → ${after.minStock}`);
  if (before.itemStatus !== after.itemStatus)
    changes.push(`status ${statusLabel(before.itemStatus).toLowerCase()} → ${statusLabel(after.itemStatus).toLowerCase()}`);
  if ((before.description ?? '') !== (after.description ?? '')) changes.push('description');
  if (after.kind !== undefined && before.kind !== after.kind) changes.push(after.kind === 'supply' ? 'now a supply' : 'now lent');
  if (after.reorderLevel !== undefined && before.reorderLevel !== after.reorderLevel)
    changes.push(`reorder level ${before.reorderLevel ?? 'none'} → ${after.reorderLevel ?? 'none'}`);
  if (after.reorderQuantity !== undefined && before.reorderQuantity !== after.reorderQuantity)
    changes.push(`reorder quantity ${before.reorderQuantity ?? 0} → ${after.reorderQuantity}`);
  return changes;
}

export const itemUpdated = (actor: string, name: string, changes: string[]): ActivityText => ({
  actionType: INVENTORY_UPDATE,
  description: changes.length ? `${actor} updated ${name}: ${changes.join(', ')}` : `${actor} saved ${name} without changes`,
});

export const itemStatusChanged = (actor: string, name: string, from: string, to: string): ActivityText => ({
  actionType: INVENTORY_UPDATE,
  description: `${actor} marked ${name} ${statusLabel(to).toLowerCase()} (was ${statusLabel(from).toLowerCase()})`,
});

export const itemDeleted = (actor: string, name: string, category: string): ActivityText => ({
  actionType: INVENTORY_UPDATE,
  description: `${actor} removed ${name} (${category}) from the inventory`,
});

export const itemPhotoChanged = (actor: string, name: string, removed: boolean): ActivityText => ({
  actionType: INVENTORY_UPDATE,
  description: removed ? `${actor} removed the photo of ${name}` : `${actor} set a new photo for ${name}`,
});

// ---- tracked units (docs/decisions/units.md) ----

export const itemTracked = (actor: string, name: string, n: number, first: string | null, last: string | null): ActivityText => ({
  actionType: INVENTORY_UPDATE,
  description: `${actor} started tracking ${name} unit by unit: ${n} ${n === 1 ? 'unit' : 'units'}${first ? ` (${first}${last && last !== first ? ` to ${last}` : ''})` : ''}`,
});

export const unitsAdded = (actor: string, name: string, tags: string[]): ActivityText => ({
  actionType: INVENTORY_UPDATE,
  description:
    tags.length === 1
      ? `${actor} added unit ${tags[0]} to ${name}`
      : `${actor} added ${tags.length} units to ${name} (${tags[0]} to ${tags[tags.length - 1]})`,
});

export const unitUpdated = (actor: string, name: string, tag: string, changes: string[]): ActivityText => ({
  actionType: INVENTORY_UPDATE,
  description: changes.length
    ? `${actor} updated unit ${tag} of ${name}: ${changes.join(', ')}`
    : `${actor} saved unit ${tag} of ${name} without changes`,
});

export const unitRetired = (actor: string, name: string, tag: string, reason: string): ActivityText => ({
  actionType: INVENTORY_UPDATE,
  description: `${actor} retired unit ${tag} of ${name}: ${reason}`,
});

export const unitsImported = (actor: string, name: string, created: string[], updated: string[]): ActivityText => ({
  actionType: INVENTORY_UPDATE,
  description: `${actor} imported units of ${name} from CSV: ${[
    created.length ? `added ${created.join(', ')}` : '',
    updated.length ? `updated ${updated.join(', ')}` : '',
  ]
    .filter(Boolean)
    .join('; ')}`,
});

// ---- deliveries (docs/decisions/stock-card.md) ----

export const supplierAdded = (actor: string, name: string): ActivityText => ({
  actionType: INVENTORY_UPDATE,
  description: `${actor} added supplier ${name}`,
});

export const deliveryReceived = (
  actor: string,
  reference: string,
  supplier: string,
  lines: { name: string; quantity: number }[],
): ActivityText => ({
  actionType: INVENTORY_UPDATE,
  description: `${actor} received delivery ${reference} from ${supplier}: ${lines.map((l) => `${l.quantity} ${l.name}`).join(', ')}`,
});

export const deliveryReversed = (actor: string, reference: string, reason: string): ActivityText => ({
  actionType: INVENTORY_UPDATE,
  description: `${actor} reversed delivery ${reference}: ${reason}`,
});
