import { List, Stack, Text } from '@mantine/core';
import { findingText } from '../../../core/borrowing/conditions';
import type { BorrowRequestDto } from '../../../core/borrowing/schemas';
import { TONE } from '../../ui/tones';
import { useRequestFindings } from './api';

/** Whether the office has checked any of the request's returns, so there may be findings to tell. */
/** Whether a return was checked (a request of supplies only has nothing to return: never). */
export const returnChecked = (r: BorrowRequestDto) =>
  !r.suppliesOnly && (r.status === 'completed' || r.returns.some((b) => b.status === 'verified'));

/**
 * What the return check found, on the borrower's request itself (not only "Verified"): each unit or quantity that
 * came back damaged, with missing parts or lost, and whether it went to repair. Nothing when all came back good.
 */
export function FoundAtReturn({ request: r }: { request: BorrowRequestDto }) {
  const one = useRequestFindings(r.id);
  const wrong = (one.data?.conditions ?? []).filter((c) => c.condition !== 'good');
  if (!wrong.length) return null;
  return (
    <Stack gap={2} role="group" aria-label={`Found at the return check of ${r.code}`}>
      <Text size="sm" fw={600} c={TONE.orange}>
        Found at the return check:
      </Text>
      <List size="sm" spacing={2}>
        {wrong.map((c) => (
          <List.Item key={c.id}>{findingText(c)}</List.Item>
        ))}
      </List>
    </Stack>
  );
}
