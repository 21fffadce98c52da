import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, qs } from '../../lib/api';

export interface ActivityEntry {
  id: number;
  actionType: string;
  description: string;
  requestId: number | null;
  actorName: string;
  createdAt: string;
}

export function useActivity(page: number, pageSize = 5) {
  return useQuery({
    queryKey: ['activity', page, pageSize],
    queryFn: () => api.get<{ items: ActivityEntry[]; total: number }>(`/api/activity${qs({ page, pageSize })}`),
    placeholderData: keepPreviousData,
  });
}
