import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationList, OfficeBellPreferences } from '../../../core/activity/schemas';
import { api } from '../../lib/api';

export type { NotificationList, OfficeBellPreferences };

/** The query keys of the header bell: its notices and the office's mail preference. */
export const notificationKeys = {
  all: ['notifications'] as const,
  list: () => [...notificationKeys.all, 'list'] as const,
  preferences: () => [...notificationKeys.all, 'preferences'] as const,
};

export const notificationQueries = {
  /** Refreshed every 30 seconds (spec 001 layout). */
  list: () =>
    queryOptions({
      queryKey: notificationKeys.list(),
      queryFn: () => api.get<NotificationList>('/api/notifications'),
      refetchInterval: 30_000,
    }),
  preferences: () =>
    queryOptions({
      queryKey: notificationKeys.preferences(),
      queryFn: () => api.get<OfficeBellPreferences>('/api/notifications/preferences'),
    }),
};

export function useNotifications() {
  return useQuery(notificationQueries.list());
}

export function useMarkNotificationsRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.post('/api/notifications/read'),
    onSuccess: () => qc.invalidateQueries({ queryKey: notificationKeys.list() }),
  });
}

export function useOfficeBellPreferences() {
  return useQuery(notificationQueries.preferences());
}

export function useSaveOfficeBellPreferences() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: OfficeBellPreferences) => api.put<OfficeBellPreferences>('/api/notifications/preferences', body),
    onSuccess: (data) => qc.setQueryData(notificationQueries.preferences().queryKey, data),
  });
}
