import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DepartmentBody } from '../../../core/departments/schemas';
import { api } from '../../lib/api';
import { departmentKeys } from '../../lib/queryKeys';

/** Every department, archived ones too (the office's screens name a person's or a request's department with it). */
export function useDepartments(enabled = true) {
  return useQuery({ queryKey: departmentKeys.list(), queryFn: () => api.get('/api/departments'), enabled, staleTime: 60_000 });
}

/** The departments a person may choose (registration, one's profile); `keep`: the one they have, even if archived. */
export function useDepartmentChoices(keep: number | null = null) {
  return useQuery({
    queryKey: departmentKeys.choices(keep),
    queryFn: () => api.get('/api/departments/choices', { query: keep ? { keep: String(keep) } : {} }),
    staleTime: 60_000,
  });
}

/** Add, edit, archive and restore; every list of departments reloads after each success. */
export function useDepartmentActions() {
  const qc = useQueryClient();
  const onSuccess = () => qc.invalidateQueries({ queryKey: departmentKeys.all });
  return {
    add: useMutation({ mutationFn: (body: DepartmentBody) => api.post('/api/departments', { body }), onSuccess }),
    edit: useMutation({
      mutationFn: ({ id, ...body }: DepartmentBody & { id: number }) => api.put('/api/departments/:id', { params: { id }, body }),
      onSuccess,
    }),
    archive: useMutation({
      mutationFn: ({ id, archived }: { id: number; archived: boolean }) =>
        api.put('/api/departments/:id/archived', { params: { id }, body: { archived } }),
      onSuccess,
    }),
  };
}

/** A department's name as screens show it: "College of Engineering (CENG)". */
export const departmentLabel = (d: { name: string; code: string }) => `${d.name} (${d.code})`;
