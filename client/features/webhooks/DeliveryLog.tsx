import { useState } from 'react';
import { Badge, Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconRefresh, IconSend } from '@tabler/icons-react';
import { eventLabel } from '../../../core/webhooks/events';
import { failureOf } from '../../lib/api';
import { ListState, Pager } from '../../ui/list';
import { ListTable } from '../../ui/ListTable';
import { lightTone } from '../../ui/tones';
import { useDeliveries, useWebhookActions, type WebhookDeliveryDto, type WebhookDto } from './api';

const PAGE_SIZE = 10;
const COLUMNS = ['Event', 'Status', 'Response', 'Time', 'Attempts', 'Actions'];
const STATUS = {
  pending: { label: 'Pending', color: 'yellow' },
  delivered: { label: 'Delivered', color: 'green' },
  failed: { label: 'Failed', color: 'red' },
} as const;

const when = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'medium' });

/**
 * A webhook's delivery log (docs/decisions/webhooks.md), newest first: each event's status, the receiver's answer,
 * the time and the attempts, with Resend (the same message id, now) and Send test event.
 */
export function DeliveryLog({ webhook, onClose }: { webhook: WebhookDto; onClose: () => void }) {
  const [page, setPage] = useState(1);
  const log = useDeliveries(webhook.id, page);
  const { sendTest, resend } = useWebhookActions();
  const items = log.data?.items ?? [];

  const test = () =>
    sendTest.mutate(webhook.id, {
      onSuccess: (res) => {
        setPage(1);
        notifications.show({ color: 'green', title: 'Webhook', message: res.message });
      },
      onError: (err) => notifications.show({ color: 'red', ...failureOf(err) }),
    });
  const again = (d: WebhookDeliveryDto) =>
    resend.mutate(
      { id: webhook.id, deliveryId: d.id },
      {
        onSuccess: (res) => notifications.show({ color: 'green', title: 'Webhook', message: res.message }),
        onError: (err) => notifications.show({ color: 'red', ...failureOf(err) }),
      },
    );

  return (
    <Modal opened onClose={onClose} title={`Delivery log: ${webhook.url}`} size="xl" centered>
      <Stack>
        <Group justify="space-between" wrap="wrap">
          <Text size="sm" c="dark.6">
            Each event is tried again for a day after a failure. Resend sends it again now with the same message id.
          </Text>
          <Button leftSection={<IconSend size={16} />} variant="light" onClick={test} loading={sendTest.isPending}>
            Send test event
          </Button>
        </Group>
        <ListState
          loading={log.isPending}
          error={log.error}
          onRetry={() => log.refetch()}
          empty={!!log.data && items.length === 0}
          emptyText="No deliveries yet"
          emptyHint="They appear here as the events it asked for happen, or with Send test event."
          skeletonHeight={48}
        >
          <ListTable label="Deliveries" columns={COLUMNS} stackBelow={700}>
            {items.map((d) => (
              <Table.Tr key={d.id} data-testid={`delivery-${d.id}`}>
                <Table.Th scope="row" data-label="Event">
                  <Text size="sm" fw={600}>
                    {eventLabel(d.eventType)}
                  </Text>
                  <Text size="xs" c="dark.6" style={{ wordBreak: 'break-all' }}>
                    {d.messageId}
                  </Text>
                </Table.Th>
                <Table.Td data-label="Status">
                  <Badge {...lightTone(STATUS[d.status].color)}>{STATUS[d.status].label}</Badge>
                </Table.Td>
                <Table.Td data-label="Response">
                  {d.responseCode !== null ? (
                    <Text size="sm">HTTP {d.responseCode}</Text>
                  ) : (
                    <Text size="sm">{d.lastAttemptAt ? 'No answer' : 'Not sent yet'}</Text>
                  )}
                  {d.responseExcerpt && (
                    <Text size="xs" c="dark.6" lineClamp={2} style={{ wordBreak: 'break-word' }}>
                      {d.responseExcerpt}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td data-label="Time">
                  {when(d.lastAttemptAt ?? d.createdAt)}
                  {d.nextAttemptAt && d.lastAttemptAt && (
                    <Text size="xs" c="dark.6">
                      next try {when(d.nextAttemptAt)}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td data-label="Attempts">{d.attempts}</Table.Td>
                <Table.Td data-label="Actions">
                  <Button
                    size="xs"
                    variant="light"
                    leftSection={<IconRefresh size={14} />}
                    onClick={() => again(d)}
                    disabled={webhook.status === 'paused'}
                    aria-label={`Resend ${eventLabel(d.eventType)} ${d.messageId}`}
                  >
                    Resend
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </ListTable>
          <Pager total={log.data?.total ?? 0} pageSize={PAGE_SIZE} page={page} onChange={setPage} />
        </ListState>
      </Stack>
    </Modal>
  );
}
