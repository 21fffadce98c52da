import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ActivityEntry, ActivityFeed } from '../../../core/activity/schemas';
import { api, qs } from '../../lib/api';

export type { ActivityEntry };

/** Query keys of the activity feed; invalidating `all` refreshes every page. */
export const activityKeys = {
  all: ['activity'] as const,
  feed: (page: number, pageSize: number) => [...activityKeys.all, 'feed', page, pageSize] as const,
};

export function useActivity(page: number, pageSize = 5) {
  return useQuery({
    queryKey: activityKeys.feed(page, pageSize),
    queryFn: () => api.get<ActivityFeed>(`/api/activity${qs({ page, pageSize })}`),
    placeholderData: keepPreviousData,
  });
}
