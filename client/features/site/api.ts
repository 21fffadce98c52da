import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DamageTrades } from '../../../core/repairs/damage';
import type { SupplyRequesters } from '../../../core/inventory/supplies';
import type { WeekHours } from '../../../core/site/calendar';
import type { OfficeInput, SiteStats, SiteStatus } from '../../../core/site/schemas';
import { api } from '../../lib/api';
import { siteKeys, siteStatusKey } from '../../lib/queryKeys';

export type { SiteStats, SiteStatus };

/** The scheduled jobs' runs (administrators): refreshed each minute, as often as the runner checks. */
export function useScheduledJobs() {
  return useQuery({ queryKey: siteKeys.jobs(), queryFn: () => api.get('/api/site/jobs'), refetchInterval: 60_000 });
}

/** The trade suggested per item category for repairs opened by damage (docs/decisions/return-conditions.md). */
export function useDamageTrades() {
  return useQuery({ queryKey: siteKeys.damageTrades(), queryFn: () => api.get('/api/site/damage-trades') });
}

export function useSaveDamageTrades() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (trades: DamageTrades) => api.put('/api/site/damage-trades', { body: { trades } }),
    onSuccess: (res) => qc.setQueryData(siteKeys.damageTrades(), res),
  });
}

/** Who may request each category's supplies (docs/decisions/supplies.md): readable by everyone, set by administrators. */
export function useSupplyRequesters() {
  return useQuery({ queryKey: siteKeys.supplyRequesters(), queryFn: () => api.get('/api/site/supply-requesters') });
}

export function useSaveSupplyRequesters() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (requesters: SupplyRequesters) => api.put('/api/site/supply-requesters', { body: { requesters } }),
    onSuccess: (res) => qc.setQueryData(siteKeys.supplyRequesters(), res),
  });
}

export const siteStatusQuery = queryOptions({
  queryKey: siteStatusKey,
  queryFn: () => api.get('/api/site/status'),
  staleTime: 30_000,
  // A failed check is asked again after 1, then 2 seconds, and not again each time another part of the page that
  // reads it mounts (that asked twice a second while it kept failing).
  retry: 2,
  retryDelay: (failures) => Math.min(1000 * 2 ** failures, 30_000),
  retryOnMount: false,
});

export const useSiteStatus = () => useQuery(siteStatusQuery);

export function useSiteStats() {
  return useQuery({ queryKey: siteKeys.stats(), queryFn: () => api.get('/api/site/stats'), staleTime: 60_000 });
}

/** An administrator saves the office's contact details; the landing page shows them at once. */
export function useSaveOffice() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (office: OfficeInput) => api.put('/api/site/office', { body: office }),
    onSuccess: () => qc.invalidateQueries({ queryKey: siteStatusKey }),
  });
}

/** An administrator uploads (a file) or removes (null) the campus map. */
export function useCampusMap() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File | null; onProgress?: (fraction: number) => void }) => {
      if (!file) return api.del('/api/site/campus-map');
      const form = new FormData();
      form.append('map', file);
      return api.upload('/api/site/campus-map', form, { onProgress });
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: siteStatusKey }),
  });
}

/** The office calendar (docs/decisions/office-calendar.md): the weekly hours and the closures not yet over. */
export function useOfficeCalendar() {
  return useQuery({ queryKey: siteKeys.calendar(), queryFn: () => api.get('/api/site/calendar'), staleTime: 60_000 });
}

/** Any change to the calendar changes the hours the landing page and the office details show. */
function useCalendarChange<T, R>(mutationFn: (input: T) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all([qc.invalidateQueries({ queryKey: siteKeys.calendar() }), qc.invalidateQueries({ queryKey: siteStatusKey })]),
  });
}

export const useSaveWeekHours = () => useCalendarChange((week: WeekHours) => api.put('/api/site/calendar/hours', { body: week }));
export const useAddClosure = () =>
  useCalendarChange((closure: { name: string; from: string; to: string }) => api.post('/api/site/closures', { body: closure }));
export const useRemoveClosure = () => useCalendarChange((id: number) => api.del('/api/site/closures/:id', { params: { id } }));
