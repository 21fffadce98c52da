import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { designationKeys } from '../../lib/queryKeys';

/** Personnel with their designations: everyone for administrators, one's own for personnel. */
export function useDesignations() {
  return useQuery({ queryKey: designationKeys.list(), queryFn: () => api.get('/api/designations') });
}

/** Add, edit and delete; the list reloads after each success (docs/product.md). */
export function useDesignationActions() {
  const qc = useQueryClient();
  const onSuccess = () => qc.invalidateQueries({ queryKey: designationKeys.all });
  return {
    add: useMutation({
      mutationFn: (b: { personnelId: number; designation: string }) => api.post('/api/designations', { body: b }),
      onSuccess,
    }),
    edit: useMutation({
      mutationFn: (b: { id: number; designation: string }) =>
        api.put('/api/designations/:id', { params: { id: b.id }, body: { designation: b.designation } }),
      onSuccess,
    }),
    remove: useMutation({ mutationFn: (id: number) => api.del('/api/designations/:id', { params: { id } }), onSuccess }),
  };
}
