import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Account, ResetPasswordBody } from '../../../core/accounts/schemas';
import type { CampusStartInput, LoginInput } from '../../../core/auth/schemas';
import { api, ApiError } from '../../lib/api';
import { KEPT_OWNER } from '../../lib/keptQueries';
import { authKeys, meKey } from '../../lib/queryKeys';

export type { Account, LoginInput };

/** The signed-in account, or null. */
export const meQuery = queryOptions({
  queryKey: meKey,
  queryFn: async () => {
    try {
      return (await api.get('/api/auth/me')).account;
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) return null;
      throw err;
    }
  },
  staleTime: 60_000,
});

export const useMe = () => useQuery(meQuery);

export function useLogin() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: LoginInput) => api.post('/api/auth/login', { body: input }),
    onSuccess: (data) => {
      // Answers kept on this device are the last person's: the app keeps the new person's from now on.
      localStorage.removeItem(KEPT_OWNER);
      qc.clear();
      qc.setQueryData(meKey, data.account);
    },
  });
}

/** Campus sign-in's first step (docs/decisions/campus-sign-in.md): the provider's address to send the browser to. */
export function useCampusStart() {
  return useMutation({
    mutationFn: (input: CampusStartInput) => api.post('/api/auth/campus/start', { body: input }),
    onSuccess: () => localStorage.removeItem(KEPT_OWNER),
  });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: (email: string) => api.post('/api/auth/forgot-password', { body: { email } }) });
}

/** Whether an emailed link can still be used, asked once when its page opens. */
export function useResetLink(token: string) {
  return useQuery({
    queryKey: authKeys.resetLink(token),
    queryFn: () => api.post('/api/auth/reset-password/check', { body: { token } }),
    enabled: !!token,
    staleTime: Infinity,
  });
}

export function useResetPassword() {
  return useMutation({ mutationFn: (body: ResetPasswordBody) => api.post('/api/auth/reset-password', { body }) });
}
