import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LocationCsvPreview } from '../../../core/locations/csv';
import type { BuildingBody, BuildingDto, RoomBody, RoomDto, RoomList } from '../../../core/locations/schemas';
import { api } from '../../lib/api';
import { activityKeys, locationKeys, type RoomParams } from '../../lib/queryKeys';

export type { BuildingBody, BuildingDto, LocationCsvPreview, RoomBody, RoomDto, RoomList };

export function useBuildings() {
  return useQuery({ queryKey: locationKeys.buildings(), queryFn: () => api.get('/api/buildings') });
}

export function useRooms(params: RoomParams) {
  return useQuery({
    queryKey: locationKeys.rooms(params),
    queryFn: () => api.get('/api/rooms', { query: params }),
    placeholderData: keepPreviousData,
  });
}

/** Every room of one building (at most 100), for the repair form's suggestions; nothing without a building. */
export function useRoomsOf(building: number | null) {
  return useQuery({
    queryKey: locationKeys.rooms({ building: building ?? 0, pageSize: 100 }),
    queryFn: () => api.get('/api/rooms', { query: { building: building!, pageSize: 100 } }),
    enabled: building !== null,
  });
}

/** One room by its code; a code on no room answers 404 (ApiError), which the screens say in words. */
export function useRoomByCode(code: string) {
  return useQuery({
    queryKey: locationKeys.roomByCode(code),
    queryFn: () => api.get('/api/rooms/code/:code', { params: { code } }),
    retry: false,
  });
}

/** A room's history, newest first: its reports' events and its inspections (office and personnel). */
export function useRoomHistory(roomId: number | null, page: number, pageSize: number) {
  return useQuery({
    queryKey: locationKeys.history(roomId ?? 0, page, pageSize),
    queryFn: () => api.get('/api/rooms/:id/history', { params: { id: roomId! }, query: { page, pageSize } }),
    enabled: roomId !== null,
    placeholderData: keepPreviousData,
  });
}

/** After a write: both lists (room counts, building names on rooms) and the feed. */
function useRefresh() {
  const qc = useQueryClient();
  return () => Promise.all([locationKeys.all, activityKeys.all].map((queryKey) => qc.invalidateQueries({ queryKey })));
}

export function useSaveBuilding() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: BuildingBody }) =>
      id === null ? api.post('/api/buildings', { body }) : api.put('/api/buildings/:id', { params: { id }, body }),
    onSuccess: refresh,
  });
}

export function useDeleteBuilding() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (id: number) => api.del('/api/buildings/:id', { params: { id } }), onSuccess: refresh });
}

export function useSaveRoom() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: RoomBody }) =>
      id === null ? api.post('/api/rooms', { body }) : api.put('/api/rooms/:id', { params: { id }, body }),
    onSuccess: refresh,
  });
}

export function useDeleteRoom() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (id: number) => api.del('/api/rooms/:id', { params: { id } }), onSuccess: refresh });
}

/** Confirm a room a repair report suggested (docs/decisions/locations.md, Suggested rooms). */
export function useConfirmRoom() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (id: number) => api.post('/api/rooms/:id/confirm', { params: { id } }), onSuccess: refresh });
}

/** Import CSV, step one: the server reads the file and checks every row; nothing is written. */
export function useLocationsCsvPreview() {
  return useMutation({ mutationFn: (csv: string) => api.post('/api/locations/import/preview', { body: { csv } }) });
}

/** Import CSV, step two: every row or none. */
export function useLocationsCsvImport() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (csv: string) => api.post('/api/locations/import', { body: { csv } }), onSuccess: refresh });
}
