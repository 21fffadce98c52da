import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, qs } from '../../lib/api';
import type { AccountListType } from '../../../core/accounts/rules';
import type { AccountList, DecisionResult } from '../../../core/accounts/schemas';

export type UserListType = AccountListType;
type AccountListParams = { type: UserListType; search: string; status: string; page: number; pageSize: number };

export const accountKeys = {
  all: ['accounts'] as const,
  list: (params: AccountListParams) => [...accountKeys.all, 'list', params] as const,
};

export function useAccounts(params: AccountListParams) {
  return useQuery({
    queryKey: accountKeys.list(params),
    queryFn: () => api.get<AccountList>(`/api/accounts${qs(params)}`),
    placeholderData: keepPreviousData,
  });
}

export function useDecideRegistration() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: 'accept' | 'reject' }) => api.post<DecisionResult>(`/api/accounts/${id}/${action}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: accountKeys.all }),
  });
}
