import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CountDto, CountRowDto, CountUnitRowDto, ScanAnswerDto, StartCountBody } from '../../../core/inventory/countSchemas';
import { api } from '../../lib/api';
import { activityKeys, countKeys, dashboardKeys, itemKeys, type CountListParams, type CountUnitParams } from '../../lib/queryKeys';

export type { CountDto, CountRowDto, CountUnitRowDto, ScanAnswerDto, StartCountBody };

/** The counts, newest first, with their tabs (docs/decisions/counts.md). */
export function useCounts(params: CountListParams) {
  return useQuery({
    queryKey: countKeys.list(params),
    queryFn: () => api.get('/api/counts', { query: params }),
    placeholderData: keepPreviousData,
  });
}

export function useCount(id: number, enabled = true) {
  return useQuery({ queryKey: countKeys.one(id), queryFn: () => api.get('/api/counts/:id', { params: { id } }), enabled });
}

export function useBuildingProgress(id: number) {
  return useQuery({ queryKey: countKeys.buildings(id), queryFn: () => api.get('/api/counts/:id/buildings', { params: { id } }) });
}

export function useRoomProgress(id: number, query: { buildingId?: number; page: number; pageSize: number }) {
  return useQuery({
    queryKey: countKeys.rooms(id, query),
    queryFn: () => api.get('/api/counts/:id/rooms', { params: { id }, query }),
    placeholderData: keepPreviousData,
  });
}

export function useCountUnits(id: number, query: CountUnitParams) {
  return useQuery({
    queryKey: countKeys.units(id, query),
    queryFn: () => api.get('/api/counts/:id/units', { params: { id }, query }),
    placeholderData: keepPreviousData,
  });
}

export function useUnknownTags(id: number, page: number, pageSize: number) {
  return useQuery({
    queryKey: countKeys.unknownTags(id, page, pageSize),
    queryFn: () => api.get('/api/counts/:id/unknown-tags', { params: { id }, query: { page, pageSize } }),
    placeholderData: keepPreviousData,
  });
}

export function useCountItems(id: number, page: number, pageSize: number, enabled = true) {
  return useQuery({
    queryKey: countKeys.items(id, page, pageSize),
    queryFn: () => api.get('/api/counts/:id/items', { params: { id }, query: { page, pageSize } }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useNotSeen(page: number, pageSize: number) {
  return useQuery({
    queryKey: countKeys.notSeen(page, pageSize),
    queryFn: () => api.get('/api/units/not-seen', { query: { page, pageSize } }),
    placeholderData: keepPreviousData,
  });
}

/**
 * A room opened to count it, with its figures: refreshed as this phone's scans are answered, and every 10 seconds for
 * the other counters' in the same room.
 */
export function useCountRoom(id: number, roomId: number | null) {
  return useQuery({
    queryKey: countKeys.room(id, roomId ?? 0),
    queryFn: () => api.get('/api/counts/:id/room', { params: { id }, query: { roomId: roomId! } }),
    enabled: roomId !== null,
    retry: false,
    refetchInterval: 10_000,
  });
}

/** Opens a room by its label's code or address (scanned, typed or pasted): the room and its figures, or the server's refusal. */
export function useOpenRoomByCode(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.get('/api/counts/:id/room', { params: { id }, query: { code } }),
    onSuccess: (res) => qc.setQueryData(countKeys.room(id, res.room.id), res),
  });
}

/** After the office changes a count: the count's figures and lists, the units and stock it touched, the feed. */
function useRefresh() {
  const qc = useQueryClient();
  return () =>
    Promise.all([countKeys.all, itemKeys.all, activityKeys.all, dashboardKeys.all].map((queryKey) => qc.invalidateQueries({ queryKey })));
}

export function useStartCount() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (body: StartCountBody) => api.post('/api/counts', { body }), onSuccess: refresh });
}

export function useMoveUnit(id: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (unitId: number) => api.post('/api/counts/:id/units/:unitId/move', { params: { id, unitId } }),
    onSuccess: refresh,
  });
}

export function useCloseCount(id: number) {
  const refresh = useRefresh();
  return useMutation({ mutationFn: () => api.post('/api/counts/:id/close', { params: { id } }), onSuccess: refresh });
}

export function useConfirmLosses(id: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: { all: true } | { unitIds: number[] }) => api.post('/api/counts/:id/losses', { params: { id }, body }),
    onSuccess: refresh,
  });
}

/** A scan's answers change the count's figures: its page and the room being counted read them again. */
export function useRefreshFigures(id: number) {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: countKeys.one(id) });
}
