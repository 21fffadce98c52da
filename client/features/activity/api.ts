import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ActivityEntry, ActivityFeed } from '../../../core/activity/schemas';
import { api, qs } from '../../lib/api';

export type { ActivityEntry };

/** The query keys of the activity feed. */
export const activityKeys = {
  all: ['activity'] as const,
  feed: (params: { page: number; pageSize: number }) => [...activityKeys.all, 'feed', params] as const,
};

export const activityQueries = {
  feed: (params: { page: number; pageSize: number }) =>
    queryOptions({
      queryKey: activityKeys.feed(params),
      queryFn: () => api.get<ActivityFeed>(`/api/activity${qs(params)}`),
      placeholderData: keepPreviousData,
    }),
};

export function useActivity(page: number, pageSize = 5) {
  return useQuery(activityQueries.feed({ page, pageSize }));
}
