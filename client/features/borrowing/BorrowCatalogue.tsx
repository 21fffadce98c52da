import { Group, SimpleGrid, Stack } from '@mantine/core';
import { CATEGORIES } from '../../../core/inventory/rules';
import type { ItemDto } from '../../../core/inventory/schemas';
import { CategoryFilter } from '../inventory/CategoryFilter';
import { useItems } from '../inventory/api';
import { ListState, Pager, SearchField, useListParams } from '../../ui/list';
import { BorrowItemCard } from './BorrowItemCard';
import type { Cart } from './cart';
import type { SupplyRefusal } from './useSupplyRefusal';

const PAGE_SIZE = 24;

/**
 * The catalogue of Borrow Items and Request Supplies: search, category (in the address), the items as cards with
 * Add to Request, paged by the server. kind 'supply' shows supplies only (the API filters them).
 */
export function BorrowCatalogue({
  cart,
  today,
  onAdd,
  refusal,
  kind,
}: {
  cart: Cart;
  today: string;
  onAdd: (item: ItemDto) => void;
  /** Why the person may not request an item (in the server's words): the cards wait for it. */
  refusal: SupplyRefusal;
  kind?: 'supply';
}) {
  const {
    tab: category,
    setTab: setCategory,
    page,
    setPage,
    input,
    setInput,
    search,
  } = useListParams<string>({ tabs: ['all', ...CATEGORIES], defaultTab: 'all', tabParam: 'category' });
  const items = useItems({ search, category, kind, page, pageSize: PAGE_SIZE });
  const data = items.data;
  const what = kind === 'supply' ? 'supplies' : 'items';
  return (
    <Stack>
      <Group wrap="wrap">
        <SearchField label={`Search ${what}`} placeholder={`Search ${what}`} value={input} onChange={setInput} />
        <CategoryFilter value={category} onChange={setCategory} counts={data?.counts} w={200} />
      </Group>
      <ListState
        loading={items.isPending || refusal.pending}
        error={items.isError ? items.error : refusal.error}
        onRetry={() => {
          if (items.isError) void items.refetch();
          if (refusal.error) refusal.retry();
        }}
        empty={!!data && data.items.length === 0}
        emptyText={`No ${what} found`}
        emptyHint={search ? `No ${what} match "${search}".` : undefined}
        skeletonHeight={200}
      >
        <SimpleGrid cols={{ base: 1, xs: 2, xl: 3 }}>
          {data?.items.map((item) => (
            <BorrowItemCard
              key={item.id}
              item={item}
              inCart={cart.quantityIn(item.id)}
              onAdd={() => onAdd(item)}
              today={today}
              refusal={refusal.of(item)}
            />
          ))}
        </SimpleGrid>
      </ListState>
      {data && <Pager total={data.total} pageSize={PAGE_SIZE} page={page} onChange={setPage} />}
    </Stack>
  );
}
