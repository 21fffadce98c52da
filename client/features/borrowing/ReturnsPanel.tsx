import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import type { BorrowRequestDto, ReturnBatchDto } from '../../../core/borrowing/schemas';
import { useCampusTime } from '../site/useCampusTime';
import { lightTone, TONE } from '../../ui/tones';

const STATUS: Record<ReturnBatchDto['status'], { label: string; tone: 'yellow' | 'green' | 'red' }> = {
  awaiting: { label: 'To verify', tone: 'yellow' },
  verified: { label: 'Verified', tone: 'green' },
  refused: { label: 'Not accepted', tone: 'red' },
};

const whatOf = (b: ReturnBatchDto) =>
  b.items.map((i) => (i.units.length ? `${i.name} ${i.units.join(', ')}` : `${i.quantity} × ${i.name}`)).join('; ');

/** What is still out, in words: "Projector P-0003; 2 × Chairs". */
export const stillOutOf = (r: BorrowRequestDto) =>
  r.items
    .filter((l) => l.quantityApproved - l.quantityBack > 0)
    .map((l) => (l.units.length ? `${l.name} ${l.unitsOut.join(', ')}` : `${l.quantityApproved - l.quantityBack} × ${l.name}`))
    .join('; ');

/**
 * A loan's returns (docs/decisions/partial-returns.md): "2 of 3 back", what is still out, and each return with its
 * state; the office verifies or refuses a partial one here (a returned request's go with Mark Completed).
 */
export function ReturnsPanel({
  request: r,
  onVerify,
  onRefuse,
  onProof,
  busy = false,
}: {
  request: BorrowRequestDto;
  onVerify?: (batch: ReturnBatchDto) => void;
  onRefuse?: (batch: ReturnBatchDto) => void;
  onProof?: (batch: ReturnBatchDto) => void;
  busy?: boolean;
}) {
  const campus = useCampusTime();
  // A whole return is the request's own state (Awaiting verification); the returns show once there were several.
  const kept = r.returns.filter((b) => b.status !== 'refused');
  if (!r.returns.length || r.status === 'completed' || (r.status === 'returned' && kept.length < 2)) return null;
  const lent = r.itemsBack + r.itemsOut;
  const actions = r.status === 'approved';
  return (
    <Stack gap={4} aria-label={`Returns of ${r.code}`} role="group">
      {r.status === 'approved' && (
        <Text size="sm" fw={600}>
          {r.itemsBack} of {lent} back{r.itemsOut > 0 ? `; still out: ${stillOutOf(r)}` : ''}
        </Text>
      )}
      {r.returns.map((b, i) => (
        <Group key={b.id} gap="xs" wrap="wrap" data-testid="return-batch">
          <Text size="sm">
            Return {i + 1} ({campus.dateTime(b.at)}
            {b.atCounter ? ', at the counter' : ''}): {whatOf(b)}
          </Text>
          <Badge size="xs" {...lightTone(STATUS[b.status].tone)}>
            {STATUS[b.status].label}
          </Badge>
          {b.proofUrl && onProof && (
            <Button size="compact-xs" variant="subtle" onClick={() => onProof(b)}>
              Proof {i + 1}
            </Button>
          )}
          {actions && b.status === 'awaiting' && onVerify && (
            <Button size="compact-xs" onClick={() => onVerify(b)} disabled={busy}>
              Verify Return {i + 1}
            </Button>
          )}
          {actions && b.status === 'awaiting' && onRefuse && (
            <Button size="compact-xs" variant="light" color={TONE.orange} onClick={() => onRefuse(b)} disabled={busy}>
              Not Returned: Return {i + 1}
            </Button>
          )}
        </Group>
      ))}
    </Stack>
  );
}
