import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, qs } from '../../lib/api';
import type { Account } from '../auth/api';

export type UserListType = 'admins' | 'faculty' | 'personnel';

export interface AccountList {
  items: Account[];
  total: number;
  counts: { all: number; pending: number; accepted: number; rejected: number };
}

export function useAccounts(params: { type: UserListType; search: string; status: string; page: number; pageSize: number }) {
  return useQuery({
    queryKey: ['accounts', params],
    queryFn: () => api.get<AccountList>(`/api/accounts${qs(params)}`),
    placeholderData: keepPreviousData,
  });
}

export function useDecideRegistration() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: 'accept' | 'reject' }) =>
      api.post<{ message: string; data: { status: string } }>(`/api/accounts/${id}/${action}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['accounts'] }),
  });
}
