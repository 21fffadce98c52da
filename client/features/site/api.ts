import { useQuery } from '@tanstack/react-query';
import type { SiteStats, SiteStatus } from '../../../core/site/schemas';
import { api } from '../../lib/api';

export type { SiteStats, SiteStatus };

export const siteKeys = {
  all: ['site'] as const,
  status: () => [...siteKeys.all, 'status'] as const,
  stats: () => [...siteKeys.all, 'stats'] as const,
};
/** The site's status (maintenance, time zone), read by the guards and the maintenance screens. */
export const siteStatusKey = siteKeys.status();

export function useSiteStatus() {
  return useQuery({
    queryKey: siteStatusKey,
    queryFn: () => api.get<SiteStatus>('/api/site/status'),
    staleTime: 30_000,
    retry: 1,
  });
}

export function useSiteStats() {
  return useQuery({ queryKey: siteKeys.stats(), queryFn: () => api.get<SiteStats>('/api/site/stats'), staleTime: 60_000 });
}
