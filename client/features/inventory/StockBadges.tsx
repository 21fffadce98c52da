import { Badge } from '@mantine/core';
import {
  ITEM_STATUS_LABELS,
  STOCK_LEVEL_LABELS,
  STOCK_STATUS_LABELS,
  type ItemStatus,
  type StockLevel,
  type StockStatus,
} from '../../../core/inventory/rules';
import { lightTone, type Tone } from '../../ui/tones';

const LEVEL_TONE: Record<StockLevel, Tone> = { good: 'green', low: 'yellow', critical: 'red' };
const STATUS_TONE: Record<StockStatus, Tone> = { in_stock: 'green', low_stock: 'yellow', out_of_stock: 'red' };
const ITEM_TONE: Record<ItemStatus, Tone> = { available: 'blue', unavailable: 'gray', damaged: 'red' };

/** The admin table's Status badge: good, low or critical (the core stock rule). */
export const StockLevelBadge = ({ level }: { level: StockLevel }) => (
  <Badge {...lightTone(LEVEL_TONE[level])}>{STOCK_LEVEL_LABELS[level]}</Badge>
);

/** The personnel cards' stock status: in stock, low stock, out of stock (the same rule, docs/product.md's words). */
export const StockStatusBadge = ({ status }: { status: StockStatus }) => (
  <Badge {...lightTone(STATUS_TONE[status])}>{STOCK_STATUS_LABELS[status]}</Badge>
);

export const ItemStatusBadge = ({ status }: { status: string }) => (
  <Badge variant="outline" color={lightTone(ITEM_TONE[status as ItemStatus] ?? 'gray').c}>
    {ITEM_STATUS_LABELS[status as ItemStatus] ?? status}
  </Badge>
);
