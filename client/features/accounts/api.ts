import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import type { AccountListType } from '../../../core/accounts/rules';
import type {
  AddPersonnelBody,
  AddUserBody,
  EditUserBody,
  PasswordChangeBody,
  ProfileBody,
  TermSweepQuery,
} from '../../../core/accounts/schemas';
import { accountKeys, designationKeys, meKey, type AccountListParams } from '../../lib/queryKeys';

export type UserListType = AccountListType;

export function useAccounts(params: AccountListParams) {
  return useQuery({
    queryKey: accountKeys.list(params),
    queryFn: () => api.get('/api/accounts', { query: params }),
    placeholderData: keepPreviousData,
  });
}

export function useDecideRegistration() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: 'accept' | 'reject' }) =>
      api.post(action === 'accept' ? '/api/accounts/:id/accept' : '/api/accounts/:id/reject', { params: { id } }),
    onSuccess: () =>
      Promise.all([qc.invalidateQueries({ queryKey: accountKeys.all }), qc.invalidateQueries({ queryKey: designationKeys.all })]),
  });
}

/** One's own profile; the signed-in account in the cache becomes the saved one. */
export function useUpdateProfile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileBody) => api.put('/api/me/profile', { body }),
    onSuccess: (res) => qc.setQueryData(meKey, res.account),
  });
}

export function useChangePassword() {
  return useMutation({ mutationFn: (body: PasswordChangeBody) => api.put('/api/auth/password', { body }) });
}

export function useDeleteAccount() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.del('/api/me'),
    onSuccess: () => qc.setQueryData(meKey, null),
  });
}

export function useAddPersonnel() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: AddPersonnelBody) => api.post('/api/accounts/personnel', { body }),
    onSuccess: () =>
      Promise.all([qc.invalidateQueries({ queryKey: accountKeys.all }), qc.invalidateQueries({ queryKey: designationKeys.all })]),
  });
}

export function useAddUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: AddUserBody) => api.post('/api/accounts', { body }),
    onSuccess: () =>
      Promise.all([qc.invalidateQueries({ queryKey: accountKeys.all }), qc.invalidateQueries({ queryKey: designationKeys.all })]),
  });
}

/** Edit a person from user management. */
export function useEditAccount() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: EditUserBody }) => api.put('/api/accounts/:id', { params: { id }, body }),
    onSuccess: (res) => {
      // One's own name in the header follows an edit of oneself.
      if (qc.getQueryData<{ id: number } | null>(meKey)?.id === res.account.id) qc.setQueryData(meKey, res.account);
      return Promise.all([qc.invalidateQueries({ queryKey: accountKeys.all }), qc.invalidateQueries({ queryKey: designationKeys.all })]);
    },
  });
}

/** Deactivate or reactivate a person from user management. */
/** The end-of-term sweep (docs/decisions/campus-sign-in.md): who it would deactivate, then the sweep itself. */
export function useTermSweepPreview() {
  return useMutation({ mutationFn: (query: TermSweepQuery) => api.post('/api/accounts/term-sweep/preview', { body: query }) });
}

export function useTermSweep() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => api.post('/api/accounts/term-sweep', { body: { ids } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: accountKeys.all }),
  });
}

export function useSetActive() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, active }: { id: number; active: boolean }) =>
      api.post(active ? '/api/accounts/:id/reactivate' : '/api/accounts/:id/deactivate', { params: { id } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: accountKeys.all }),
  });
}

/** Delete a person from user management (the server refuses oneself, the last administrator, loans and repairs out). */
export function useDeleteUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.del('/api/accounts/:id', { params: { id } }),
    onSuccess: () =>
      Promise.all([qc.invalidateQueries({ queryKey: accountKeys.all }), qc.invalidateQueries({ queryKey: designationKeys.all })]),
  });
}

/** Place or lift a borrowing hold (administrators, docs/decisions/borrow-holds.md). */
export function useBorrowHold() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string | null }) =>
      reason === null
        ? api.del('/api/accounts/:id/borrow-hold', { params: { id } })
        : api.post('/api/accounts/:id/borrow-hold', { params: { id }, body: { reason } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: accountKeys.all }),
  });
}
