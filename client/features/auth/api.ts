import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Account } from '../../../core/accounts/schemas';
import type { LoginInput, Me, SignedIn } from '../../../core/auth/schemas';
import { api, ApiError } from '../../lib/api';
import { storage } from '../../lib/storage';

export type { Account, LoginInput };

/** The query keys of sign-in data. */
export const authKeys = {
  all: ['auth'] as const,
  me: () => [...authKeys.all, 'me'] as const,
};

export const authQueries = {
  /** The signed-in account, or null. */
  me: () =>
    queryOptions({
      queryKey: authKeys.me(),
      queryFn: async () => {
        try {
          return (await api.get<Me>('/api/auth/me')).account;
        } catch (err) {
          if (err instanceof ApiError && err.status === 401) return null;
          throw err;
        }
      },
      staleTime: 60_000,
    }),
};

/** The signed-in account, or null. */
export function useMe() {
  return useQuery(authQueries.me());
}

export function useLogin() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: LoginInput) => api.post<SignedIn>('/api/auth/login', input),
    onSuccess: (data) => {
      qc.clear();
      qc.setQueryData(authQueries.me().queryKey, data.account);
    },
  });
}

export function useLogout() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.post('/api/auth/logout').catch(() => undefined),
    // Local and session storage are cleared whatever the outcome (spec 001 layout).
    onSettled: () => {
      storage.clearAll();
      qc.clear();
      qc.setQueryData(authQueries.me().queryKey, null);
    },
  });
}
