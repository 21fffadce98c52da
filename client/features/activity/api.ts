import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ActivityEntry, ActivityFeed } from '../../../core/activity/schemas';
import { api, qs } from '../../lib/api';

export type { ActivityEntry };

export function useActivity(page: number, pageSize = 5) {
  return useQuery({
    queryKey: ['activity', page, pageSize],
    queryFn: () => api.get<ActivityFeed>(`/api/activity${qs({ page, pageSize })}`),
    placeholderData: keepPreviousData,
  });
}
