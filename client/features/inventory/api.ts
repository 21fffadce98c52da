import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ItemList } from '../../../core/inventory/schemas';
import { api, qs } from '../../lib/api';

export type { ItemList };
type ItemParams = { search?: string; category?: string; page?: number; pageSize?: number };

/** Query keys of the inventory's lists; invalidating `all` refreshes stock everywhere it shows. */
export const itemKeys = {
  all: ['items'] as const,
  list: (params: ItemParams) => [...itemKeys.all, 'list', params] as const,
};

export function useItems(params: ItemParams) {
  return useQuery({
    queryKey: itemKeys.list(params),
    queryFn: () => api.get<ItemList>(`/api/items${qs(params)}`),
    placeholderData: keepPreviousData,
  });
}
