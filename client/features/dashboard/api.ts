import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminDashboard, UserDashboard } from '../../../core/dashboard/schemas';
import { api } from '../../lib/api';

/** The query keys of the dashboards' figures. */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  admin: () => [...dashboardKeys.all, 'admin'] as const,
  user: () => [...dashboardKeys.all, 'user'] as const,
};

export const dashboardQueries = {
  admin: () => queryOptions({ queryKey: dashboardKeys.admin(), queryFn: () => api.get<AdminDashboard>('/api/dashboard/admin') }),
  user: () => queryOptions({ queryKey: dashboardKeys.user(), queryFn: () => api.get<UserDashboard>('/api/dashboard/user') }),
};

export function useAdminDashboard() {
  return useQuery(dashboardQueries.admin());
}

/** A borrower's figures; not asked for while the account awaits approval. */
export function useUserDashboard({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...dashboardQueries.user(), enabled });
}
