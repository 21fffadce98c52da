import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReportKind } from '../../../core/reports/rules';
import type { ReportFilters, SavedReportBody } from '../../../core/reports/schemas';
import { api } from '../../lib/api';
import { reportKeys } from '../../lib/queryKeys';

/** One report for its filters (docs/decisions/reports.md). */
export function useReport(kind: ReportKind, filters: ReportFilters) {
  return useQuery({
    queryKey: reportKeys.report(kind, filters),
    queryFn: () => api.get('/api/reports/:kind', { params: { kind }, query: filters }),
    placeholderData: keepPreviousData,
  });
}

/** The saved reports and the administrators who may receive them. */
export function useSavedReports() {
  return useQuery({ queryKey: reportKeys.saved(), queryFn: () => api.get('/api/saved-reports') });
}

export function useSavedReportActions() {
  const qc = useQueryClient();
  const onSuccess = () => qc.invalidateQueries({ queryKey: reportKeys.saved() });
  return {
    save: useMutation({ mutationFn: (body: SavedReportBody) => api.post('/api/saved-reports', { body }), onSuccess }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: number; body: SavedReportBody }) => api.put('/api/saved-reports/:id', { params: { id }, body }),
      onSuccess,
    }),
    remove: useMutation({ mutationFn: (id: number) => api.del('/api/saved-reports/:id', { params: { id } }), onSuccess }),
  };
}
