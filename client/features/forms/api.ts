import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChecklistInput, WorkOrderInput } from '../../../core/forms/schemas';
import type { InspectionList, SaveInspectionInput } from '../../../core/inspections/schemas';
import { api, hrefOf } from '../../lib/api';
import { downloadFile, downloadFilled } from '../../lib/download';
import { activityKeys, inspectionKeys, repairKeys, type InspectionParams } from '../../lib/queryKeys';

export type { InspectionList, SaveInspectionInput };

/** Download Form: the server fills the form and answers the PDF, saved under its own name. */
export const downloadChecklist = (form: ChecklistInput) =>
  downloadFilled('/api/forms/checklist.pdf', form, 'preventive_maintenance_checklist.pdf');
export const downloadWorkOrder = (form: WorkOrderInput) => downloadFilled('/api/forms/work-order.pdf', form, 'work_order_request_form.pdf');
export const downloadInspection = (id: number) =>
  downloadFile(hrefOf('/api/inspections/:id/pdf', { params: { id } }), { fallbackName: `inspection_${id}.pdf` });

export function useInspections(params: InspectionParams) {
  return useQuery({
    queryKey: inspectionKeys.list(params),
    queryFn: () => api.get('/api/inspections', { query: params }),
    placeholderData: keepPreviousData,
  });
}

/** Save Inspection: afterwards the history, the repairs board and the feed show what it made. */
export function useSaveInspection() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveInspectionInput) => api.post('/api/inspections', { body }),
    onSuccess: () =>
      Promise.all([inspectionKeys.all, repairKeys.all, activityKeys.all].map((queryKey) => qc.invalidateQueries({ queryKey }))),
  });
}
