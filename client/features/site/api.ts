import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MaintenanceResult, SiteStats, SiteStatus } from '../../../core/site/schemas';
import { todayIn } from '../../../core/time';
import { api } from '../../lib/api';

export type { SiteStats, SiteStatus };

/** The query keys of the site's status and public figures. */
export const siteKeys = {
  all: ['site'] as const,
  status: () => [...siteKeys.all, 'status'] as const,
  stats: () => [...siteKeys.all, 'stats'] as const,
};

export const siteQueries = {
  status: () =>
    queryOptions({
      queryKey: siteKeys.status(),
      queryFn: () => api.get<SiteStatus>('/api/site/status'),
      staleTime: 30_000,
      retry: 1,
    }),
  stats: () => queryOptions({ queryKey: siteKeys.stats(), queryFn: () => api.get<SiteStats>('/api/site/stats'), staleTime: 60_000 }),
};

export function useSiteStatus() {
  return useQuery(siteQueries.status());
}

export function useSiteStats() {
  return useQuery(siteQueries.stats());
}

/** Admin: maintenance mode on or off; the site's status is read again after. */
export function useSetMaintenance() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) => api.put<MaintenanceResult>('/api/site/maintenance', { enabled }),
    onSuccess: () => qc.invalidateQueries({ queryKey: siteKeys.status() }),
  });
}

/** Today's date (YYYY-MM-DD) on campus, for date pickers and form checks. */
export function useCampusToday(): string {
  const zone = useSiteStatus().data?.timeZone;
  return todayIn(zone ?? Intl.DateTimeFormat().resolvedOptions().timeZone);
}
