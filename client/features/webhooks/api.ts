import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { WebhookBody } from '../../../core/webhooks/schemas';
import { api } from '../../lib/api';
import { webhookKeys } from '../../lib/queryKeys';

export type { WebhookDeliveryDto, WebhookDto } from '../../../core/webhooks/schemas';

/** The webhooks (administrators only), looked at again every few seconds while deliveries wait. */
export function useWebhooks() {
  return useQuery({
    queryKey: webhookKeys.list(),
    queryFn: () => api.get('/api/webhooks'),
    refetchInterval: (q) => (q.state.data?.items.some((w) => w.pending > 0) ? 5000 : false),
  });
}

/** One page of a webhook's delivery log, newest first; looked at again every few seconds while something is on its way. */
export function useDeliveries(id: number, page: number) {
  return useQuery({
    queryKey: webhookKeys.deliveries(id, page),
    queryFn: () => api.get('/api/webhooks/:id/deliveries', { params: { id }, query: { page, pageSize: 10 } }),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.items.some((d) => d.status === 'pending') ? 3000 : false),
  });
}

/** Add, edit, pause, resume, rotate, delete, test and resend; the list and the logs reload after each. */
export function useWebhookActions() {
  const qc = useQueryClient();
  const onSuccess = () => qc.invalidateQueries({ queryKey: webhookKeys.all });
  return {
    create: useMutation({ mutationFn: (body: WebhookBody) => api.post('/api/webhooks', { body }), onSuccess }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: number; body: WebhookBody }) => api.put('/api/webhooks/:id', { params: { id }, body }),
      onSuccess,
    }),
    pause: useMutation({ mutationFn: (id: number) => api.post('/api/webhooks/:id/pause', { params: { id } }), onSuccess }),
    resume: useMutation({ mutationFn: (id: number) => api.post('/api/webhooks/:id/resume', { params: { id } }), onSuccess }),
    rotate: useMutation({ mutationFn: (id: number) => api.post('/api/webhooks/:id/rotate-secret', { params: { id } }), onSuccess }),
    remove: useMutation({ mutationFn: (id: number) => api.del('/api/webhooks/:id', { params: { id } }), onSuccess }),
    sendTest: useMutation({ mutationFn: (id: number) => api.post('/api/webhooks/:id/test', { params: { id } }), onSuccess }),
    resend: useMutation({
      mutationFn: ({ id, deliveryId }: { id: number; deliveryId: number }) =>
        api.post('/api/webhooks/:id/deliveries/:deliveryId/resend', { params: { id, deliveryId } }),
      onSuccess,
    }),
  };
}

/** The allowed on-campus hosts (Settings). */
export function useAllowedHosts() {
  return useQuery({ queryKey: webhookKeys.allowedHosts(), queryFn: () => api.get('/api/webhooks/allowed-hosts') });
}

export function useSaveAllowedHosts() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (hosts: string) => api.put('/api/webhooks/allowed-hosts', { body: { hosts } }),
    onSuccess: (data) => qc.setQueryData(webhookKeys.allowedHosts(), data),
  });
}
