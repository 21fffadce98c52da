/** Counts and amounts in words, the same on every screen, in every notice and in the demo data. */

/** "1 item", "3 items", "1,204 entries": the word gets an s (or its own plural) unless there is exactly one (docs/decisions/screen-wording.md). */
export const plural = (n: number, word: string, many = `${word}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? word : many}`;

const PESO = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** Philippine pesos, two decimals (docs/decisions/money-and-relative-time.md): ₱1,234.50. */
export function formatPeso(amount: number): string {
  return `${amount < 0 ? '-' : ''}₱${PESO.format(Math.abs(amount))}`;
}

/** Pesos as the PDFs' standard font can write them: it has no peso sign, so "PHP 1,234.50". */
export const formatPesoPdf = (amount: number) => formatPeso(amount).replace('₱', 'PHP ');

/** Sizes shown in MB with two decimals (docs/product.md). */
export const formatMB = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(2)} MB`;
