import { useState } from 'react';
import { Group, SimpleGrid, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconChecklist, IconClipboardList, IconClockHour4, IconPackage } from '@tabler/icons-react';
import { REQUEST_TABS, type RequestTab } from './requestTabs';
import type { BorrowRequestDto } from '../../../core/borrowing/schemas';
import { MSG } from '../../../core/messages';
import { confirmAction } from '../../ui/confirm';
import { StatCard } from '../../ui/StatCard';
import { isStale, useAllRequests, useCounterReturn, useHandOut, useRefuseReturnBatch, useRequestAction, useVerifyReturn } from './api';
import { CounterReturnDialog } from './CounterReturnDialog';
import type { ReturnBatchDto } from '../../../core/borrowing/schemas';
import { ApproveDatesDialog } from './ApproveDatesDialog';
import { ApproveDialog } from './ApproveDialog';
import { HandOutDialog } from './HandOutDialog';
import { AVAILABILITY_MSG } from '../../../core/borrowing/availability';
import { RequestsTable } from './BoardTables';
import { useBoardView, ViewToggle } from './boardView';
import { DepartmentFilter } from '../departments/DepartmentFilter';
import { CountTabs, ListState, Pager, SearchField, useListParams } from '../../ui/list';
import { ProofViewer } from './ProofViewer';
import { RejectDialog } from './RejectDialog';
import { ReturnFindings } from './ReturnFindings';
import { ReminderResult, type ReminderOutcome } from './ReminderResult';
import { StaffRequestCard, type StaffRequestAction } from './StaffRequestCard';
import { VerifyDialog } from './VerifyDialog';
import { messageOf } from '../../lib/api';

const PAGE_SIZE = 20;

/** What differs between the two portals' request screens; the rules are the server's. */
const PORTALS = {
  /** docs/product.md: approved cards send reminders. */
  admin: { canRemind: true, counters: false },
  /** docs/product.md: four counters above the list. */
  personnel: { canRemind: false, counters: true },
} as const;

type Dialog =
  | { kind: 'approve' | 'hand-out' | 'reject' | 'proof' | 'verify' | 'findings' | 'counter'; request: BorrowRequestDto }
  | { kind: 'verify-batch' | 'batch-proof'; request: BorrowRequestDto; batch: ReturnBatchDto }
  | { kind: 'reminder'; outcome: ReminderOutcome }
  | { kind: 'approve-dates'; request: BorrowRequestDto; seriesId: number }
  | null;

/**
 * Borrow requests as the office works them: search, status tabs with counts, request cards with
 * their actions, and the approve, reject, proof and reminder dialogs. Shared by /admin/requests and
 * /personnel/requests.
 */
export function RequestsBoard({ portal }: { portal: keyof typeof PORTALS }) {
  const options = PORTALS[portal];
  const { tab, setTab, page, setPage, input, setInput, search, filters, setFilter } = useListParams<RequestTab, 'department'>({
    tabs: REQUEST_TABS.map((t) => t.value),
    defaultTab: 'all',
    filters: ['department'],
  });
  const [view, setView] = useBoardView('requests');
  const [dialog, setDialog] = useState<Dialog>(null);
  const [approveError, setApproveError] = useState<string | null>(null);
  const [verifyError, setVerifyError] = useState<string | null>(null);
  const verifyReturn = useVerifyReturn();
  const counterReturn = useCounterReturn();
  const refuseBatch = useRefuseReturnBatch();
  const [counterError, setCounterError] = useState<string | null>(null);
  const list = useAllRequests({
    search: search || undefined,
    status: tab,
    page,
    pageSize: PAGE_SIZE,
    ...(filters.department ? { department: filters.department as 'none' } : {}),
  });
  const action = useRequestAction();
  const handOut = useHandOut();
  const busyId = action.isPending ? action.variables?.id : undefined;

  /**
   * Runs an action: 'done', 'stale' when the request changed in another session meanwhile (the list is refreshed by
   * the mutation; the dialog has nothing left to do), or 'failed' (the dialog stays, to try again or choose otherwise).
   */
  const run = async (
    request: BorrowRequestDto,
    kind: 'approve' | 'reject' | 'complete' | 'not-returned',
    body: unknown,
    success: string,
    failure: string,
  ): Promise<'done' | 'stale' | 'failed'> => {
    try {
      await action.mutateAsync({ id: request.id, action: kind, body });
      notifications.show({ color: 'green', message: success });
      return 'done';
    } catch (err) {
      notifications.show({ color: 'red', message: `${failure}: ${messageOf(err)}` });
      if (isStale(err)) return 'stale';
      if (kind === 'approve') setApproveError(messageOf(err));
      return 'failed';
    }
  };

  const onAction = async (kind: StaffRequestAction, r: BorrowRequestDto, batch?: ReturnBatchDto) => {
    if ((kind === 'verify-batch' || kind === 'batch-proof') && batch) {
      setVerifyError(null);
      setDialog({ kind, request: r, batch });
    } else if (kind === 'counter') {
      setCounterError(null);
      setDialog({ kind, request: r });
    } else if (kind === 'refuse-batch' && batch) {
      const number = r.returns.findIndex((b) => b.id === batch.id) + 1;
      const ok = await confirmAction({
        title: `${r.code}: return ${number} not yet returned`,
        message: `Has the office not received what return ${number} names? It counts as out again and ${r.requesterName} is told the return was not accepted.`,
        confirmLabel: 'Not Yet Returned',
        danger: true,
      });
      if (!ok) return;
      try {
        await refuseBatch.mutateAsync({ id: r.id, batchId: batch.id });
        notifications.show({ color: 'green', message: MSG.returnNotAccepted });
      } catch (err) {
        notifications.show({ color: 'red', message: `Error marking as not returned: ${messageOf(err)}` });
      }
    } else if (kind === 'approve-series' && r.seriesId !== null) {
      setDialog({ kind: 'approve-dates', request: r, seriesId: r.seriesId });
    } else if (kind === 'approve' || kind === 'hand-out') {
      setApproveError(null);
      setDialog({ kind, request: r });
    } else if (kind === 'reject' || kind === 'proof' || kind === 'findings') {
      setDialog({ kind, request: r });
    } else if (kind === 'remind') {
      try {
        const res = await action.mutateAsync({ id: r.id, action: 'remind' });
        setDialog({
          kind: 'reminder',
          outcome: { ok: true, detail: 'detail' in res && typeof res.detail === 'string' ? res.detail : res.message },
        });
      } catch (err) {
        setDialog({ kind: 'reminder', outcome: { ok: false, message: messageOf(err) } });
      }
    } else if (kind === 'complete') {
      setVerifyError(null);
      setDialog({ kind: 'verify', request: r });
    } else if (kind === 'not-returned') {
      const ok = await confirmAction({
        title: `${r.code}: Not Yet Returned`,
        message: `Has the office not received the items of ${r.code}? The request goes back to approved and ${r.requesterName} is told the return was not accepted.`,
        confirmLabel: 'Not Yet Returned',
        danger: true,
      });
      if (ok) await run(r, 'not-returned', undefined, MSG.returnNotAccepted, 'Error marking as not returned');
    }
  };

  const data = list.data;
  const counts = data?.counts;
  const stats = data?.stats;

  return (
    <Stack gap="md">
      {options.counters && (
        <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
          <StatCard label="Total Requests" value={stats?.all ?? '–'} icon={<IconClipboardList />} />
          <StatCard label="Pending" value={stats?.pending ?? '–'} icon={<IconClockHour4 />} color="yellow" />
          <StatCard label="Approved" value={stats?.approved ?? '–'} icon={<IconPackage />} color="blue" />
          <StatCard label="Completed" value={stats?.completed ?? '–'} icon={<IconChecklist />} color="green" />
        </SimpleGrid>
      )}
      <Group gap="sm" wrap="nowrap" align="center">
        <SearchField label="Search requests" placeholder="Search by requester, item, REQ id or purpose" value={input} onChange={setInput} />
        <ViewToggle value={view} onChange={setView} />
      </Group>
      <DepartmentFilter value={filters.department} onChange={(v) => setFilter('department', v)} />
      <CountTabs label="Request status" tabs={REQUEST_TABS} counts={counts} value={tab} onChange={setTab}>
        <ListState
          loading={list.isPending}
          error={list.isError ? list.error : null}
          onRetry={() => list.refetch()}
          empty={!!data && data.items.length === 0}
          emptyText={MSG.noRequestsFound}
          emptyHint={
            search
              ? `No requests match "${search}".`
              : tab === 'all'
                ? undefined
                : `There are no ${REQUEST_TABS.find((t) => t.value === tab)!.label.toLowerCase()} requests.`
          }
        >
          {data &&
            (view === 'table' ? (
              <RequestsTable requests={data.items} canRemind={options.canRemind} busyId={busyId} onAction={onAction} />
            ) : (
              data.items.map((r) => (
                <StaffRequestCard key={r.id} request={r} canRemind={options.canRemind} busy={busyId === r.id} onAction={onAction} />
              ))
            ))}
        </ListState>
        {data && <Pager total={data.total} pageSize={PAGE_SIZE} page={page} onChange={setPage} />}
      </CountTabs>

      {dialog?.kind === 'approve' && (
        <ApproveDialog
          // As the list now has it: after a refusal over stock, the list is read again with what is on hand.
          request={data?.items.find((r) => r.id === dialog.request.id) ?? dialog.request}
          busy={action.isPending}
          error={approveError}
          onClose={() => setDialog(null)}
          onApprove={async (approval) => {
            if ((await run(dialog.request, 'approve', approval, MSG.requestApproved, 'Error approving request')) !== 'failed')
              setDialog(null);
          }}
        />
      )}
      {dialog?.kind === 'hand-out' && (
        <HandOutDialog
          request={data?.items.find((r) => r.id === dialog.request.id) ?? dialog.request}
          busy={handOut.isPending}
          error={approveError}
          onClose={() => setDialog(null)}
          onHandOut={async (units) => {
            try {
              await handOut.mutateAsync({ id: dialog.request.id, units });
              notifications.show({ color: 'green', message: AVAILABILITY_MSG.handedOut });
              setDialog(null);
            } catch (err) {
              notifications.show({ color: 'red', message: `Error handing out: ${messageOf(err)}` });
              if (isStale(err)) setDialog(null);
              else setApproveError(messageOf(err));
            }
          }}
        />
      )}
      {dialog?.kind === 'approve-dates' && (
        <ApproveDatesDialog
          seriesId={dialog.seriesId}
          requesterName={dialog.request.requesterName}
          onClose={() => setDialog(null)}
          onDone={(message) => {
            notifications.show({ color: 'green', message });
            setDialog(null);
          }}
        />
      )}
      {dialog?.kind === 'reject' && (
        <RejectDialog
          request={dialog.request}
          by={portal}
          busy={action.isPending}
          onClose={() => setDialog(null)}
          onReject={async (reason) => {
            const outcome = await run(dialog.request, 'reject', reason ? { reason } : {}, MSG.requestRejected, 'Error rejecting request');
            if (outcome !== 'failed') setDialog(null);
            return outcome !== 'failed';
          }}
        />
      )}
      {dialog?.kind === 'verify' && (
        <VerifyDialog
          request={dialog.request}
          busy={action.isPending || verifyReturn.isPending}
          error={verifyError}
          onClose={() => setDialog(null)}
          onVerify={async (found) => {
            if (!found) {
              if (
                (await run(dialog.request, 'complete', undefined, MSG.requestCompleted, 'Error marking request as completed')) !== 'failed'
              )
                setDialog(null);
              return;
            }
            try {
              await verifyReturn.mutateAsync({ id: dialog.request.id, found });
              notifications.show({ color: 'green', message: MSG.requestCompleted });
              setDialog(null);
            } catch (err) {
              notifications.show({ color: 'red', message: `Error verifying the return: ${messageOf(err)}` });
              if (isStale(err)) setDialog(null);
              else setVerifyError(messageOf(err));
            }
          }}
        />
      )}
      {dialog?.kind === 'verify-batch' && (
        <VerifyDialog
          request={dialog.request}
          batchId={dialog.batch.id}
          busy={verifyReturn.isPending}
          error={verifyError}
          onClose={() => setDialog(null)}
          onVerify={async (found) => {
            try {
              const res = await verifyReturn.mutateAsync({ id: dialog.request.id, batchId: dialog.batch.id, found });
              notifications.show({ color: 'green', message: res.message });
              setDialog(null);
            } catch (err) {
              notifications.show({ color: 'red', message: `Error verifying the return: ${messageOf(err)}` });
              if (isStale(err)) setDialog(null);
              else setVerifyError(messageOf(err));
            }
          }}
        />
      )}
      {dialog?.kind === 'counter' && (
        <CounterReturnDialog
          request={dialog.request}
          busy={counterReturn.isPending}
          error={counterError}
          onClose={() => setDialog(null)}
          onRecord={async (input) => {
            try {
              const res = await counterReturn.mutateAsync({ id: dialog.request.id, ...input });
              notifications.show({ color: 'green', message: res.message });
              setDialog(null);
            } catch (err) {
              notifications.show({ color: 'red', message: `Error recording the return: ${messageOf(err)}` });
              if (isStale(err)) setDialog(null);
              else setCounterError(messageOf(err));
            }
          }}
        />
      )}
      {dialog?.kind === 'batch-proof' && dialog.batch.proofUrl && (
        <ProofViewer code={dialog.request.code} proofUrl={dialog.batch.proofUrl} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'findings' && <ReturnFindings request={dialog.request} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'proof' && (
        <ProofViewer code={dialog.request.code} proofUrl={dialog.request.proofUrl} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'reminder' && <ReminderResult outcome={dialog.outcome} onClose={() => setDialog(null)} />}
    </Stack>
  );
}
