import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RecordTab } from '../../../core/borrowing/rules';
import type {
  ActionResult,
  BorrowRecordDto,
  BorrowRecordList,
  BorrowRequestDto,
  MyRequestList,
  NewRequest,
  OneRequest,
  RecordResult,
  ReminderResult,
  RequestList,
  RequestTab,
} from '../../../core/borrowing/schemas';
import { api, qs } from '../../lib/api';
import { activityKeys } from '../activity/api';
import { dashboardKeys } from '../dashboard/api';
import { inventoryKeys } from '../inventory/api';
import { notificationKeys } from '../notifications/api';

export type { BorrowRecordDto, BorrowRequestDto, NewRequest };

export type RequestListParams = { search?: string; status: RequestTab; page: number; pageSize: number };
export type RecordListParams = { search?: string; status: RecordTab; page: number; pageSize: number };

/** The query keys of borrowing: requests (a borrower's own, the office's, one) and the loans' records. */
export const borrowingKeys = {
  all: ['borrowing'] as const,
  requests: () => [...borrowingKeys.all, 'requests'] as const,
  myRequests: (params: RequestListParams) => [...borrowingKeys.requests(), 'mine', params] as const,
  officeRequests: (params: RequestListParams) => [...borrowingKeys.requests(), 'office', params] as const,
  request: (id: number | string) => [...borrowingKeys.requests(), 'one', String(id)] as const,
  records: (params: RecordListParams) => [...borrowingKeys.all, 'records', params] as const,
};

export const borrowingQueries = {
  myRequests: (params: RequestListParams) =>
    queryOptions({
      queryKey: borrowingKeys.myRequests(params),
      queryFn: () => api.get<MyRequestList>(`/api/borrow-requests/mine${qs(params)}`),
      placeholderData: keepPreviousData,
    }),
  officeRequests: (params: RequestListParams) =>
    queryOptions({
      queryKey: borrowingKeys.officeRequests(params),
      queryFn: () => api.get<RequestList>(`/api/borrow-requests${qs(params)}`),
      placeholderData: keepPreviousData,
    }),
  request: (id: number | string) =>
    queryOptions({ queryKey: borrowingKeys.request(id), queryFn: () => api.get<OneRequest>(`/api/borrow-requests/${id}`) }),
  records: (params: RecordListParams) =>
    queryOptions({
      queryKey: borrowingKeys.records(params),
      queryFn: () => api.get<BorrowRecordList>(`/api/borrow-records${qs(params)}`),
      placeholderData: keepPreviousData,
    }),
};

/** Everything that shows borrowing data refreshes after any borrowing action: stock, feed, figures and the bell too. */
const AFFECTED_BY_BORROWING = [borrowingKeys.all, inventoryKeys.all, activityKeys.all, dashboardKeys.all, notificationKeys.all];

export function useInvalidateBorrowing() {
  const qc = useQueryClient();
  return () => Promise.all(AFFECTED_BY_BORROWING.map((queryKey) => qc.invalidateQueries({ queryKey })));
}

export function useMyRequests(params: RequestListParams) {
  return useQuery(borrowingQueries.myRequests(params));
}

export function useAllRequests(params: RequestListParams) {
  return useQuery(borrowingQueries.officeRequests(params));
}

export function useRequest(id: number | string) {
  return useQuery(borrowingQueries.request(id));
}

export function useBorrowRecords(params: RecordListParams) {
  return useQuery(borrowingQueries.records(params));
}

export function useSubmitRequest() {
  const refresh = useInvalidateBorrowing();
  return useMutation({
    mutationFn: (body: NewRequest) => api.post<ActionResult>('/api/borrow-requests', body),
    onSuccess: refresh,
  });
}

/** One mutation for every request action; the server decides whether it is allowed. */
export function useRequestAction() {
  const refresh = useInvalidateBorrowing();
  return useMutation({
    mutationFn: ({
      id,
      action,
      body,
    }: {
      id: number;
      action: 'cancel' | 'approve' | 'reject' | 'remind' | 'complete' | 'not-returned';
      body?: unknown;
    }) => api.post<ActionResult & Partial<Pick<ReminderResult, 'detail'>>>(`/api/borrow-requests/${id}/${action}`, body),
    onSuccess: refresh,
  });
}

export function useReturnWithProof() {
  const refresh = useInvalidateBorrowing();
  return useMutation({
    mutationFn: ({ id, file, onProgress }: { id: number; file: File; onProgress?: (f: number) => void }) => {
      const form = new FormData();
      form.append('proof', file);
      return api.upload<ActionResult>(`/api/borrow-requests/${id}/return`, form, onProgress);
    },
    onSuccess: refresh,
  });
}

export function useMarkReturned() {
  const refresh = useInvalidateBorrowing();
  return useMutation({
    mutationFn: (id: number) => api.post<RecordResult>(`/api/borrow-records/${id}/mark-returned`),
    onSuccess: refresh,
  });
}
