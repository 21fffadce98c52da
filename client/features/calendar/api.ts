import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { calendarKeys } from '../../lib/queryKeys';

/** Whether the signed-in person's calendar feed is on (docs/decisions/calendar-feeds.md). */
export function useFeedStatus() {
  return useQuery({ queryKey: calendarKeys.status(), queryFn: () => api.get('/api/calendar-feed') });
}

/** Turn on (or make a new address), and turn off. */
export function useFeedActions() {
  const qc = useQueryClient();
  const onSuccess = () => qc.invalidateQueries({ queryKey: calendarKeys.all });
  return {
    create: useMutation({ mutationFn: () => api.post('/api/calendar-feed'), onSuccess }),
    remove: useMutation({ mutationFn: () => api.del('/api/calendar-feed'), onSuccess }),
  };
}
