import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Account, ResetPasswordBody } from '../../../core/accounts/schemas';
import type { CampusStartInput, LoginInput } from '../../../core/auth/schemas';
import { api, ApiError } from '../../lib/api';
import { KEPT_OWNER } from '../../lib/keptQueries';
import { authKeys, meKey } from '../../lib/queryKeys';

export type { Account, LoginInput };

/**
 * The account last signed in on this device, kept so that a portal page opened without a connection still knows
 * whose work it holds (the offline queue sends only that person's changes; docs/decisions/offline-queue.md). The
 * server still decides every request; signing out clears it with the rest of the device's storage.
 */
const KEPT_ACCOUNT = 'gso:account';
function keepAccount(account: Account | null) {
  try {
    if (account) localStorage.setItem(KEPT_ACCOUNT, JSON.stringify(account));
    else localStorage.removeItem(KEPT_ACCOUNT);
  } catch {
    // Storage refused: the portal needs a connection to open, as before.
  }
}
export function keptAccount(): Account | null {
  try {
    const raw = localStorage.getItem(KEPT_ACCOUNT);
    return raw ? (JSON.parse(raw) as Account) : null;
  } catch {
    return null;
  }
}

/** The signed-in account, or null; without a connection, the account kept on this device. */
export const meQuery = queryOptions({
  queryKey: meKey,
  queryFn: async () => {
    try {
      const account = (await api.get('/api/auth/me')).account;
      keepAccount(account);
      return account;
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) {
        keepAccount(null);
        return null;
      }
      const kept = err instanceof ApiError && err.isNetwork ? keptAccount() : null;
      if (kept) return kept;
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
      keepAccount(data.account);
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
