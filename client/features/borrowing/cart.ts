import { clampQuantity, isCartQuantity } from '../../../core/borrowing/rules';
import type { ItemDto } from '../../../core/inventory/schemas';
import { MSG } from '../../../core/messages';
import { useSessionState } from '../../lib/useSessionState';

export interface CartLine {
  item: ItemDto;
  /** As typed: "-3" or "2.5" stay what they are, for the form to refuse in words rather than change them. */
  quantity: number | string;
}

/** A line's quantity as a number; NaN while the box holds no number ("", "-"). */
export const quantityOf = (l: CartLine) => (typeof l.quantity === 'number' ? l.quantity : Number.NaN);

/** What is wrong with a line's quantity, in the product's words; null when it can be asked for. */
export function quantityProblem(l: CartLine): string | null {
  const n = quantityOf(l);
  if (!isCartQuantity(n)) return MSG.quantityInvalid;
  // Out of stock today, it can only be booked ahead (the form checks a booking against its dates instead).
  if (!l.item.borrowable) return `${l.item.name}: ${MSG.itemNotAvailable(l.item.availability)}`;
  if (n > l.item.availableQuantity) return MSG.quantityOverStock(l.item.name, l.item.availableQuantity);
  return null;
}

/**
 * The Request Cart's lines, kept for the browser session until the request is sent (leaving Borrow keeps them);
 * under its own key on Request Supplies.
 */
export function useCart(key = 'gso.borrow') {
  const [lines, setLines] = useSessionState<CartLine[]>(`${key}.cart`, []);
  return {
    /** The key the cart and its form keep their values under. */
    key,
    lines,
    /** The units asked for, counting only the quantities that can be asked for. */
    units: lines.reduce((n, l) => n + (isCartQuantity(quantityOf(l)) ? quantityOf(l) : 0), 0),
    quantityIn: (itemId: number) => lines.find((l) => l.item.id === itemId)?.quantity ?? null,
    /**
     * Adds one of the item, or one more when it is already in the cart (never past what is on the shelf; an item out
     * of stock today, added to book ahead, is bounded by its dates' availability in the form instead).
     */
    add: (item: ItemDto) =>
      setLines((c) => {
        const existing = c.find((l) => l.item.id === item.id);
        if (!existing) return [...c, { item, quantity: 1 }];
        return c.map((l) =>
          l.item.id === item.id
            ? { ...l, quantity: clampQuantity((quantityOf(l) || 0) + 1, item.borrowable ? item.availableQuantity : Infinity) }
            : l,
        );
      }),
    setQuantity: (itemId: number, quantity: number | string) =>
      setLines((c) => c.map((l) => (l.item.id === itemId ? { ...l, quantity } : l))),
    remove: (itemId: number) => setLines((c) => c.filter((l) => l.item.id !== itemId)),
    clear: () => setLines([]),
  };
}
export type Cart = ReturnType<typeof useCart>;
