import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UnreturnedItemDto, UnreturnedList } from '../../../core/borrowing/schemas';
import type { CsvPreview } from '../../../core/inventory/csv';
import type { InventoryReport } from '../../../core/inventory/report';
import type { ItemBody, ItemDto, ItemList, ItemListQuery } from '../../../core/inventory/schemas';
import type {
  BulkUnitsBody,
  TrackItemBody,
  UnitBody,
  UnitDto,
  UnitEditBody,
  UnitHistoryEntry,
  UnitList,
  UnitListQuery,
} from '../../../core/inventory/unitSchemas';
import { api } from '../../lib/api';
import { activityKeys, dashboardKeys, itemKeys, type ItemParams, type UnitParams } from '../../lib/queryKeys';

export type {
  CsvPreview,
  InventoryReport,
  ItemBody,
  ItemDto,
  ItemList,
  UnitDto,
  UnitHistoryEntry,
  UnitList,
  UnreturnedItemDto,
  UnreturnedList,
};

export function useItems(params: ItemParams) {
  return useQuery({
    queryKey: itemKeys.list(params),
    queryFn: () => api.get('/api/items', { query: { ...params, category: params.category as ItemListQuery['category'] } }),
    placeholderData: keepPreviousData,
  });
}

/** Available, on loan, in repair and lost of a page's items (docs/decisions/stock-figures.md), by item id. */
export function useStockFigures(ids: number[]) {
  return useQuery({
    queryKey: itemKeys.figures(ids),
    queryFn: async () => {
      const res = await api.get('/api/inventory/figures', { query: { ids: ids.join(',') } });
      return new Map(res.items.map((f) => [f.itemId, f]));
    },
    enabled: ids.length > 0,
    placeholderData: keepPreviousData,
  });
}

/** Items lent and not back in stock yet (the office's Unreturned Items), with the total units. */
export function useUnreturnedItems(enabled: boolean) {
  return useQuery({
    queryKey: itemKeys.unreturned(),
    queryFn: () => api.get('/api/items/unreturned', { query: { pageSize: 500 } }),
    enabled,
  });
}

/** After an item write: the lists (and their counts), the feed and the dashboard's figures. */
function useRefreshInventory() {
  const qc = useQueryClient();
  return () => Promise.all([itemKeys.all, activityKeys.all, dashboardKeys.all].map((queryKey) => qc.invalidateQueries({ queryKey })));
}

export function useCreateItem() {
  const refresh = useRefreshInventory();
  return useMutation({ mutationFn: (body: ItemBody) => api.post('/api/items', { body }), onSuccess: refresh });
}

export function useUpdateItem() {
  const refresh = useRefreshInventory();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ItemBody }) => api.put('/api/items/:id', { params: { id }, body }),
    onSuccess: refresh,
  });
}

export function useDeleteItem() {
  const refresh = useRefreshInventory();
  return useMutation({ mutationFn: (id: number) => api.del('/api/items/:id', { params: { id } }), onSuccess: refresh });
}

/**
 * The Item Status dropdown (docs/product.md): after a change only that row is updated, in place, in every cached
 * page that shows it; the counts that depend on it refresh in the background.
 */
export function useSetItemStatus() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, itemStatus }: { id: number; itemStatus: string }) =>
      api.put('/api/items/:id/status', { params: { id }, body: { itemStatus } }),
    onSuccess: ({ item }) => {
      qc.setQueriesData<ItemList>({ queryKey: itemKeys.all }, (list) =>
        list && 'items' in list && Array.isArray(list.items)
          ? { ...list, items: list.items.map((i) => (i.id === item.id ? item : i)) }
          : list,
      );
      void qc.invalidateQueries({ queryKey: activityKeys.all });
    },
  });
}

export function useItemPhoto() {
  const refresh = useRefreshInventory();
  return useMutation({
    mutationFn: ({ id, file }: { id: number; file: File | null }) => {
      if (!file) return api.del('/api/items/:id/photo', { params: { id } });
      const form = new FormData();
      form.append('photo', file);
      return api.upload('/api/items/:id/photo', form, { params: { id } });
    },
    onSuccess: refresh,
  });
}

/** The Generate Inventory Report modal's figures and tables, fetched each time it opens. */
export function useInventoryReport(enabled: boolean) {
  return useQuery({
    queryKey: itemKeys.report(),
    queryFn: () => api.get('/api/inventory/report'),
    enabled,
    staleTime: 0,
  });
}

/** Import CSV, step one: the server reads the file and checks every row; nothing is written. */
export function useCsvPreview() {
  return useMutation({ mutationFn: (csv: string) => api.post('/api/inventory/import/preview', { body: { csv } }) });
}

/** Import CSV, step two: every row or none. */
export function useCsvImport() {
  const refresh = useRefreshInventory();
  return useMutation({ mutationFn: (csv: string) => api.post('/api/inventory/import', { body: { csv } }), onSuccess: refresh });
}

// ---- tracked units (docs/decisions/units.md) ----

/** A tracked item's units: search, status tab, page. */
export function useUnits(itemId: number, params: UnitParams, enabled = true) {
  return useQuery({
    queryKey: itemKeys.units(itemId, params),
    queryFn: () =>
      api.get('/api/items/:id/units', { params: { id: itemId }, query: { ...params, status: params.status as UnitListQuery['status'] } }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** A unit's page: the unit and its history, loans included. */
export function useUnitPage(tag: string) {
  return useQuery({
    queryKey: itemKeys.unitPage(tag),
    queryFn: () => api.get('/api/units/:tag/history', { params: { tag } }),
    retry: false,
  });
}

/** A unit by its tag: its item for everyone, the unit itself for the office (the short address /u/TAG). */
export function useUnitLookup(tag: string) {
  return useQuery({
    queryKey: itemKeys.unitLookup(tag),
    queryFn: () => api.get('/api/units/by-tag/:tag', { params: { tag } }),
    retry: false,
  });
}

export function useTrackItem() {
  const refresh = useRefreshInventory();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: TrackItemBody }) => api.post('/api/items/:id/track', { params: { id }, body }),
    onSuccess: refresh,
  });
}

export function useAddUnit() {
  const refresh = useRefreshInventory();
  return useMutation({
    mutationFn: ({ itemId, body }: { itemId: number; body: UnitBody }) =>
      api.post('/api/items/:id/units', { params: { id: itemId }, body }),
    onSuccess: refresh,
  });
}

export function useAddUnits() {
  const refresh = useRefreshInventory();
  return useMutation({
    mutationFn: ({ itemId, body }: { itemId: number; body: BulkUnitsBody }) =>
      api.post('/api/items/:id/units/bulk', { params: { id: itemId }, body }),
    onSuccess: refresh,
  });
}

export function useEditUnit() {
  const refresh = useRefreshInventory();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UnitEditBody }) => api.put('/api/units/:id', { params: { id }, body }),
    onSuccess: refresh,
  });
}

export function useRetireUnit() {
  const refresh = useRefreshInventory();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) => api.post('/api/units/:id/retire', { params: { id }, body: { reason } }),
    onSuccess: refresh,
  });
}

/** Import units CSV, step one: every row checked; nothing written. */
export function useUnitsCsvPreview() {
  return useMutation({ mutationFn: (csv: string) => api.post('/api/units/import/preview', { body: { csv } }) });
}

/** Import units CSV, step two: every row or none. */
export function useUnitsCsvImport() {
  const refresh = useRefreshInventory();
  return useMutation({ mutationFn: (csv: string) => api.post('/api/units/import', { body: { csv } }), onSuccess: refresh });
}

/** An item's stock card, a page of it (docs/decisions/stock-card.md). */
export function useStockCard(itemId: number, page: number, pageSize: number, enabled = true) {
  return useQuery({
    queryKey: itemKeys.stockCard(itemId, page, pageSize),
    queryFn: () => api.get('/api/items/:id/stock-card', { params: { id: itemId }, query: { page, pageSize } }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** To Reorder: items at or below their reorder level, with their use and a suggested quantity. */
export function useReorderList() {
  return useQuery({ queryKey: itemKeys.reorder(), queryFn: () => api.get('/api/inventory/reorder') });
}
