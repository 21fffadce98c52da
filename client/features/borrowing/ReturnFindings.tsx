import { Anchor, Badge, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { RETURN_CONDITION_LABELS } from '../../../core/borrowing/conditions';
import type { ReturnConditionDto } from '../../../core/borrowing/conditionSchemas';
import type { BorrowRequestDto } from '../../../core/borrowing/schemas';
import { ListState } from '../../ui/list';
import { lightTone, type Tone } from '../../ui/tones';
import { useRequestFindings } from './api';
import { ProblemList } from './LoanProblems';

const TONES: Record<ReturnConditionDto['condition'], Tone> = { good: 'green', damaged: 'red', missing_parts: 'orange', lost: 'gray' };

/**
 * What the office found when it verified a return (docs/decisions/return-conditions.md): each thing with its condition,
 * note and photo. The borrower and the office see the same.
 */
export function ReturnFindings({ request, onClose }: { request: BorrowRequestDto; onClose: () => void }) {
  const one = useRequestFindings(request.id);
  const found = one.data?.conditions ?? [];
  return (
    <Modal opened onClose={onClose} title={`What came back on ${request.code}`} centered>
      <ListState
        loading={one.isPending}
        error={one.isError ? one.error : null}
        onRetry={() => one.refetch()}
        empty={false}
        emptyText=""
        skeletonHeight={80}
      >
        <Stack gap="sm">
          {found.length === 0 ? (
            <Text size="sm">Everything came back good.</Text>
          ) : (
            found.map((c) => (
              <Stack key={c.id} gap={2}>
                <Group gap="xs" wrap="wrap">
                  <Text size="sm" fw={600}>
                    {c.tag ? `${c.itemName} ${c.tag}` : `${c.quantity} × ${c.itemName}`}
                  </Text>
                  <Badge {...lightTone(TONES[c.condition])}>{RETURN_CONDITION_LABELS[c.condition]}</Badge>
                </Group>
                {c.note && <Text size="sm">{c.note}</Text>}
                {c.repairId !== null && <Text size="sm">Sent to repair.</Text>}
                {c.photoUrl && (
                  <Anchor href={c.photoUrl} target="_blank" rel="noopener" size="sm">
                    Photo of {c.tag ?? c.itemName}
                  </Anchor>
                )}
              </Stack>
            ))
          )}
          {(one.data?.problems.length ?? 0) > 0 && (
            <Stack gap={4}>
              <Text size="sm" fw={700}>
                Problems reported during the loan
              </Text>
              <ProblemList problems={one.data!.problems} />
            </Stack>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
          </Group>
        </Stack>
      </ListState>
    </Modal>
  );
}
