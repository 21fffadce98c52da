import { useQuery } from '@tanstack/react-query';
import { todayIn } from '../../../core/time';
import { api } from '../../lib/api';

export interface SiteStatus {
  available: boolean;
  maintenanceForced: boolean;
  /** The campus time zone: "today" for date pickers. */
  timeZone: string;
  /** The campus map image: the shipped one, or the file set by CAMPUS_MAP_FILE. */
  campusMapUrl: string;
  office: { name: string; address: string; phone: string; email: string; hours: string };
}

export const siteStatusKey = ['site', 'status'] as const;

export function useSiteStatus() {
  return useQuery({
    queryKey: siteStatusKey,
    queryFn: () => api.get<SiteStatus>('/api/site/status'),
    staleTime: 30_000,
    retry: 1,
  });
}

export interface SiteStats {
  requestsHandled: number;
  itemsAvailable: number;
  peopleServed: number;
  averageResponseHours: number | null;
}

export function useSiteStats() {
  return useQuery({ queryKey: ['site', 'stats'], queryFn: () => api.get<SiteStats>('/api/site/stats'), staleTime: 60_000 });
}

/** Today's date (YYYY-MM-DD) on campus, for date pickers and form checks. */
export function useCampusToday(): string {
  const zone = useSiteStatus().data?.timeZone;
  return todayIn(zone ?? Intl.DateTimeFormat().resolvedOptions().timeZone);
}
