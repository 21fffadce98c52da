import { useId, useState } from 'react';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { BorrowRequestDto } from '../../../core/borrowing/schemas';
import { MSG } from '../../../core/messages';
import { formatCalendarDate } from '../../../core/time';
import { SUPPLY_MSG } from '../../../core/inventory/supplies';
import { confirmAction } from '../../ui/confirm';
import { ListState, Pager } from '../../ui/list';
import { TONE } from '../../ui/tones';
import { useMyRequests, useRequestAction } from './api';
import { IssueSlipButton } from './IssueSlipButton';
import { ItemLines } from './ItemLines';
import { RequestStatusBadge } from './RequestBadges';

const PAGE_SIZE = 10;

/**
 * One's own supply requests on Request Supplies (personnel and staff; docs/decisions/supplies.md): newest first, each
 * with its status, what was issued ("8 of 10 issued"), the Issue Slip once issued, and Cancel while pending.
 */
export function MySupplyRequests() {
  const titleId = useId();
  const [page, setPage] = useState(1);
  const list = useMyRequests({ status: 'all', page, pageSize: PAGE_SIZE });
  const action = useRequestAction();
  const data = list.data;
  const cancel = async (r: BorrowRequestDto) => {
    const ok = await confirmAction({
      title: 'Cancel request',
      message: MSG.cancelConfirm,
      confirmLabel: 'Cancel request',
      cancelLabel: 'Keep request',
      danger: true,
    });
    if (!ok) return;
    try {
      await action.mutateAsync({ id: r.id, action: 'cancel' });
      notifications.show({ color: 'green', title: 'Cancelled', message: MSG.requestCancelled });
    } catch (err) {
      notifications.show({ color: 'red', title: 'Error', message: `Error cancelling request: ${(err as Error).message}` });
    }
  };
  return (
    <Stack component="section" aria-labelledby={titleId} gap="sm">
      <Title order={2} size="h3" id={titleId}>
        My supply requests
      </Title>
      <ListState
        loading={list.isPending}
        error={list.isError ? list.error : null}
        onRetry={() => list.refetch()}
        empty={!!data && data.items.length === 0}
        emptyText="No supply requests yet"
        emptyHint="Add supplies to the cart above and submit the request."
      >
        {data?.items.map((r) => (
          <Card key={r.id} withBorder component="article" aria-label={r.code}>
            <Stack gap="xs">
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Group gap="xs">
                  <Text fw={700}>{r.code}</Text>
                  <RequestStatusBadge status={r.status} />
                </Group>
                <Group gap="xs">
                  <IssueSlipButton request={r} />
                  {r.status === 'pending' && (
                    <Button size="xs" color={TONE.red} variant="light" onClick={() => cancel(r)}>
                      Cancel
                    </Button>
                  )}
                </Group>
              </Group>
              <Text size="sm">
                <strong>Purpose:</strong> {r.purpose}
              </Text>
              <Text size="sm" c="dark.6">
                Needed {formatCalendarDate(r.dateNeeded)}
              </Text>
              <ItemLines items={r.items} decided={['approved', 'returned', 'completed'].includes(r.status)} />
              {r.status === 'completed' && r.suppliesOnly && (
                <Text size="sm" c={TONE.green}>
                  {SUPPLY_MSG.suppliesIssued}
                </Text>
              )}
              {(r.status === 'rejected' || r.status === 'cancelled') && r.rejectReason && (
                <Text size="sm" c="red.9">
                  Reason: {r.rejectReason}
                </Text>
              )}
            </Stack>
          </Card>
        ))}
      </ListState>
      {data && <Pager total={data.total} pageSize={PAGE_SIZE} page={page} onChange={setPage} />}
    </Stack>
  );
}
