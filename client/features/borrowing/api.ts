import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { photoField, type ConditionEntry } from '../../../core/borrowing/conditions';
import type { RecordTab } from '../../../core/borrowing/rules';
import type { z } from 'zod';
import type { approveBody, BorrowRecordDto, BorrowRequestDto, NewRequest, rejectBody, RequestTab } from '../../../core/borrowing/schemas';
import { api, ApiError } from '../../lib/api';
import { activityKeys } from '../activity/api';
import { dashboardKeys } from '../dashboard/api';
import { itemKeys } from '../inventory/api';
import { notificationKeys } from '../notifications/api';
import { repairKeys } from '../repairs/api';

export type { BorrowRecordDto, BorrowRequestDto, NewRequest };

type StatusTab = RequestTab;

type RequestParams = { search?: string; status: StatusTab; page: number; pageSize: number };
type RecordParams = { search?: string; status: RecordTab; page: number; pageSize: number };

/** Query keys of borrowing's lists and requests; invalidating `all` refreshes every one. */
export const borrowingKeys = {
  all: ['borrowing'] as const,
  mine: (params: RequestParams) => [...borrowingKeys.all, 'mine', params] as const,
  office: (params: RequestParams) => [...borrowingKeys.all, 'office', params] as const,
  records: (params: RecordParams) => [...borrowingKeys.all, 'records', params] as const,
  one: (id: number | string) => [...borrowingKeys.all, 'one', String(id)] as const,
  reminders: () => [...borrowingKeys.all, 'reminders'] as const,
};

/** Everything that shows borrowing data refreshes after any borrowing action: lists, stock, feeds, figures, bells. */
function useInvalidateBorrowing() {
  const qc = useQueryClient();
  return () =>
    Promise.all(
      [borrowingKeys.all, itemKeys.all, activityKeys.all, dashboardKeys.all, notificationKeys.all].map((queryKey) =>
        qc.invalidateQueries({ queryKey }),
      ),
    );
}

/**
 * Whether an action was refused because the request or loan changed in another session meanwhile (decided,
 * cancelled, returned, deleted): there is nothing left to do with it from what the screen showed.
 */
export const isStale = (err: unknown) => err instanceof ApiError && (err.is('wrong_state') || err.status === 404);

/** After a refusal over state or stock (409) or a request gone (404), what the screens show is out of date: read it again. */
const refreshOnConflict = (refresh: () => unknown) => (err: unknown) => {
  if (err instanceof ApiError && (err.status === 409 || err.status === 404)) void refresh();
};

/** When the automatic return reminders go out, and what the last run sent (administrators). */
export function useReminderSchedule() {
  return useQuery({ queryKey: borrowingKeys.reminders(), queryFn: () => api.get('/api/borrow-records/reminders') });
}

export function useMyRequests(params: RequestParams) {
  return useQuery({
    queryKey: borrowingKeys.mine(params),
    queryFn: () => api.get('/api/borrow-requests/mine', { query: params }),
    placeholderData: keepPreviousData,
  });
}

export function useAllRequests(params: RequestParams) {
  return useQuery({
    queryKey: borrowingKeys.office(params),
    queryFn: () => api.get('/api/borrow-requests', { query: params }),
    placeholderData: keepPreviousData,
  });
}

/** One request with what the office found when it came back (docs/decisions/return-conditions.md). */
export function useRequestFindings(id: number) {
  return useQuery({ queryKey: borrowingKeys.one(id), queryFn: () => api.get('/api/borrow-requests/:id', { params: { id } }) });
}

export function useBorrowRecords(params: RecordParams) {
  return useQuery({
    queryKey: borrowingKeys.records(params),
    queryFn: () => api.get('/api/borrow-records', { query: params }),
    placeholderData: keepPreviousData,
  });
}

export function useSubmitRequest() {
  const refresh = useInvalidateBorrowing();
  return useMutation({
    mutationFn: (body: NewRequest) => api.post('/api/borrow-requests', { body }),
    onSuccess: refresh,
  });
}

type RequestAction = 'cancel' | 'approve' | 'reject' | 'remind' | 'complete' | 'not-returned';

/** A request action by its operation: approve and reject send the dialog's body ({ items }, { reason? }). */
function postAction(id: number, action: RequestAction, body: unknown) {
  const params = { id };
  switch (action) {
    case 'cancel':
      return api.post('/api/borrow-requests/:id/cancel', { params });
    case 'approve':
      return api.post('/api/borrow-requests/:id/approve', { params, body: body as z.input<typeof approveBody> });
    case 'reject':
      return api.post('/api/borrow-requests/:id/reject', { params, body: body as z.input<typeof rejectBody> });
    case 'remind':
      return api.post('/api/borrow-requests/:id/remind', { params });
    case 'complete':
      return api.post('/api/borrow-requests/:id/complete', { params });
    case 'not-returned':
      return api.post('/api/borrow-requests/:id/not-returned', { params });
  }
}

/** One mutation for every request action; the server decides whether it is allowed. */
export function useRequestAction() {
  const refresh = useInvalidateBorrowing();
  return useMutation({
    mutationFn: ({ id, action, body }: { id: number; action: RequestAction; body?: unknown }) => postAction(id, action, body),
    onSuccess: refresh,
    onError: refreshOnConflict(refresh),
  });
}

export function useReturnWithProof() {
  const refresh = useInvalidateBorrowing();
  return useMutation({
    mutationFn: ({ id, file, onProgress }: { id: number; file: File; onProgress?: (f: number) => void }) => {
      const form = new FormData();
      form.append('proof', file);
      return api.upload('/api/borrow-requests/:id/return', form, { params: { id }, onProgress });
    },
    onSuccess: refresh,
  });
}

/**
 * Report a problem during a loan (docs/decisions/loan-problems.md): a unit by its tag or a counted line with a
 * quantity, broken or missing, the description, and the photo (required when broken), with upload progress.
 */
export function useReportProblem() {
  const refresh = useInvalidateBorrowing();
  return useMutation({
    mutationFn: ({
      id,
      fields,
      photo,
      onProgress,
    }: {
      id: number;
      fields: Record<string, string>;
      photo: File | null;
      onProgress?: (f: number) => void;
    }) => {
      const form = new FormData();
      for (const [k, v] of Object.entries(fields)) form.append(k, v);
      if (photo) form.append('photo', photo);
      return api.upload('/api/borrow-requests/:id/problems', form, { params: { id }, onProgress });
    },
    onSuccess: refresh,
    onError: refreshOnConflict(refresh),
  });
}

/**
 * Verify Return with the condition of each thing (docs/decisions/return-conditions.md): the findings as the
 * multipart field `conditions`, each photo as `photo<index>`. Damage opens repairs, so their lists refresh too.
 */
export function useVerifyReturn() {
  const refresh = useInvalidateBorrowing();
  const qc = useQueryClient();
  const refreshAll = () => Promise.all([refresh(), qc.invalidateQueries({ queryKey: repairKeys.all })]);
  return useMutation({
    mutationFn: ({ id, entries, photos }: { id: number; entries: ConditionEntry[]; photos: Map<number, File> }) => {
      const form = new FormData();
      form.append('conditions', JSON.stringify({ entries }));
      for (const [i, file] of photos) form.append(photoField(i), file);
      return api.upload('/api/borrow-requests/:id/complete', form, { params: { id } });
    },
    onSuccess: refreshAll,
    onError: refreshOnConflict(refreshAll),
  });
}

export function useMarkReturned() {
  const refresh = useInvalidateBorrowing();
  return useMutation({
    mutationFn: (id: number) => api.post('/api/borrow-records/:id/mark-returned', { params: { id } }),
    onSuccess: refresh,
    onError: refreshOnConflict(refresh),
  });
}
