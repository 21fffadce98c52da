import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Badge, Card, Group, Modal, Stack, Tabs, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { MSG } from '../../../core/messages';
import { REPAIR_TABS, type RepairTab } from '../../../core/repairs/rules';
import type { RepairReportDto, RepairReportInput } from '../../../core/repairs/schemas';
import { useMe } from '../../features/auth/api';
import { useAttachRepairPhoto, useDeleteRepair, useEditRepair, useMyRepairs, useSubmitRepair } from '../../features/repairs/api';
import { MyReportCard } from '../../features/repairs/MyReportCard';
import { RepairProofViewer } from '../../features/repairs/RepairProofViewer';
import { CampusMapButton } from '../../features/site/CampusMapButton';
import { failureOf } from '../../lib/api';
import { useDraft } from '../../lib/drafts';
import { confirmAction } from '../../ui/confirm';
import { CountTabs, ListState, Pager, SearchField, useListParams, type TabDef } from '../../ui/list';
import { PageHeader } from '../../ui/PageHeader';
import { useCloseGuard } from '../../ui/useCloseGuard';
import { EMPTY_REPORT, RepairForm } from './RepairForm';

const PAGE_SIZE = 10;
type View = 'new' | 'mine';
const MY_TABS: TabDef<RepairTab>[] = [
  { value: 'all', label: 'All' },
  { value: 'pending', label: 'Pending' },
  { value: 'scheduled', label: 'Scheduled' },
  { value: 'in-progress', label: 'In Progress' },
  { value: 'completed', label: 'Completed' },
];
const isRepairTab = (v: string): v is RepairTab => (REPAIR_TABS as readonly string[]).includes(v);

/** The server's message when it sent one, else the spec's fallback (docs/product.md). */
const failure = (title: string, fallback: string) => (err: unknown) =>
  failureOf(err, (message) => ({ title, message: message || fallback }));

/** Edit a pending report: its changes are kept as a draft until saved, and closing with changes asks first. */
function EditRepairDialog({
  report: r,
  busy,
  error,
  onClose,
  onSave,
}: {
  report: RepairReportDto;
  busy: boolean;
  error: { title: string; message: string } | null;
  onClose: () => void;
  onSave: (values: RepairReportInput, photo: File | null) => Promise<boolean>;
}) {
  const draft = useDraft<RepairReportInput>(`repair:${r.id}:edit`, {
    building: r.building,
    room: r.room,
    priority: r.priority,
    day: r.day ?? '',
    timeStart: r.timeStart ?? '',
    timeEnd: r.timeEnd ?? '',
    issueDescription: r.issueDescription,
  });
  const guard = useCloseGuard({ dirty: draft.dirty, what: 'your changes', where: `Edit on ${r.code}`, onClose, onDiscard: draft.clear });
  return (
    <Modal opened {...guard.modalProps} title={`Edit Repair Report: ${r.code}`} size="lg" centered>
      <RepairForm
        draft={draft}
        submitLabel="Save Changes"
        withPhoto
        busy={busy}
        serverError={error}
        onSubmit={onSave}
        onCancel={guard.close}
      />
    </Modal>
  );
}

/**
 * /users/report-repairs, faculty only (docs/product.md; the server refuses students): New Report and My Reports
 * (with count), edit and delete while pending, and the reporter's view of the work as it moves.
 */
export default function ReportRepairs() {
  const me = useMe();
  if (me.data && me.data.role !== 'faculty') {
    return (
      <Stack gap={0}>
        <PageHeader title="Report Repairs" />
        <Card withBorder>
          <Text>{MSG.repairsFacultyOnly}</Text>
        </Card>
      </Stack>
    );
  }
  return <FacultyReportRepairs />;
}

function FacultyReportRepairs() {
  // My Reports' status, page and search live in the address, so a notice's link opens the report it is about (?q=RPR-n).
  const {
    tab: view,
    setTab: setView,
    page,
    setPage,
    input,
    setInput,
    search,
    filters,
    setFilter,
  } = useListParams<View, 'status'>({ tabs: ['new', 'mine'], defaultTab: 'new', tabParam: 'view', filters: ['status'] });
  const status = isRepairTab(filters.status) ? filters.status : 'all';
  const list = useMyRepairs({ status, page, pageSize: PAGE_SIZE, search: search || undefined });
  const submit = useSubmitRepair();
  const attachPhoto = useAttachRepairPhoto();
  const edit = useEditRepair();
  const remove = useDeleteRepair();
  const [formKey, setFormKey] = useState(0);
  const [submitError, setSubmitError] = useState<{ title: string; message: string } | null>(null);
  const [editing, setEditing] = useState<RepairReportDto | null>(null);
  const [editError, setEditError] = useState<{ title: string; message: string } | null>(null);
  const [viewing, setViewing] = useState<RepairReportDto | null>(null);

  // A new report is a draft until it is sent: it survives leaving the page, a reload and signing in again.
  const newReport = useDraft('repair:new', EMPTY_REPORT);
  const me = useMe();

  // "Report a problem here" on a room's view (docs/decisions/rooms-and-followers.md) brings its building and room.
  const { state, search: address } = useLocation();
  const navigate = useNavigate();
  const place = (state as { place?: { building: string; room: string } } | null)?.place;
  useEffect(() => {
    if (!place) return;
    newReport.setValue((cur) => ({ ...cur, building: place.building, room: place.room }));
    setFormKey((k) => k + 1);
    void navigate({ search: address }, { replace: true, state: null, preventScrollReset: true });
  }, [place]); // eslint-disable-line react-hooks/exhaustive-deps

  const create = async (values: RepairReportInput, photo: File | null) => {
    setSubmitError(null);
    try {
      const res = await submit.mutateAsync(values);
      notifications.show({ color: 'green', title: 'Report Submitted', message: `${res.message} (${res.report.code})` });
      // The report is in; a photo the server refuses is said, and can be attached again with Edit while pending.
      if (photo)
        await attachPhoto
          .mutateAsync({ id: res.report.id, file: photo })
          .catch((err: unknown) => notifications.show({ color: 'red', ...failure('Photo not attached', MSG.repairPhotoFailed)(err) }));
      setFormKey((k) => k + 1);
      setInput('');
      setView('mine');
      return true;
    } catch (err) {
      setSubmitError(failure(MSG.submissionFailed, MSG.errorSubmittingReport)(err));
      return false;
    }
  };

  const saveEdit = async (values: RepairReportInput, photo: File | null) => {
    if (!editing) return false;
    const ok = await confirmAction({ title: 'Save changes', message: MSG.repairEditConfirm, confirmLabel: 'Save changes' });
    if (!ok) return false;
    try {
      const res = await edit.mutateAsync({ id: editing.id, body: values });
      notifications.show({ color: 'green', message: res.message });
      // A new photo of the problem replaces the one attached before.
      if (photo)
        await attachPhoto
          .mutateAsync({ id: editing.id, file: photo })
          .catch((err: unknown) => notifications.show({ color: 'red', ...failure('Photo not attached', MSG.repairPhotoFailed)(err) }));
      setEditing(null);
      return true;
    } catch (err) {
      setEditError(failure(MSG.updateFailed, MSG.updateFailed)(err));
      return false;
    }
  };

  const del = async (r: RepairReportDto) => {
    const ok = await confirmAction({ title: `Delete ${r.code}`, message: MSG.repairDeleteConfirm, confirmLabel: 'Delete', danger: true });
    if (!ok) return;
    remove.mutate(r.id, {
      onSuccess: () => notifications.show({ color: 'green', message: MSG.repairDeleted }),
      onError: (err) => {
        const f = failure(MSG.deleteFailed, MSG.deleteFailed)(err);
        notifications.show({ color: 'red', title: f.title, message: f.message });
      },
    });
  };

  const data = list.data;
  return (
    <Stack gap={0}>
      <PageHeader
        title="Report Repairs"
        subtitle="Report what is broken and follow the repair until it is done."
        actions={<CampusMapButton />}
      />
      <Tabs value={view} onChange={(v) => v && setView(v as View)}>
        <Tabs.List aria-label="Report Repairs" mb="md">
          <Tabs.Tab value="new">New Report</Tabs.Tab>
          <Tabs.Tab
            value="mine"
            rightSection={
              <Badge size="sm" variant="light" color="gso" aria-hidden>
                {data?.counts.all ?? 0}
              </Badge>
            }
            aria-label={`My Reports (${data?.counts.all ?? 0})`}
          >
            My Reports
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="new">
          <Card withBorder maw={760}>
            <RepairForm
              key={formKey}
              draft={newReport}
              submitLabel="Submit Report"
              alreadyReported
              withPhoto
              busy={submit.isPending || attachPhoto.isPending}
              serverError={submitError}
              onSubmit={create}
            />
          </Card>
        </Tabs.Panel>
        <Tabs.Panel value="mine">
          <Group mb="md">
            <SearchField
              label="Search my reports"
              placeholder="Search by ID, building, room or issue..."
              value={input}
              onChange={setInput}
            />
          </Group>
          <CountTabs
            label="My reports by status"
            tabs={MY_TABS}
            counts={data?.counts}
            value={status}
            onChange={(t) => setFilter('status', t === 'all' ? null : t)}
          >
            <ListState
              loading={list.isPending}
              error={list.isError ? list.error : null}
              onRetry={() => list.refetch()}
              empty={!!data && data.items.length === 0}
              emptyText={MSG.noReportsFound}
              emptyHint={
                search
                  ? `No reports match "${search}".`
                  : status === 'all'
                    ? 'Reports you submit appear here.'
                    : 'No reports with this status.'
              }
            >
              {data?.items.map((r) => (
                <MyReportCard
                  key={r.id}
                  r={r}
                  followed={r.reporterId !== me.data?.id}
                  onEdit={() => {
                    setEditError(null);
                    setEditing(r);
                  }}
                  onDelete={() => del(r)}
                  onProof={() => setViewing(r)}
                />
              ))}
            </ListState>
          </CountTabs>
          {data && <Pager total={data.total} pageSize={PAGE_SIZE} page={page} onChange={setPage} />}
        </Tabs.Panel>
      </Tabs>
      {editing && (
        <EditRepairDialog report={editing} busy={edit.isPending} error={editError} onClose={() => setEditing(null)} onSave={saveEdit} />
      )}
      {viewing && <RepairProofViewer report={viewing} onClose={() => setViewing(null)} />}
    </Stack>
  );
}
