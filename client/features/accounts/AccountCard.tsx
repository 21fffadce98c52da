import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { ROLE_LABELS } from '../../../core/roles';
import { lightTone, TONE } from '../../ui/tones';
import type { Account } from '../auth/api';
import { AccountActions } from './AccountActions';

const STATUS_TONE = { pending: 'yellow', accepted: 'green', rejected: 'red' } as const;

/** One account of User Management: who they are, their status and role, and what may be done with it. */
export function AccountCard({
  account: a,
  me,
  onView,
  onDecide,
  onEdit,
  department,
}: {
  account: Account;
  /** The person's department as the list names it, when they have one. */
  department?: string;
  me: Account | null | undefined;
  onView: () => void;
  onDecide: (action: 'accept' | 'reject') => void;
  onEdit: () => void;
}) {
  return (
    <Card
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
            {a.borrowHold && (
              <Badge {...lightTone('orange')} title={a.borrowHold.reason}>
                Borrowing on hold
              </Badge>
            )}
            <Badge variant="outline" color="gray.7">
              {ROLE_LABELS[a.role]}
              {a.jobType ? `: ${a.jobType.replace('_', ' ')}` : ''}
            </Badge>
          </Group>
          <Text size="sm" c="dark.6" style={{ overflowWrap: 'anywhere' }}>
            {a.email} · {a.contactNumber} · {a.uniId}
            {department ? ` · ${department}` : ''}
          </Text>
          {a.borrowHold && (
            <Text size="sm" c={TONE.orange} style={{ overflowWrap: 'anywhere' }}>
              Borrowing hold: {a.borrowHold.reason}
            </Text>
          )}
        </Stack>
        <Group gap="xs">
          {a.status === 'pending' && (
            <>
              <Button size="xs" variant="default" onClick={onView}>
                View ID
              </Button>
              <Button size="xs" color={TONE.green} onClick={() => onDecide('accept')}>
                Accept
              </Button>
              <Button size="xs" {...lightTone('red')} onClick={() => onDecide('reject')}>
                Reject
              </Button>
            </>
          )}
          {me && <AccountActions account={a} me={me} onEdit={onEdit} />}
        </Group>
      </Group>
    </Card>
  );
}
