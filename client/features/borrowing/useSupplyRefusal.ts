import type { ItemDto } from '../../../core/inventory/schemas';
import { supplyRefusal } from '../../../core/inventory/supplies';
import { useMe } from '../auth/api';
import { useSupplyRequesters } from '../site/api';

/**
 * Why this person may not request an item, in the server's words (a supply of a category their role may not ask for,
 * docs/decisions/supplies.md), or null. Pending until the office's rule is read: the catalogue waits for it, so no
 * Add button turns off under the person's finger and no refused supply slips into the cart meanwhile.
 */
export function useSupplyRefusal() {
  const me = useMe().data;
  const rule = useSupplyRequesters();
  const requesters = rule.data?.requesters;
  return {
    pending: !me || rule.isPending,
    error: rule.isError ? rule.error : null,
    retry: () => void rule.refetch(),
    of: (item: ItemDto): string | null =>
      item.kind === 'supply' && me && requesters ? supplyRefusal(requesters, me.role, { name: item.name, category: item.category }) : null,
  };
}

export type SupplyRefusal = ReturnType<typeof useSupplyRefusal>;
