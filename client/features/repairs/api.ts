import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AssignmentInput,
  RatingInput,
  RepairReportDto,
  RepairReportInput,
  RoomOpenReportDto,
  RoomReportTab,
  WorkInput,
} from '../../../core/repairs/schemas';
import type { RepairTargets } from '../../../core/repairs/deadlines';
import { api } from '../../lib/api';
import { activityKeys, itemKeys, notificationKeys, repairKeys, type RepairListParams } from '../../lib/queryKeys';

export type { RepairReportDto, RepairReportInput, AssignmentInput, RoomOpenReportDto, RoomReportTab };

/** Every list, feed and bell that shows repair data refreshes after any repair action. */
/** A repair of damaged equipment ending puts it back in stock (or retires it): the inventory refreshes too. */
export function useInvalidateRepairs() {
  const qc = useQueryClient();
  return () =>
    Promise.all(
      [repairKeys.all, activityKeys.all, notificationKeys.all, itemKeys.all].map((queryKey) => qc.invalidateQueries({ queryKey })),
    );
}

/** The three lists answer alike: the reporter's, every report, the ones assigned. */
type ListPath = '/api/repairs/mine' | '/api/repairs' | '/api/repairs/assigned';

function useRepairList(key: readonly unknown[], path: ListPath, params: RepairListParams, enabled: boolean, refetchInterval?: number) {
  return useQuery({
    queryKey: key,
    queryFn: () => api.get(path, { query: params }),
    placeholderData: keepPreviousData,
    enabled,
    refetchInterval,
  });
}

/** The reporter's My Reports, kept live: the status moves while the reporter watches. */
export const useMyRepairs = (params: RepairListParams, enabled = true) =>
  useRepairList(repairKeys.mine(params), '/api/repairs/mine', params, enabled, 30_000);
/** Every report (administrators). */
export const useOfficeRepairs = (params: RepairListParams, enabled = true) =>
  useRepairList(repairKeys.office(params), '/api/repairs', params, enabled);
/** The reports assigned to the signed-in personnel. */
export const useAssignedRepairs = (params: RepairListParams, enabled = true) =>
  useRepairList(repairKeys.assigned(params), '/api/repairs/assigned', params, enabled);

export function useRepair(id: number | string) {
  return useQuery({ queryKey: repairKeys.one(id), queryFn: () => api.get('/api/repairs/:id', { params: { id } }) });
}

/** The personnel a report can be assigned to, with their ratings (administrators). */
export function useAssignablePersonnel(enabled = true) {
  return useQuery({
    queryKey: repairKeys.personnel(),
    queryFn: () => api.get('/api/repairs/personnel'),
    enabled,
  });
}

export function useSubmitRepair() {
  const refresh = useInvalidateRepairs();
  return useMutation({
    mutationFn: (body: RepairReportInput) => api.post('/api/repairs', { body }),
    onSuccess: refresh,
  });
}

/** The reporter's photo of the problem, attached to their pending report (sent after the report itself). */
export function useAttachRepairPhoto() {
  const refresh = useInvalidateRepairs();
  return useMutation({
    mutationFn: ({ id, file }: { id: number; file: File }) => {
      const form = new FormData();
      form.append('photo', file);
      return api.upload('/api/repairs/:id/photo', form, { params: { id } });
    },
    onSuccess: refresh,
  });
}

export function useEditRepair() {
  const refresh = useInvalidateRepairs();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: RepairReportInput }) => api.put('/api/repairs/:id', { params: { id }, body }),
    onSuccess: refresh,
  });
}

export function useDeleteRepair() {
  const refresh = useInvalidateRepairs();
  return useMutation({ mutationFn: (id: number) => api.del('/api/repairs/:id', { params: { id } }), onSuccess: refresh });
}

export function useRateRepair() {
  const refresh = useInvalidateRepairs();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: RatingInput }) => api.post('/api/repairs/:id/rating', { params: { id }, body }),
    onSuccess: refresh,
  });
}

/** Assign (pending reports) or Edit (the others): the server decides which is allowed. */
export function useAssignRepair() {
  const refresh = useInvalidateRepairs();
  return useMutation({
    mutationFn: ({ id, body, edit }: { id: number; body: Partial<AssignmentInput>; edit: boolean }) =>
      edit
        ? api.put('/api/repairs/:id/assignment', { params: { id }, body })
        : api.post('/api/repairs/:id/assign', { params: { id }, body }),
    onSuccess: refresh,
  });
}

/** Close an equipment-damage report with the unit retired, beyond repair (docs/decisions/return-conditions.md). */
export function useRetireRepair() {
  const refresh = useInvalidateRepairs();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) =>
      api.post('/api/repairs/:id/retire', { params: { id }, body: { reason } }),
    onSuccess: refresh,
  });
}

/** The personnel's Update dialog: notes and the actual cost. */
export function useUpdateWork() {
  const refresh = useInvalidateRepairs();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: WorkInput }) => api.put('/api/repairs/:id/work', { params: { id }, body }),
    onSuccess: refresh,
  });
}

/** Mark as In Progress (a proof image) or Completed (a work description, a proof image, and the actual cost or null for none). */
export function useAdvanceRepair() {
  const refresh = useInvalidateRepairs();
  return useMutation({
    mutationFn: ({
      id,
      next,
      file,
      workDescription,
      actualCost,
    }: {
      id: number;
      next: 'in-progress' | 'completed';
      file: File;
      workDescription?: string;
      actualCost?: number | null;
    }) => {
      const form = new FormData();
      if (workDescription !== undefined) form.append('workDescription', workDescription);
      // Blank is "no cost" to the server; left out, it keeps the cost saved with Update.
      if (actualCost !== undefined) form.append('actualCost', actualCost === null ? '' : String(actualCost));
      form.append('proof', file);
      return api.upload(next === 'in-progress' ? '/api/repairs/:id/start' : '/api/repairs/:id/complete', form, { params: { id } });
    },
    onSuccess: refresh,
  });
}

/** A room's reports, open or past, newest first (office and personnel; docs/decisions/rooms-and-followers.md). */
export function useRoomReports(roomId: number | null, params: { show: RoomReportTab; page: number; pageSize: number }) {
  return useQuery({
    queryKey: repairKeys.room(roomId ?? 0, params),
    queryFn: () => api.get('/api/repairs/room/:id', { params: { id: roomId! }, query: params }),
    enabled: roomId !== null,
    placeholderData: keepPreviousData,
  });
}

/** A room's open reports for a faculty member: "Already reported" on the repair form and the room view. */
export function useRoomOpenReports(roomId: number | null) {
  return useQuery({
    queryKey: repairKeys.roomOpen(roomId ?? 0),
    queryFn: () => api.get('/api/repairs/room/:id/open', { params: { id: roomId! } }),
    enabled: roomId !== null,
  });
}

/** Follow or stop following a report someone else filed. */
export function useFollowRepair() {
  const refresh = useInvalidateRepairs();
  return useMutation({
    mutationFn: ({ id, follow }: { id: number; follow: boolean }) =>
      follow ? api.post('/api/repairs/:id/follow', { params: { id } }) : api.del('/api/repairs/:id/follow', { params: { id } }),
    onSuccess: refresh,
  });
}

/** The response and fix targets per priority (docs/decisions/repair-deadlines.md). */
export function useRepairTargets() {
  return useQuery({ queryKey: repairKeys.targets(), queryFn: () => api.get('/api/repairs/targets'), staleTime: 60_000 });
}

export function useSaveRepairTargets() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (targets: RepairTargets) => api.put('/api/repairs/targets', { body: targets }),
    onSuccess: () => qc.invalidateQueries({ queryKey: repairKeys.targets() }),
  });
}

/** Put on Hold (with why) and Resume (docs/decisions/repair-deadlines.md): the office, or the person assigned. */
export function useHoldRepair() {
  const refresh = useInvalidateRepairs();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string | null }) =>
      reason === null
        ? api.post('/api/repairs/:id/resume', { params: { id } })
        : api.post('/api/repairs/:id/hold', { params: { id }, body: { reason } }),
    onSuccess: refresh,
  });
}

/** A report's story, oldest first (docs/decisions/repair-deadlines.md); asked for when the timeline opens. */
export function useRepairTimeline(id: number, enabled: boolean) {
  return useQuery({
    queryKey: repairKeys.timeline(id),
    queryFn: () => api.get('/api/repairs/:id/timeline', { params: { id } }),
    enabled,
  });
}

/** Kept promises over the last 30 or 90 days (docs/decisions/repair-deadlines.md), for the admin dashboard. */
export function useKeptPromises(days: '30' | '90') {
  return useQuery({
    queryKey: repairKeys.keptPromises(days),
    queryFn: () => api.get('/api/repairs/kept-promises', { query: { days } }),
    placeholderData: keepPreviousData,
  });
}
