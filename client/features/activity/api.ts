import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ActivityEntry } from '../../../core/activity/schemas';
import { api, hrefOf } from '../../lib/api';
import { activityKeys, type AuditFilter } from '../../lib/queryKeys';

export type { ActivityEntry };

/** The audit view: the whole log under the filter, 20 a page. */
export function useAuditLog(params: AuditFilter & { page: number }) {
  return useQuery({
    queryKey: activityKeys.audit(params),
    queryFn: () => api.get('/api/activity/audit', { query: { ...params, pageSize: AUDIT_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
}
export const AUDIT_PAGE_SIZE = 20;
export const auditCsvUrl = (filter: AuditFilter) => hrefOf('/api/activity/audit.csv', { query: filter });

export function useActivity(page: number, pageSize = 5) {
  return useQuery({
    queryKey: activityKeys.feed(page, pageSize),
    queryFn: () => api.get('/api/activity', { query: { page, pageSize } }),
    placeholderData: keepPreviousData,
  });
}
