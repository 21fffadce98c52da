import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RecordTab } from '../../../core/borrowing/rules';
import type {
  ActionResult,
  BorrowRecordDto,
  BorrowRecordList,
  BorrowRequestDto,
  MyRequestList,
  NewRequest,
  RecordResult,
  ReminderResult,
  RequestList,
  RequestTab,
} from '../../../core/borrowing/schemas';
import type { ItemList } from '../../../core/inventory/schemas';
import { api, qs } from '../../lib/api';

export type { BorrowRecordDto, BorrowRequestDto, ItemList, NewRequest };

type StatusTab = RequestTab;

/** Everything that shows borrowing data refreshes after any borrowing action. */
const BORROWING_KEYS = [['borrow-requests'], ['borrow-records'], ['items'], ['activity'], ['dashboard'], ['notifications']];

export function useInvalidateBorrowing() {
  const qc = useQueryClient();
  return () => Promise.all(BORROWING_KEYS.map((queryKey) => qc.invalidateQueries({ queryKey })));
}

export function useItems(params: { search?: string; category?: string; page?: number; pageSize?: number }) {
  return useQuery({
    queryKey: ['items', params],
    queryFn: () => api.get<ItemList>(`/api/items${qs(params)}`),
    placeholderData: keepPreviousData,
  });
}

export function useMyRequests(params: { search?: string; status: StatusTab; page: number; pageSize: number }) {
  return useQuery({
    queryKey: ['borrow-requests', 'mine', params],
    queryFn: () => api.get<MyRequestList>(`/api/borrow-requests/mine${qs(params)}`),
    placeholderData: keepPreviousData,
  });
}

export function useAllRequests(params: { search?: string; status: StatusTab; page: number; pageSize: number }) {
  return useQuery({
    queryKey: ['borrow-requests', 'all', params],
    queryFn: () => api.get<RequestList>(`/api/borrow-requests${qs(params)}`),
    placeholderData: keepPreviousData,
  });
}

export function useBorrowRecords(params: { search?: string; status: RecordTab; page: number; pageSize: number }) {
  return useQuery({
    queryKey: ['borrow-records', params],
    queryFn: () => api.get<BorrowRecordList>(`/api/borrow-records${qs(params)}`),
    placeholderData: keepPreviousData,
  });
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
