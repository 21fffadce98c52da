import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { photoField } from '../../../core/borrowing/conditions';
import type { ConditionEntry } from '../../../core/borrowing/conditionSchemas';
import type { SeriesBody } from '../../../core/borrowing/schemas';
import type { z } from 'zod';
import type {
  approveBody,
  BorrowRecordDto,
  BorrowRequestDto,
  NewRequest,
  rejectBody,
  ReturnSelection,
} from '../../../core/borrowing/schemas';
import { api, ApiError } from '../../lib/api';
import {
  activityKeys,
  borrowingKeys,
  dashboardKeys,
  itemKeys,
  notificationKeys,
  repairKeys,
  type RecordParams,
  type RequestParams,
} from '../../lib/queryKeys';

export type { BorrowRecordDto, BorrowRequestDto, NewRequest };

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

/**
 * What is free of the items on each day of [from, to] (docs/decisions/reservations.md), within a booking's hours when
 * it names them; off while the span is unknown.
 */
export function useAvailability(itemIds: number[], from: string, to: string, hours: { timeFrom: string; timeTo: string } | null = null) {
  const params = {
    items: [...itemIds].sort((a, b) => a - b).join(','),
    from,
    to,
    ...(hours ? { fromTime: hours.timeFrom, toTime: hours.timeTo } : {}),
  };
  return useQuery({
    queryKey: borrowingKeys.availability(params),
    queryFn: () => api.get('/api/availability', { query: params }),
    enabled: itemIds.length > 0 && /^\d{4}-\d{2}-\d{2}$/.test(from) && /^\d{4}-\d{2}-\d{2}$/.test(to) && from <= to,
    placeholderData: keepPreviousData,
  });
}

/** The office's day or week (docs/decisions/reservations.md): what goes out, comes back and is overdue per day. */
export function useOfficeCalendar(date: string, view: 'day' | 'week') {
  return useQuery({
    queryKey: borrowingKeys.calendar({ date, view }),
    queryFn: () => api.get('/api/borrow-calendar', { query: { date, view } }),
    placeholderData: keepPreviousData,
  });
}

/** The dates of a recurring booking and which conflict (docs/decisions/reservations.md); off without a pattern. */
export function useSeriesPreview(body: SeriesBody | null) {
  return useQuery({
    queryKey: borrowingKeys.series(body),
    queryFn: () => api.post('/api/borrow-requests/series/preview', { body: body! }),
    enabled: body !== null,
    placeholderData: keepPreviousData,
  });
}

export function useSubmitSeries() {
  const refresh = useInvalidateBorrowing();
  return useMutation({
    mutationFn: (body: SeriesBody) => api.post('/api/borrow-requests/series', { body }),
    onSuccess: refresh,
  });
}

/** A weekly series' dates, for the office's Approve Dates. */
export function useSeriesDates(seriesId: number) {
  return useQuery({
    queryKey: borrowingKeys.seriesDates(seriesId),
    queryFn: () => api.get('/api/borrow-requests/series/:id', { params: { id: seriesId } }),
  });
}

/** The office approves the chosen pending dates of a weekly series, each on its own; its other pending dates are rejected. */
export function useApproveSeries() {
  const refresh = useInvalidateBorrowing();
  return useMutation({
    mutationFn: ({ seriesId, requests }: { seriesId: number; requests: number[] }) =>
      api.post('/api/borrow-requests/series/:id/approve', { params: { id: seriesId }, body: { requests } }),
    onSuccess: refresh,
    onError: refreshOnConflict(refresh),
  });
}

/** The office hands a reservation out on its day, naming the units of its tracked lines. */
export function useHandOut() {
  const refresh = useInvalidateBorrowing();
  return useMutation({
    mutationFn: ({ id, units }: { id: number; units: string[] }) =>
      api.post('/api/borrow-requests/:id/hand-out', { params: { id }, body: { units } }),
    onSuccess: refresh,
    onError: refreshOnConflict(refresh),
  });
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

/** The borrower's return with its photo, and what it hands back (docs/decisions/partial-returns.md; none: everything out). */
export function useReturnWithProof() {
  const refresh = useInvalidateBorrowing();
  return useMutation({
    mutationFn: ({
      id,
      file,
      selection,
      onProgress,
    }: {
      id: number;
      file: File;
      selection?: ReturnSelection | null;
      onProgress?: (f: number) => void;
    }) => {
      const form = new FormData();
      if (selection) form.append('return', JSON.stringify(selection));
      form.append('proof', file);
      return api.upload('/api/borrow-requests/:id/return', form, { params: { id }, onProgress });
    },
    onSuccess: refresh,
    onError: refreshOnConflict(refresh),
  });
}

/**
 * The office records a return at its counter (docs/decisions/partial-returns.md): what comes back, a photo if it
 * took one, and whether it is verified at once (everything good).
 */
export function useCounterReturn() {
  const refresh = useInvalidateBorrowing();
  return useMutation({
    mutationFn: ({
      id,
      selection,
      file,
      verify,
    }: {
      id: number;
      selection: ReturnSelection | null;
      file: File | null;
      verify: boolean;
    }) => {
      const form = new FormData();
      if (selection) form.append('return', JSON.stringify(selection));
      if (verify) form.append('verify', 'true');
      if (file) form.append('proof', file);
      return api.upload('/api/borrow-requests/:id/counter-return', form, { params: { id } });
    },
    onSuccess: refresh,
    onError: refreshOnConflict(refresh),
  });
}

/** Not Yet Returned on one return: what it named counts as out again. */
export function useRefuseReturnBatch() {
  const refresh = useInvalidateBorrowing();
  return useMutation({
    mutationFn: ({ id, batchId }: { id: number; batchId: number }) =>
      api.post('/api/borrow-requests/:id/returns/:batchId/not-returned', { params: { id, batchId } }),
    onSuccess: refresh,
    onError: refreshOnConflict(refresh),
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
    mutationFn: ({
      id,
      batchId,
      found,
    }: {
      id: number;
      /** One return (docs/decisions/partial-returns.md); none: the whole request. */
      batchId?: number;
      /** Null: everything good. */
      found: { entries: ConditionEntry[]; photos: Map<number, File> } | null;
    }) => {
      if (batchId !== undefined && !found) return api.post('/api/borrow-requests/:id/returns/:batchId/verify', { params: { id, batchId } });
      const form = new FormData();
      if (found) {
        form.append('conditions', JSON.stringify({ entries: found.entries }));
        for (const [i, file] of found.photos) form.append(photoField(i), file);
      }
      return batchId === undefined
        ? api.upload('/api/borrow-requests/:id/complete', form, { params: { id } })
        : api.upload('/api/borrow-requests/:id/returns/:batchId/verify', form, { params: { id, batchId } });
    },
    onSuccess: refreshAll,
    onError: refreshOnConflict(refreshAll),
  });
}

export function useMarkReturned() {
  const refresh = useInvalidateBorrowing();
  return useMutation({
    /** With findings (docs/decisions/partial-returns.md) or none: everything good. */
    mutationFn: ({ id, found }: { id: number; found?: { entries: ConditionEntry[]; photos: Map<number, File> } | null }) => {
      if (!found) return api.post('/api/borrow-records/:id/mark-returned', { params: { id } });
      const form = new FormData();
      form.append('conditions', JSON.stringify({ entries: found.entries }));
      for (const [i, file] of found.photos) form.append(photoField(i), file);
      return api.upload('/api/borrow-records/:id/mark-returned', form, { params: { id } });
    },
    onSuccess: refresh,
    onError: refreshOnConflict(refresh),
  });
}
