/** Custody of tracked units (docs/decisions/custody.md): the calls and what a write refreshes. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CustodyBody } from '../../../core/custody/schemas';
import { api, hrefOf } from '../../lib/api';
import { activityKeys, custodyKeys, dashboardKeys, itemKeys } from '../../lib/queryKeys';

export type { CustodyBody, HoldingLine, UnitCustodyDto } from '../../../core/custody/schemas';

function useRefreshCustody() {
  const qc = useQueryClient();
  return () =>
    Promise.all([custodyKeys.all, itemKeys.all, activityKeys.all, dashboardKeys.all].map((queryKey) => qc.invalidateQueries({ queryKey })));
}

export function useUnitCustody(unitId: number | null) {
  return useQuery({
    queryKey: custodyKeys.unit(unitId ?? 0),
    queryFn: () => api.get('/api/custody/units/:id', { params: { id: unitId! } }),
    enabled: unitId !== null,
  });
}

export function useCustodians(enabled = true) {
  return useQuery({ queryKey: custodyKeys.custodians(), queryFn: () => api.get('/api/custody/custodians'), enabled });
}

export function useMyHoldings() {
  return useQuery({ queryKey: custodyKeys.mine(), queryFn: () => api.get('/api/custody/mine') });
}

export function useIssueCustody() {
  const refresh = useRefreshCustody();
  return useMutation({ mutationFn: (body: CustodyBody) => api.post('/api/custody/issue', { body }), onSuccess: refresh });
}

export function useTransferCustody() {
  const refresh = useRefreshCustody();
  return useMutation({ mutationFn: (body: CustodyBody) => api.post('/api/custody/transfer', { body }), onSuccess: refresh });
}

export function useReturnCustody() {
  const refresh = useRefreshCustody();
  return useMutation({ mutationFn: (id: number) => api.post('/api/custody/units/:id/return', { params: { id } }), onSuccess: refresh });
}

export function useWithdrawTransfer() {
  const refresh = useRefreshCustody();
  return useMutation({
    mutationFn: (id: number) => api.post('/api/custody/units/:id/withdraw-transfer', { params: { id } }),
    onSuccess: refresh,
  });
}

export function useAcknowledge() {
  const refresh = useRefreshCustody();
  return useMutation({
    mutationFn: (id: number) => api.post('/api/custody/units/:id/acknowledge', { params: { id } }),
    onSuccess: refresh,
  });
}

/** The printed Acknowledgement Receipt or Transfer Slip. */
export const slipHref = (id: number) => hrefOf('/api/custody/slips/:id/pdf', { params: { id } });
