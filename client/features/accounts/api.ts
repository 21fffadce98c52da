import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, qs } from '../../lib/api';
import type { AccountListType } from '../../../core/accounts/rules';
import type { AccountList, DecisionResult } from '../../../core/accounts/schemas';

export type UserListType = AccountListType;

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
    mutationFn: ({ id, action }: { id: number; action: 'accept' | 'reject' }) => api.post<DecisionResult>(`/api/accounts/${id}/${action}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['accounts'] }),
  });
}
