import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ChartPeriod } from '../../../core/dashboard/charts';
import { api } from '../../lib/api';
import { dashboardKeys } from '../../lib/queryKeys';

/** The admin dashboard's month-over-month figures. */
export function useAdminStats() {
  return useQuery({ queryKey: dashboardKeys.admin(), queryFn: () => api.get('/api/dashboard/admin') });
}

/** A borrower's own figures; not asked for while the account still waits for approval. */
export function useUserStats(enabled = true) {
  return useQuery({ queryKey: dashboardKeys.user(), queryFn: () => api.get('/api/dashboard/user'), enabled });
}

/** Generate Report: the office's figures at this moment (never cached: a report says when it was made). */
export function useOfficeReport() {
  return useQuery({
    queryKey: dashboardKeys.report(),
    queryFn: () => api.get('/api/dashboard/report'),
    staleTime: 0,
    gcTime: 0,
  });
}

/** Generate Report opens the office report in a new tab (docs/product.md). */
export const openOfficeReport = () => window.open('/print/office-report', '_blank', 'noopener');

/** Damage and loss, last 30 days, per category (docs/decisions/stock-figures.md). */
export function useDamageLoss() {
  return useQuery({ queryKey: dashboardKeys.damageLoss(), queryFn: () => api.get('/api/dashboard/damage-loss') });
}

/** The admin dashboard's charts for a period (docs/decisions/dashboard-charts.md). */
export function useOfficeCharts(period: ChartPeriod) {
  return useQuery({
    queryKey: dashboardKeys.charts('office', period),
    queryFn: () => api.get('/api/dashboard/charts/office', { query: { period } }),
    placeholderData: keepPreviousData,
  });
}

/** A personnel member's own charts: jobs per week and rating. */
export function usePersonnelCharts(period: ChartPeriod) {
  return useQuery({
    queryKey: dashboardKeys.charts('personnel', period),
    queryFn: () => api.get('/api/dashboard/charts/personnel', { query: { period } }),
    placeholderData: keepPreviousData,
  });
}

/** A borrower's own chart: requests and reports per week. */
export function useUserCharts(period: ChartPeriod, enabled = true) {
  return useQuery({
    queryKey: dashboardKeys.charts('user', period),
    queryFn: () => api.get('/api/dashboard/charts/user', { query: { period } }),
    placeholderData: keepPreviousData,
    enabled,
  });
}
