import { useState } from 'react';
import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconWebhook } from '@tabler/icons-react';
import { isAdministrator } from '../../../core/accounts/rules';
import { MSG } from '../../../core/messages';
import { eventLabel } from '../../../core/webhooks/events';
import { useMe } from '../../features/auth/api';
import { useWebhookActions, useWebhooks, type WebhookDto } from '../../features/webhooks/api';
import { DeliveryLog } from '../../features/webhooks/DeliveryLog';
import { SecretShown } from '../../features/webhooks/SecretShown';
import { WebhookDialog } from '../../features/webhooks/WebhookDialog';
import { failureOf } from '../../lib/api';
import { confirmAction } from '../../ui/confirm';
import { ListState } from '../../ui/list';
import { PageHeader } from '../../ui/PageHeader';
import { ListTable } from '../../ui/ListTable';
import { lightTone } from '../../ui/tones';

const COLUMNS = ['Address', 'Events', 'Status', 'Last delivery', 'Actions'];
const LAST_WORDS = { pending: 'failed, to be tried again', delivered: 'delivered', failed: 'failed, given up' } as const;
const when = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

const statusOf = (w: WebhookDto) =>
  w.status === 'active'
    ? w.failingSince
      ? { label: 'Failing', color: 'orange' as const }
      : { label: 'Active', color: 'green' as const }
    : { label: w.pausedReason === 'failing' ? 'Paused: failed for a day' : 'Paused', color: 'gray' as const };

/**
 * Webhooks (docs/decisions/webhooks.md): administrators register the addresses other campus systems receive the
 * office's events at, read each one's delivery log, pause, resume, rotate the secret or delete it.
 */
export default function WebhooksPage() {
  const me = useMe().data;
  const admin = !!me && isAdministrator(me.role);
  const hooks = useWebhooks();
  const actions = useWebhookActions();
  const [editing, setEditing] = useState<WebhookDto | 'new' | null>(null);
  const [secret, setSecret] = useState<{ title: string; secret: string } | null>(null);
  const [logOf, setLogOf] = useState<number | null>(null);

  const done = (res: { message: string }) => notifications.show({ color: 'green', title: 'Webhook', message: res.message });
  const failed = (err: unknown) => notifications.show({ color: 'red', ...failureOf(err) });

  const remove = async (w: WebhookDto) => {
    const ok = await confirmAction({
      title: `Delete the webhook ${w.url}?`,
      message: 'It receives nothing more, and its delivery log goes with it. This cannot be undone.',
      confirmLabel: 'Delete Webhook',
      danger: true,
    });
    if (ok) actions.remove.mutate(w.id, { onSuccess: done, onError: failed });
  };
  const rotate = async (w: WebhookDto) => {
    const ok = await confirmAction({
      title: `New signing secret for ${w.url}?`,
      message:
        'For a day each delivery is signed with both the old and the new secret, so the receiver can switch to the new one meanwhile.',
      confirmLabel: 'Rotate Secret',
    });
    if (ok)
      actions.rotate.mutate(w.id, {
        onSuccess: (res) => setSecret({ title: `New signing secret: ${res.webhook.url}`, secret: res.secret }),
        onError: failed,
      });
  };

  if (me && !admin) {
    return (
      <Stack>
        <PageHeader title="Webhooks" />
        <Text>{MSG.administratorsOnly}</Text>
      </Stack>
    );
  }

  const items = hooks.data?.items ?? [];
  const shown = items.find((w) => w.id === logOf);
  return (
    <Stack>
      <PageHeader
        title="Webhooks"
        subtitle="Addresses where other campus systems receive the office's events as they happen, signed"
        actions={
          <Button leftSection={<IconPlus size={18} />} onClick={() => setEditing('new')}>
            Add Webhook
          </Button>
        }
      />
      <ListState
        loading={hooks.isPending}
        error={hooks.error}
        onRetry={() => hooks.refetch()}
        empty={!!hooks.data && items.length === 0}
        emptyText="No webhooks yet"
        emptyHint="Add one when another system should hear of requests, repairs, stock or accounts as they change."
        skeletonHeight={56}
      >
        <ListTable label="Webhooks" columns={COLUMNS} stackBelow={900}>
          {items.map((w) => {
            const status = statusOf(w);
            return (
              <Table.Tr key={w.id} data-testid={`webhook-${w.id}`}>
                <Table.Th scope="row" data-label="Address">
                  <Text size="sm" fw={600} style={{ wordBreak: 'break-all' }}>
                    <IconWebhook size={14} aria-hidden style={{ verticalAlign: 'middle', marginRight: 4 }} />
                    {w.url}
                  </Text>
                  {w.description && (
                    <Text size="xs" c="dark.6">
                      {w.description}
                    </Text>
                  )}
                </Table.Th>
                <Table.Td data-label="Events">
                  {w.allEvents ? (
                    'All events'
                  ) : (
                    <Text size="sm" title={w.events.map(eventLabel).join('\n')}>
                      {w.events.length === 1 ? eventLabel(w.events[0]!) : `${w.events.length} events`}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td data-label="Status">
                  <Badge {...lightTone(status.color)}>{status.label}</Badge>
                  {w.pending > 0 && (
                    <Text size="xs" c="dark.6">
                      {w.pending} waiting
                    </Text>
                  )}
                </Table.Td>
                <Table.Td data-label="Last delivery">
                  {w.lastDeliveryAt ? `${when(w.lastDeliveryAt)}: ${LAST_WORDS[w.lastStatus ?? 'pending']}` : 'None yet'}
                </Table.Td>
                <Table.Td data-label="Actions">
                  <Group gap={6} wrap="wrap">
                    <Button size="xs" variant="light" onClick={() => setLogOf(w.id)} aria-label={`Delivery log of ${w.url}`}>
                      Deliveries
                    </Button>
                    <Button size="xs" variant="light" onClick={() => setEditing(w)} aria-label={`Edit ${w.url}`}>
                      Edit
                    </Button>
                    {w.status === 'active' ? (
                      <Button
                        size="xs"
                        variant="light"
                        onClick={() => actions.pause.mutate(w.id, { onSuccess: done, onError: failed })}
                        aria-label={`Pause ${w.url}`}
                      >
                        Pause
                      </Button>
                    ) : (
                      <Button
                        size="xs"
                        variant="light"
                        onClick={() => actions.resume.mutate(w.id, { onSuccess: done, onError: failed })}
                        aria-label={`Resume ${w.url}`}
                      >
                        Resume
                      </Button>
                    )}
                    <Button size="xs" variant="light" onClick={() => rotate(w)} aria-label={`Rotate the secret of ${w.url}`}>
                      Rotate secret
                    </Button>
                    <Button size="xs" {...lightTone('red')} onClick={() => remove(w)} aria-label={`Delete ${w.url}`}>
                      Delete
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </ListTable>
      </ListState>
      {editing && (
        <WebhookDialog
          webhook={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onMade={(made) => {
            setEditing(null);
            setSecret({ title: `Webhook added: ${made.url}`, secret: made.secret });
          }}
        />
      )}
      {secret && <SecretShown title={secret.title} secret={secret.secret} onClose={() => setSecret(null)} />}
      {shown && <DeliveryLog webhook={shown} onClose={() => setLogOf(null)} />}
    </Stack>
  );
}
