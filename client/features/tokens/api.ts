import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiTokenBody } from '../../../core/tokens/schemas';
import { api } from '../../lib/api';
import { tokenKeys } from '../../lib/queryKeys';

export type { ApiTokenDto } from '../../../core/tokens/schemas';

/** The API tokens, newest first (administrators only). */
export function useApiTokens() {
  return useQuery({ queryKey: tokenKeys.list(), queryFn: () => api.get('/api/api-tokens') });
}

/** New Token and Revoke; the list reloads after each. */
export function useTokenActions() {
  const qc = useQueryClient();
  const onSuccess = () => qc.invalidateQueries({ queryKey: tokenKeys.all });
  return {
    create: useMutation({ mutationFn: (body: ApiTokenBody) => api.post('/api/api-tokens', { body }), onSuccess }),
    revoke: useMutation({ mutationFn: (id: number) => api.post('/api/api-tokens/:id/revoke', { params: { id } }), onSuccess }),
  };
}
