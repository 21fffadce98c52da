import { useState } from 'react';
import { Badge, Button, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconKey, IconPlus } from '@tabler/icons-react';
import { isAdministrator } from '../../../core/accounts/rules';
import { MSG } from '../../../core/messages';
import { formatCalendarDate } from '../../../core/time';
import { AREA_WORDS, LEVEL_WORDS, TOKEN_AREAS } from '../../../core/tokens/rules';
import { useMe } from '../../features/auth/api';
import { NewTokenDialog } from '../../features/tokens/NewTokenDialog';
import { useApiTokens, useTokenActions, type ApiTokenDto } from '../../features/tokens/api';
import { failureOf } from '../../lib/api';
import { confirmAction } from '../../ui/confirm';
import { ListState } from '../../ui/list';
import { PageHeader } from '../../ui/PageHeader';
import { ListTable } from '../../ui/ListTable';
import { lightTone } from '../../ui/tones';

const COLUMNS = ['Name', 'Access', 'Created', 'Expires', 'Last used', 'Status', 'Actions'];
const STATUS = {
  active: { label: 'Active', color: 'green' },
  expired: { label: 'Expired', color: 'gray' },
  revoked: { label: 'Revoked', color: 'red' },
} as const;

const when = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const accessOf = (t: ApiTokenDto) =>
  TOKEN_AREAS.filter((a) => t.scopes[a] !== 'none').map((a) => `${AREA_WORDS[a].label}: ${LEVEL_WORDS[t.scopes[a]].toLowerCase()}`);

/** API Tokens (docs/decisions/api-tokens.md): administrators make tokens for other campus systems and revoke them. */
export default function ApiTokensPage() {
  const me = useMe().data;
  const admin = !!me && isAdministrator(me.role);
  const tokens = useApiTokens();
  const { revoke } = useTokenActions();
  const [making, setMaking] = useState(false);

  const revokeToken = async (t: ApiTokenDto) => {
    const ok = await confirmAction({
      title: `Revoke ${t.name}?`,
      message: 'The system using it is refused from now on. This cannot be undone: a new token would have to be made.',
      confirmLabel: 'Revoke Token',
      danger: true,
    });
    if (!ok) return;
    revoke.mutate(t.id, {
      onSuccess: (res) => notifications.show({ color: 'green', title: 'API token', message: res.message }),
      onError: (err) => notifications.show({ color: 'red', ...failureOf(err) }),
    });
  };

  if (me && !admin) {
    return (
      <Stack>
        <PageHeader title="API Tokens" />
        <Text>{MSG.administratorsOnly}</Text>
      </Stack>
    );
  }

  const items = tokens.data?.items ?? [];
  return (
    <Stack>
      <PageHeader
        title="API Tokens"
        subtitle="Tokens that let the campus's other systems read or change the office's records"
        actions={
          <Button leftSection={<IconPlus size={18} />} onClick={() => setMaking(true)}>
            New Token
          </Button>
        }
      />
      <ListState
        loading={tokens.isPending}
        error={tokens.error}
        onRetry={() => tokens.refetch()}
        empty={!!tokens.data && items.length === 0}
        emptyText="No API tokens yet"
        emptyHint="Make one with New Token when another system needs the office's records."
        skeletonHeight={56}
      >
        <ListTable label="API tokens" columns={COLUMNS} stackBelow={900}>
          {items.map((t) => (
            <Table.Tr key={t.id} data-testid={`token-${t.id}`}>
              <Table.Th scope="row" data-label="Name">
                <Text size="sm" fw={600}>
                  <IconKey size={14} aria-hidden style={{ verticalAlign: 'middle', marginRight: 4 }} />
                  {t.name}
                </Text>
              </Table.Th>
              <Table.Td data-label="Access">
                {accessOf(t).map((line) => (
                  <Text key={line} size="sm">
                    {line}
                  </Text>
                ))}
              </Table.Td>
              <Table.Td data-label="Created">
                {when(t.createdAt)}
                <Text size="xs" c="dark.6">
                  by {t.createdBy}
                </Text>
              </Table.Td>
              <Table.Td data-label="Expires">{formatCalendarDate(t.expiresOn)}</Table.Td>
              <Table.Td data-label="Last used">{t.lastUsedAt ? when(t.lastUsedAt) : 'Never'}</Table.Td>
              <Table.Td data-label="Status">
                <Badge {...lightTone(STATUS[t.status].color)}>{STATUS[t.status].label}</Badge>
              </Table.Td>
              <Table.Td data-label="Actions">
                {t.status !== 'revoked' && (
                  <Button size="xs" {...lightTone('red')} onClick={() => revokeToken(t)} aria-label={`Revoke ${t.name}`}>
                    Revoke
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </ListTable>
      </ListState>
      {making && <NewTokenDialog onClose={() => setMaking(false)} />}
    </Stack>
  );
}
