import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ItemList } from '../../../core/inventory/schemas';
import { api, qs } from '../../lib/api';

export type { ItemList };
export type ItemListParams = { search?: string; category?: string; page?: number; pageSize?: number };

/** The query keys of the inventory. */
export const inventoryKeys = {
  all: ['inventory'] as const,
  items: (params: ItemListParams) => [...inventoryKeys.all, 'items', params] as const,
};

export const inventoryQueries = {
  items: (params: ItemListParams) =>
    queryOptions({
      queryKey: inventoryKeys.items(params),
      queryFn: () => api.get<ItemList>(`/api/items${qs(params)}`),
      placeholderData: keepPreviousData,
    }),
};

export function useItems(params: ItemListParams) {
  return useQuery(inventoryQueries.items(params));
}
