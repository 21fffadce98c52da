import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DeliveryBody, DeliveryDto, DeliveryRowDto, SupplierDto, WarrantyRowDto } from '../../../core/inventory/stockSchemas';
import type { UnitAssetBody } from '../../../core/inventory/unitSchemas';
import { api } from '../../lib/api';
import { activityKeys, dashboardKeys, deliveryKeys, itemKeys, type DeliveryParams } from '../../lib/queryKeys';

export type { DeliveryBody, DeliveryDto, DeliveryRowDto, SupplierDto, WarrantyRowDto };

/** Deliveries, a page of them, newest received first (docs/decisions/stock-card.md). */
export function useDeliveries(params: DeliveryParams) {
  return useQuery({
    queryKey: deliveryKeys.list(params),
    queryFn: () => api.get('/api/deliveries', { query: params }),
    placeholderData: keepPreviousData,
  });
}

export function useDelivery(id: number, enabled: boolean) {
  return useQuery({
    queryKey: deliveryKeys.one(id),
    queryFn: () => api.get('/api/deliveries/:id', { params: { id } }),
    enabled,
  });
}

/** The suppliers list staff keep, by name. */
export function useSuppliers() {
  return useQuery({ queryKey: deliveryKeys.suppliers(), queryFn: () => api.get('/api/suppliers', { query: {} }) });
}

/** Items a delivery line may name: the first matches of what is typed. */
export function useItemChoices(search: string) {
  return useQuery({
    queryKey: itemKeys.list({ search, category: 'all', page: 1, pageSize: 50 }),
    queryFn: () => api.get('/api/items', { query: { search, category: 'all', page: 1, pageSize: 50 } }),
    placeholderData: keepPreviousData,
  });
}

export function useWarrantyEnding(days: number, page: number, pageSize: number) {
  return useQuery({
    queryKey: deliveryKeys.warranty(days, page, pageSize),
    queryFn: () => api.get('/api/units/warranty-ending', { query: { days, page, pageSize } }),
    placeholderData: keepPreviousData,
  });
}

/** After a delivery write: deliveries, stock everywhere it shows, the feed and the dashboard. */
function useRefresh() {
  const qc = useQueryClient();
  return () =>
    Promise.all(
      [deliveryKeys.all, itemKeys.all, activityKeys.all, dashboardKeys.all].map((queryKey) => qc.invalidateQueries({ queryKey })),
    );
}

export function useAddSupplier() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; contact: string | null }) => api.post('/api/suppliers', { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: deliveryKeys.suppliers() }),
  });
}

export function useRecordDelivery() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (body: DeliveryBody) => api.post('/api/deliveries', { body }), onSuccess: refresh });
}

export function useReverseDelivery() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) =>
      api.post('/api/deliveries/:id/reverse', { params: { id }, body: { reason } }),
    onSuccess: refresh,
  });
}

/** Edit Asset Record of a unit: its page, the warranty list and the inventory report follow. */
export function useEditUnitAsset() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UnitAssetBody }) => api.put('/api/units/:id/asset', { params: { id }, body }),
    onSuccess: refresh,
  });
}
