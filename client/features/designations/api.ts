import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MessageResult } from '../../../core/common/schemas';
import type { DesignationList, DesignationResult } from '../../../core/designations/schemas';
import { api } from '../../lib/api';

export const designationKeys = {
  all: ['designations'] as const,
  list: () => [...designationKeys.all, 'list'] as const,
};

/** Personnel with their designations: everyone for administrators, one's own for personnel. */
export function useDesignations() {
  return useQuery({ queryKey: designationKeys.list(), queryFn: () => api.get<DesignationList>('/api/designations') });
}

/** Add, edit and delete; the list reloads after each success (docs/product.md). */
export function useDesignationActions() {
  const qc = useQueryClient();
  const onSuccess = () => qc.invalidateQueries({ queryKey: designationKeys.all });
  return {
    add: useMutation({
      mutationFn: (b: { personnelId: number; designation: string }) => api.post<DesignationResult>('/api/designations', b),
      onSuccess,
    }),
    edit: useMutation({
      mutationFn: (b: { id: number; designation: string }) =>
        api.put<DesignationResult>(`/api/designations/${b.id}`, { designation: b.designation }),
      onSuccess,
    }),
    remove: useMutation({ mutationFn: (id: number) => api.del<MessageResult>(`/api/designations/${id}`), onSuccess }),
  };
}
