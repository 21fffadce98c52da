import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CompleteJobInput, PlanInput, PlanListQuery } from '../../../core/maintenance/schemas';
import { api } from '../../lib/api';
import { activityKeys, inspectionKeys, maintenanceKeys, repairKeys, scheduleKeys } from '../../lib/queryKeys';

export type { PlanDto } from '../../../core/maintenance/schemas';

/** The plans of a tab, searched and paged (docs/decisions/maintenance-plans.md). */
export function usePlans(q: PlanListQuery) {
  return useQuery({
    queryKey: maintenanceKeys.list(q),
    queryFn: () => api.get('/api/maintenance-plans', { query: q }),
    placeholderData: keepPreviousData,
  });
}

/** The rooms, units, personnel and trades a plan can name. */
export function usePlanChoices(enabled = true) {
  return useQuery({ queryKey: maintenanceKeys.choices(), queryFn: () => api.get('/api/maintenance-plans/choices'), enabled });
}

/** Plan compliance over the last 90 days, for the dashboard. */
export function usePlanCompliance() {
  return useQuery({ queryKey: maintenanceKeys.compliance(), queryFn: () => api.get('/api/maintenance-plans/compliance') });
}

/** Personnel's own plan jobs, each with its checklist to fill (kept on the phone to be read offline). */
export function useMyPlanJobs() {
  return useQuery({ queryKey: maintenanceKeys.mine(), queryFn: () => api.get('/api/maintenance-plans/mine') });
}

/** What a filled checklist changes besides the plans: the schedule, the inspections, the repairs and the feed. */
export function useInvalidatePlans() {
  const qc = useQueryClient();
  return () =>
    Promise.all(
      [maintenanceKeys.all, scheduleKeys.all, inspectionKeys.all, repairKeys.all, activityKeys.all].map((queryKey) =>
        qc.invalidateQueries({ queryKey }),
      ),
    );
}

/** New, edit, end and complete; the plans, the compliance figure and the schedule reload after each. */
export function usePlanActions() {
  const onSuccess = useInvalidatePlans();
  return {
    create: useMutation({ mutationFn: (body: PlanInput) => api.post('/api/maintenance-plans', { body }), onSuccess }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: number; body: PlanInput }) => api.put('/api/maintenance-plans/:id', { params: { id }, body }),
      onSuccess,
    }),
    end: useMutation({ mutationFn: (id: number) => api.del('/api/maintenance-plans/:id', { params: { id } }), onSuccess }),
    complete: useMutation({
      mutationFn: ({ id, body }: { id: number; body: CompleteJobInput }) =>
        api.post('/api/maintenance-plans/:id/complete', { params: { id }, body }),
      onSuccess,
    }),
  };
}
