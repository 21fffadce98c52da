import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ScheduleEntryInput, ScheduleEntryUpdateInput, ScheduleWeek } from '../../../core/schedule/schemas';
import { api } from '../../lib/api';
import { activityKeys, scheduleKeys } from '../../lib/queryKeys';

export type { ScheduleEntryInput, ScheduleEntryUpdateInput, ScheduleWeek };

/** The week (this week when `week` is null): entries and repair work grouped by weekday, with the counters. */
export function useScheduleWeek(week: string | null) {
  return useQuery({
    queryKey: scheduleKeys.week(week),
    queryFn: () => api.get('/api/schedule', { query: { week: week ?? undefined } }),
    placeholderData: keepPreviousData,
  });
}

/** A page of one day's items, by start time. */
export function useScheduleDay(date: string, page: number, pageSize: number) {
  return useQuery({
    queryKey: scheduleKeys.day(date, page),
    queryFn: () => api.get('/api/schedule/day', { query: { date, page, pageSize } }),
    placeholderData: keepPreviousData,
  });
}

/** The personnel an entry can be tied to (administrators). */
export function useSchedulePersonnel(enabled = true) {
  return useQuery({
    queryKey: scheduleKeys.personnel(),
    queryFn: () => api.get('/api/schedule/personnel'),
    enabled,
  });
}

/** After a change to the schedule: every week and day, and the activity feeds that tell of it. */
function useRefreshSchedule() {
  const qc = useQueryClient();
  return () => Promise.all([scheduleKeys.all, activityKeys.all].map((queryKey) => qc.invalidateQueries({ queryKey })));
}

export function useAddSchedule() {
  const refresh = useRefreshSchedule();
  return useMutation({
    mutationFn: (body: ScheduleEntryInput) => api.post('/api/schedule', { body }),
    onSuccess: refresh,
  });
}

/** Edits a manual entry (repair work is edited in Maintenance & Repairs). */
export function useUpdateSchedule() {
  const refresh = useRefreshSchedule();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ScheduleEntryUpdateInput }) => api.put('/api/schedule/:id', { params: { id }, body }),
    onSuccess: refresh,
  });
}

export function useDeleteSchedule() {
  const refresh = useRefreshSchedule();
  return useMutation({ mutationFn: (id: number) => api.del('/api/schedule/:id', { params: { id } }), onSuccess: refresh });
}
