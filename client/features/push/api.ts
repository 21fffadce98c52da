import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PushKind } from '../../../core/push/kinds';
import { api } from '../../lib/api';
import { pushKeys } from '../../lib/queryKeys';
import { pushSupported, subscribeHere, subscriptionHere, subscriptionParts, turnOffHere } from '../../lib/pushDevice';

/** The server's public key and the kinds my role can receive: what the settings offer. */
export const usePushSettings = (enabled: boolean) =>
  useQuery({ queryKey: pushKeys.key(), queryFn: () => api.get('/api/push/key'), staleTime: Infinity, enabled });

/** My devices with notifications on. */
export const useMyDevices = (enabled: boolean) =>
  useQuery({ queryKey: pushKeys.mine(), queryFn: () => api.get('/api/push/subscriptions'), enabled });

/** This browser's subscription's endpoint, or null. */
export const useEndpointHere = () =>
  useQuery({
    queryKey: pushKeys.here(),
    queryFn: async () => (await subscriptionHere())?.endpoint ?? null,
    enabled: pushSupported(),
  });

/** This device on with the kinds chosen (subscribing it first), or off. */
export function usePushActions() {
  const qc = useQueryClient();
  const onSuccess = () => qc.invalidateQueries({ queryKey: pushKeys.all });
  return {
    save: useMutation({
      mutationFn: async ({ publicKey, kinds }: { publicKey: string; kinds: PushKind[] }) => {
        const subscription = await subscribeHere(publicKey);
        return api.put('/api/push/subscriptions', { body: { ...subscriptionParts(subscription), kinds } });
      },
      onSuccess,
    }),
    off: useMutation({ mutationFn: turnOffHere, onSuccess }),
  };
}
