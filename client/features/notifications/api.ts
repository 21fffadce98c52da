import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OfficeBellPreferences } from '../../../core/activity/schemas';
import { api } from '../../lib/api';
import { notificationKeys } from '../../lib/queryKeys';

/** The header bell, refreshed every 30 seconds (docs/product.md layout). */
export function useBell() {
  return useQuery({
    queryKey: notificationKeys.bell(),
    queryFn: () => api.get('/api/notifications'),
    refetchInterval: 30_000,
  });
}

export function useMarkAllRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.post('/api/notifications/read'),
    onSuccess: () => qc.invalidateQueries({ queryKey: notificationKeys.bell() }),
  });
}

/** An office member's choice of mail for new requests and returns awaiting verification. */
export function useOfficeBellPreferences() {
  return useQuery({
    queryKey: notificationKeys.preferences(),
    queryFn: () => api.get('/api/notifications/preferences'),
  });
}

export function useSaveOfficeBellPreferences() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: OfficeBellPreferences) => api.put('/api/notifications/preferences', { body }),
    onSuccess: (data) => qc.setQueryData(notificationKeys.preferences(), data),
  });
}
