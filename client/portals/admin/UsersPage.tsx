import { useState } from 'react';
import { plural } from '../../../core/format';
import { Anchor, Badge, Breadcrumbs, Button, Card, Center, Group, Loader, Modal, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link, useParams } from 'react-router';
import { ACCOUNT_STATUSES, ROLE_LABELS } from '../../../core/roles';
import { IconUserPlus } from '@tabler/icons-react';
import { MSG } from '../../../core/messages';
import { AddPersonnelDialog, EditUserDialog } from '../../features/accounts/AddPeopleDialogs';
import { AccountActions } from '../../features/accounts/AccountActions';
import { useAccounts, useDecideRegistration, type UserListType } from '../../features/accounts/api';
import { useMe, type Account } from '../../features/auth/api';
import { ApiError, hrefOf } from '../../lib/api';
import { confirmAction } from '../../ui/confirm';
import { ListState, Pager, SearchField, useListParams } from '../../ui/list';
import { PageHeader } from '../../ui/PageHeader';
import { lightTone, TONE } from '../../ui/tones';
import { PortalNotFound } from '../public/NotFound';

const TITLES: Record<UserListType, string> = { admins: 'Admins', faculty: 'Faculty/Students', personnel: 'GSO Personnel' };
const STATUS_TONE = { pending: 'yellow', accepted: 'green', rejected: 'red' } as const;
const PAGE_SIZE = 20;

function IdViewer({ account, onClose, onDecide }: { account: Account; onClose: () => void; onDecide: (a: 'accept' | 'reject') => void }) {
  const url = hrefOf('/api/accounts/:id/id-file', { params: { id: account.id } });
  // Without a submitted ID there is nothing to fetch: the dialog says so at once (docs/decisions/screen-wording.md).
  const [kind, setKind] = useState<'loading' | 'image' | 'pdf' | 'missing'>(account.hasIdFile ? 'loading' : 'missing');
  return (
    <Modal opened onClose={onClose} title={kind === 'missing' ? 'No ID Submitted' : `Submitted ID: ${account.fullName}`} size="lg" centered>
      {kind === 'missing' ? (
        <Text>This user has not submitted an ID for verification</Text>
      ) : (
        <>
          {kind === 'loading' && (
            <Center h={200}>
              <Loader aria-label="Loading ID" />
            </Center>
          )}
          {kind === 'pdf' ? (
            <iframe src={url} title={`ID of ${account.fullName}`} style={{ width: '100%', height: 480, border: 0 }} />
          ) : (
            <img
              src={url}
              alt={`ID submitted by ${account.fullName}`}
              style={{ maxWidth: '100%', display: kind === 'image' ? 'block' : 'none', margin: '0 auto' }}
              onLoad={() => setKind('image')}
              onError={async () => {
                const res = await fetch(url, { method: 'GET' });
                setKind(res.ok && res.headers.get('content-type') === 'application/pdf' ? 'pdf' : 'missing');
              }}
            />
          )}
        </>
      )}
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose}>
          Close
        </Button>
        {account.status === 'pending' && (
          <>
            <Button {...lightTone('red')} onClick={() => onDecide('reject')}>
              Reject
            </Button>
            <Button color={TONE.green} onClick={() => onDecide('accept')}>
              Accept
            </Button>
          </>
        )}
      </Group>
    </Modal>
  );
}

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
  } = useListParams({
    tabs: ['all', ...ACCOUNT_STATUSES],
    defaultTab: 'all',
    tabParam: 'status',
  });
  const [viewing, setViewing] = useState<Account | null>(null);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Account | null>(null);
  const me = useMe().data;
  const valid = type === 'admins' || type === 'faculty' || type === 'personnel';
  const list = useAccounts({
    type: (valid ? type : 'faculty') as UserListType,
    search,
    status: status === 'all' ? undefined : status,
    page,
    pageSize: PAGE_SIZE,
  });
  const decide = useDecideRegistration();
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
          type === 'personnel' && (
            <Button leftSection={<IconUserPlus size={18} />} onClick={() => setAdding(true)}>
              Add Personnel
            </Button>
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
          <Card
            key={a.id}
            withBorder
            bg={a.status === 'pending' ? 'yellow.0' : undefined}
            style={a.status === 'pending' ? { borderColor: 'var(--mantine-color-yellow-6)' } : undefined}
          >
            <Group justify="space-between" wrap="wrap" gap="sm">
              <Stack gap={2}>
                <Group gap="xs">
                  <Text fw={700}>{a.fullName}</Text>
                  <Badge {...lightTone(STATUS_TONE[a.status])}>{a.status}</Badge>
                  {a.deactivatedAt && (
                    <Badge variant="filled" color="gray.7">
                      Deactivated
                    </Badge>
                  )}
                  <Badge variant="outline" color="gray.7">
                    {ROLE_LABELS[a.role]}
                    {a.jobType ? `: ${a.jobType.replace('_', ' ')}` : ''}
                  </Badge>
                </Group>
                <Text size="sm" c="dark.6" style={{ overflowWrap: 'anywhere' }}>
                  {a.email} · {a.contactNumber} · {a.uniId}
                </Text>
              </Stack>
              <Group gap="xs">
                {a.status === 'pending' && (
                  <>
                    <Button size="xs" variant="default" onClick={() => setViewing(a)}>
                      View ID
                    </Button>
                    <Button size="xs" color={TONE.green} onClick={() => act(a, 'accept')}>
                      Accept
                    </Button>
                    <Button size="xs" {...lightTone('red')} onClick={() => act(a, 'reject')}>
                      Reject
                    </Button>
                  </>
                )}
                {me && <AccountActions account={a} me={me} onEdit={() => setEditing(a)} />}
              </Group>
            </Group>
          </Card>
        ))}
      </ListState>
      {data && <Pager total={data.total} pageSize={PAGE_SIZE} page={page} onChange={setPage} />}
      {adding && <AddPersonnelDialog onClose={() => setAdding(false)} />}
      {editing && <EditUserDialog account={editing} onClose={() => setEditing(null)} />}
      {viewing && <IdViewer account={viewing} onClose={() => setViewing(null)} onDecide={(action) => act(viewing, action)} />}
    </Stack>
  );
}
