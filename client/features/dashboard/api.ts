import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

export const dashboardKeys = {
  all: ['dashboard'] as const,
  admin: () => [...dashboardKeys.all, 'admin'] as const,
  user: () => [...dashboardKeys.all, 'user'] as const,
  report: () => [...dashboardKeys.all, 'report'] as const,
  damageLoss: () => [...dashboardKeys.all, 'damage-loss'] as const,
};

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
