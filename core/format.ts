/** Counts and amounts in words, the same on every screen, in every notice and in the demo data. */

/** "1 item", "3 items": the word gets an s unless there is exactly one. */
export const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

const PESO = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** Philippine pesos, two decimals (docs/decisions/money-and-relative-time.md): ₱1,234.50. */
export function formatPeso(amount: number): string {
  return `${amount < 0 ? '-' : ''}₱${PESO.format(Math.abs(amount))}`;
}

/** Sizes shown in MB with two decimals (docs/product.md). */
export const formatMB = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(2)} MB`;
