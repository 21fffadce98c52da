import { useState } from 'react';
import { Anchor, Breadcrumbs, Button, Group, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconUserPlus } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { plural } from '../../../core/format';
import { MSG } from '../../../core/messages';
import { ACCOUNT_STATUSES } from '../../../core/roles';
import { AccountCard } from '../../features/accounts/AccountCard';
import { AddPersonnelDialog, EditUserDialog } from '../../features/accounts/AddPeopleDialogs';
import { useAccounts, useDecideRegistration, type UserListType } from '../../features/accounts/api';
import { departmentLabel, useDepartments } from '../../features/departments/api';
import { DepartmentFilter } from '../../features/departments/DepartmentFilter';
import { IdViewer } from '../../features/accounts/IdViewer';
import { TermSweepDialog } from '../../features/accounts/TermSweepDialog';
import { useMe, type Account } from '../../features/auth/api';
import { ApiError } from '../../lib/api';
import { confirmAction } from '../../ui/confirm';
import { ListState, Pager, SearchField, useListParams } from '../../ui/list';
import { PageHeader } from '../../ui/PageHeader';
import { PortalNotFound } from '../public/NotFound';

const TITLES: Record<UserListType, string> = { admins: 'Admins', faculty: 'Faculty/Students', personnel: 'GSO Personnel' };
const PAGE_SIZE = 20;

export default function UsersPage() {
  const { type } = useParams();
  const {
    tab: status,
    setTab: setStatus,
    page,
    setPage,
    input,
    setInput,
    search,
    filters,
    setFilter,
  } = useListParams({
    tabs: ['all', ...ACCOUNT_STATUSES],
    defaultTab: 'all',
    tabParam: 'status',
    filters: ['department'],
  });
  const [viewing, setViewing] = useState<Account | null>(null);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Account | null>(null);
  const [sweeping, setSweeping] = useState(false);
  const me = useMe().data;
  const valid = type === 'admins' || type === 'faculty' || type === 'personnel';
  const list = useAccounts({
    type: (valid ? type : 'faculty') as UserListType,
    search,
    status: status === 'all' ? undefined : status,
    ...(filters.department ? { department: filters.department as 'none' } : {}),
    page,
    pageSize: PAGE_SIZE,
  });
  const decide = useDecideRegistration();
  const departments = useDepartments();
  const departmentOf = new Map((departments.data?.items ?? []).map((d) => [d.id, departmentLabel(d)]));
  if (!valid) return <PortalNotFound home="/admin" />;

  const act = async (account: Account, action: 'accept' | 'reject') => {
    const ok = await confirmAction({
      title: action === 'accept' ? 'Accept registration' : 'Reject registration',
      message:
        action === 'accept'
          ? `Accept ${account.fullName}? They will be able to sign in and will be asked to verify their email.`
          : `Reject ${account.fullName}? Their submitted ID will be deleted.`,
      confirmLabel: action === 'accept' ? 'Accept' : 'Reject',
      danger: action === 'reject',
    });
    if (!ok) return;
    try {
      const res = await decide.mutateAsync({ id: account.id, action });
      notifications.show({ color: 'green', title: 'Done', message: `${account.fullName}: ${res.data.status}` });
      setViewing(null);
    } catch (err) {
      notifications.show({ color: 'red', title: MSG.failedToDecideUser, message: (err as Error).message });
    }
  };

  const data = list.data;
  return (
    <Stack>
      <Breadcrumbs>
        <Anchor component={Link} to="/admin">
          Dashboard
        </Anchor>
        <Text>User Management</Text>
        <Text>{TITLES[type]}</Text>
      </Breadcrumbs>
      <PageHeader
        title={TITLES[type]}
        subtitle={data ? `${plural(data.counts.all, 'account')}, ${data.counts.pending} pending` : undefined}
        actions={
          type === 'personnel' ? (
            <Button leftSection={<IconUserPlus size={18} />} onClick={() => setAdding(true)}>
              Add Personnel
            </Button>
          ) : (
            type === 'faculty' &&
            me?.role === 'admin' && (
              <Button variant="default" onClick={() => setSweeping(true)}>
                End-of-term sweep
              </Button>
            )
          )
        }
      />
      <Group>
        <SearchField label="Search users" placeholder="Search by name, email or contact" value={input} onChange={setInput} />
        <Select
          aria-label="Status filter"
          value={status}
          onChange={(v) => setStatus((v ?? 'all') as typeof status)}
          allowDeselect={false}
          w={180}
          data={[
            { value: 'all', label: 'All Status' },
            { value: 'pending', label: 'Pending' },
            { value: 'accepted', label: 'Accepted' },
            { value: 'rejected', label: 'Rejected' },
          ]}
        />
        <DepartmentFilter value={filters.department} onChange={(v) => setFilter('department', v)} />
      </Group>
      <ListState
        loading={list.isPending}
        error={list.isError ? new Error(list.error instanceof ApiError ? list.error.message : MSG.failedToFetchUsers) : null}
        onRetry={() => list.refetch()}
        empty={!!data && data.items.length === 0}
        emptyText="No users found"
        emptyHint={search ? `No accounts match "${search}".` : undefined}
        skeletonHeight={72}
      >
        {data?.items.map((a) => (
          <AccountCard
            key={a.id}
            account={a}
            me={me}
            onView={() => setViewing(a)}
            onDecide={(action) => act(a, action)}
            onEdit={() => setEditing(a)}
            department={a.departmentId ? departmentOf.get(a.departmentId) : undefined}
          />
        ))}
      </ListState>
      {data && <Pager total={data.total} pageSize={PAGE_SIZE} page={page} onChange={setPage} />}
      {sweeping && <TermSweepDialog onClose={() => setSweeping(false)} />}
      {adding && <AddPersonnelDialog onClose={() => setAdding(false)} />}
      {editing && <EditUserDialog account={editing} onClose={() => setEditing(null)} />}
      {viewing && <IdViewer account={viewing} onClose={() => setViewing(null)} onDecide={(action) => act(viewing, action)} />}
    </Stack>
  );
}
