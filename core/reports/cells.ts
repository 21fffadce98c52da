import { formatPeso } from '../format';
import type { Report } from './schemas';

type Column = Report['columns'][number];

/**
 * A report's cell as a person reads it: an amount of money in pesos with two decimals ("₱250.50", never
 * "250.5"), other numbers with thousands separators, an empty cell as `empty`. The PDF's font has no peso sign,
 * so it passes its own.
 */
export function reportCellText(v: string | number | null, column: Column | undefined, empty = '', peso = '₱'): string {
  if (v === null) return empty;
  if (typeof v !== 'number') return v;
  return column?.money ? formatPeso(v).replace('₱', peso) : v.toLocaleString('en-US');
}
