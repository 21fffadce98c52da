import { useEffect, useState } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconRefresh } from '@tabler/icons-react';
import { MSG, OFFLINE_WORK_MSG } from '../../../core/messages';
import { DUE_FILTERS, nextRepairStatus, type RepairTab } from '../../../core/repairs/rules';
import { OFFICE_PLACE } from '../../../core/repairs/damage';
import type { RepairReportDto } from '../../../core/repairs/schemas';
import { failureOf, type Failure } from '../../lib/api';
import { errorBesidesKeptCopy } from '../../lib/keptCopy';
import { keepPhotos } from '../../lib/keptCaches';
import { KeptCopyNote } from '../site/KeptCopyNote';
import { CountTabs, ListState, Pager, SearchField, useListParams, type TabDef } from '../../ui/list';
import type { QueueEntry } from '../../lib/offlineQueue';
import { useAssignedRepairs, useAssignRepair, useHoldRepair, useOfficeRepairs, useRetireRepair } from './api';
import { metaOf, queuedFor, useJobChange, useJobQueue, withQueued, type JobChange } from './jobChanges';
import { QueuedJobChanges } from './QueuedJobChanges';
import { AssignDialog } from './AssignDialog';
import { HoldDialog } from './HoldDialog';
import { MarkStatusDialog } from './MarkStatusDialog';
import { openRepairPrint } from './PrintRepair';
import { RepairCard, type CardAction } from './RepairCard';
import { RepairCounters } from './RepairCounters';
import { RepairFilters } from './RepairFilters';
import { RepairProofViewer } from './RepairProofViewer';
import { RetireDialog } from './RetireDialog';
import { WorkDialog } from './WorkDialog';

const PAGE_SIZE = 20;

/**
 * What differs between the two portals' repair screens; the rules are the server's. Both show Scheduled as its
 * own tab (docs/decisions/repairs-lifecycle.md makes it the status of an assigned report), so every tab counts what it says.
 */
const PORTALS = {
  admin: {
    tabs: [
      { value: 'all', label: 'All' },
      { value: 'pending', label: 'Pending' },
      { value: 'scheduled', label: 'Scheduled' },
      { value: 'in-progress', label: 'In Progress' },
      { value: 'completed', label: 'Completed' },
    ] as TabDef<RepairTab>[],
    search: 'Search by report ID, reporter, building or issue',
  },
  personnel: {
    tabs: [
      { value: 'all', label: 'Assigned' },
      { value: 'pending', label: 'Pending' },
      { value: 'scheduled', label: 'Scheduled' },
      { value: 'in-progress', label: 'In Progress' },
      { value: 'completed', label: 'Completed' },
    ] as TabDef<RepairTab>[],
    search: 'Search reports...',
  },
} as const;

type Dialog =
  | { kind: 'assign' | 'proof' | 'work' | 'hold' | 'retire'; report: RepairReportDto }
  | { kind: 'advance'; report: RepairReportDto; next: 'in-progress' | 'completed' }
  | null;

/**
 * Maintenance and repairs as the office (/admin/maintenance-repairs) or the assigned person
 * (/personnel/maintenance-repairs) works them: Refresh, the five counters, search, status tabs with counts,
 * the report cards and their dialogs.
 */
export function RepairsBoard({ portal }: { portal: keyof typeof PORTALS }) {
  const options = PORTALS[portal];
  const { tab, setTab, page, setPage, input, setInput, search, filters, setFilter } = useListParams<
    RepairTab,
    'building' | 'room' | 'sort' | 'due'
  >({
    tabs: options.tabs.map((t) => t.value),
    defaultTab: 'all',
    filters: ['building', 'room', 'sort', 'due'],
  });
  const idOf = (v: string) => (/^[1-9]\d{0,8}$/.test(v) ? Number(v) : undefined);
  const params = {
    search: search || undefined,
    status: tab,
    page,
    pageSize: PAGE_SIZE,
    building: filters.building === OFFICE_PLACE ? (OFFICE_PLACE as typeof OFFICE_PLACE) : idOf(filters.building),
    room: idOf(filters.room),
    sort: filters.sort === 'due' ? ('due' as const) : undefined,
    due: DUE_FILTERS.find((d) => d === filters.due),
  };
  const office = useOfficeRepairs(params, portal === 'admin');
  const assigned = useAssignedRepairs(params, portal === 'personnel');
  const list = portal === 'admin' ? office : assigned;
  const [dialog, setDialog] = useState<Dialog>(null);
  const [error, setError] = useState<Failure | null>(null);
  const assign = useAssignRepair();
  const hold = useHoldRepair();
  const retire = useRetireRepair();
  const personnel = portal === 'personnel';
  // The technician's changes: sent now when they can be, else kept on the phone (docs/decisions/offline-work.md).
  const queue = useJobQueue();
  const job = useJobChange(queue.personId);
  const queued = personnel ? queue.entries : [];

  /** Sends a technician's change or keeps it; answers the report as it is now, or as it will be once sent. */
  const sendJob = (report: RepairReportDto, change: JobChange, fallback: string) =>
    job.mutateAsync({ report, change }).then((outcome) => {
      if (!outcome.kept) {
        done(outcome.answer.message);
        return outcome.answer.report ?? report;
      }
      kept(outcome.entry);
      return withQueued(report, [outcome.entry]);
    }, failed(fallback));
  /** Put on Hold (reason) or Resume (null): the office's straight to the server, the technician's through sendJob. */
  const holdOrResume = (r: RepairReportDto, reason: string | null) =>
    personnel
      ? sendJob(r, reason === null ? { kind: 'repair-resume' } : { kind: 'repair-hold', reason }, MSG.failedToUpdateStatus)
      : hold.mutateAsync({ id: r.id, reason }).then((res) => done(res.message), failed(MSG.failedToUpdateStatus));

  const open = (kind: CardAction, r: RepairReportDto) => {
    setError(null);
    if (kind === 'resume') return void holdOrResume(r, null).catch(() => {});
    // The printed Maintenance Report is the server's PDF, with the letterhead and signature lines (docs/decisions/printed-documents.md).
    if (kind === 'print') return void openRepairPrint(r.id);
    if (kind === 'advance') {
      const next = nextRepairStatus(r.status);
      if (next) setDialog({ kind, report: r, next });
      return;
    }
    setDialog({ kind, report: r });
  };
  const done = (message: string) => {
    notifications.show({ color: 'green', message });
    setDialog(null);
  };
  const kept = (entry: QueueEntry) => {
    notifications.show({
      color: 'blue',
      title: OFFLINE_WORK_MSG.kept,
      message: OFFLINE_WORK_MSG.keptText(metaOf(entry).code, metaOf(entry).what),
    });
    setDialog(null);
  };
  // Passed on, so that the dialog keeps or clears its draft by the outcome.
  const failed = (fallback: string) => (err: unknown) => {
    const failure = failureOf(err, (message) => ({ title: fallback, message: message || fallback }));
    setError(failure);
    notifications.show({ color: 'red', ...failure });
    throw err;
  };

  const data = list.data;
  const counts = data?.counts;
  // A technician's jobs are read offline with their photos (docs/decisions/pwa.md).
  useEffect(() => {
    if (portal === 'personnel' && data) keepPhotos(data.items.flatMap((r) => [r.issuePhotoUrl, r.startProofUrl, r.completionProofUrl]));
  }, [portal, data]);
  const emptyHint = search
    ? `No reports matching "${search}"`
    : tab === 'all'
      ? undefined
      : `No ${options.tabs.find((t) => t.value === tab)!.label.toLowerCase()} reports`;

  return (
    <Stack gap="md">
      {personnel && <QueuedJobChanges queue={queue} />}
      <RepairCounters total={portal === 'admin' ? 'Total' : 'Assigned to Me'} stats={data?.stats} highPriority={data?.highPriority} />
      <Group gap="sm" wrap="nowrap" align="flex-end">
        <SearchField label="Search reports" placeholder={options.search} value={input} onChange={setInput} />
        <Button
          variant="default"
          style={{ flexShrink: 0 }}
          leftSection={<IconRefresh size={18} />}
          onClick={() => list.refetch()}
          loading={list.isFetching && !list.isPending}
        >
          Refresh
        </Button>
      </Group>
      <RepairFilters filters={filters} due={params.due} sort={params.sort} setFilter={setFilter} />
      <KeptCopyNote query={list} />
      <CountTabs label="Report status" tabs={options.tabs} counts={counts} value={tab} onChange={setTab}>
        {list.isPending && (
          <Text size="sm" c="dark.6" role="status">
            {MSG.loadingReports}
          </Text>
        )}
        <ListState
          loading={list.isPending}
          error={errorBesidesKeptCopy(list)}
          onRetry={() => list.refetch()}
          empty={!!data && data.items.length === 0}
          emptyText={MSG.noReportsFound}
          emptyHint={emptyHint}
        >
          {data?.items.map((r) => {
            const mine = queuedFor(r.id, queued);
            return (
              <RepairCard
                key={r.id}
                r={withQueued(r, queued)}
                portal={portal}
                onAction={open}
                waiting={[...mine.going, ...mine.held].map((e) => metaOf(e).what)}
                notSent={mine.refused.length > 0}
              />
            );
          })}
        </ListState>
        {data && <Pager total={data.total} pageSize={PAGE_SIZE} page={page} onChange={setPage} />}
      </CountTabs>

      {dialog?.kind === 'proof' && <RepairProofViewer report={dialog.report} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'hold' && (
        <HoldDialog
          report={dialog.report}
          busy={hold.isPending || job.isPending}
          error={error?.message ?? null}
          onClose={() => setDialog(null)}
          onConfirm={(reason) => holdOrResume(dialog.report, reason).catch(() => {})}
        />
      )}
      {dialog?.kind === 'assign' && (
        <AssignDialog
          report={dialog.report}
          busy={assign.isPending}
          error={error}
          onClose={() => setDialog(null)}
          onSave={(body) =>
            assign
              .mutateAsync({ id: dialog.report.id, body, edit: dialog.report.status !== 'pending' })
              .then(() => done(MSG.actionCompleted), failed(MSG.failedToCompleteAction))
          }
        />
      )}
      {dialog?.kind === 'retire' && (
        <RetireDialog
          report={dialog.report}
          busy={retire.isPending}
          error={error}
          onClose={() => setDialog(null)}
          onRetire={(reason) =>
            retire.mutateAsync({ id: dialog.report.id, reason }).then((res) => done(res.message), failed(MSG.failedToCompleteAction))
          }
        />
      )}
      {dialog?.kind === 'work' && (
        <WorkDialog
          report={dialog.report}
          busy={job.isPending}
          error={error}
          onClose={() => setDialog(null)}
          onSave={(body) => sendJob(dialog.report, { kind: 'repair-work', body }, MSG.failedToUpdateReport)}
          onAdvance={(next, report) => setDialog({ kind: 'advance', report, next })}
        />
      )}
      {dialog?.kind === 'advance' && (
        <MarkStatusDialog
          report={dialog.report}
          next={dialog.next}
          busy={job.isPending}
          error={error}
          onClose={() => setDialog(null)}
          onConfirm={(file, completion) =>
            sendJob(
              dialog.report,
              dialog.next === 'completed'
                ? { kind: 'repair-complete', file, workDescription: completion?.workDescription ?? '', actualCost: completion?.actualCost }
                : { kind: 'repair-start', file },
              dialog.next === 'completed' ? MSG.failedToMarkCompleted : MSG.failedToUpdateStatus,
            )
          }
        />
      )}
    </Stack>
  );
}
