import { useState } from 'react';
import { Button, Card, Group, NumberInput, Stack, Text, Title } from '@mantine/core';
import { COUNT_QUANTITY_MAX, COUNT_SCREEN } from '../../../core/inventory/counts';
import { ListState, Pager } from '../../ui/list';
import { useCountItems } from './api';

const PAGE_SIZE = 10;

/**
 * Items counted by quantity (a count of the whole campus): the quantity found in this room, per item. Saving the
 * same item in the same room again replaces its figure; each goes through the offline queue like a scan.
 */
export function QuantityPanel({
  countId,
  roomCode,
  onCount,
}: {
  countId: number;
  roomCode: string;
  onCount: (item: { itemId: number; itemName: string }, quantity: number) => void;
}) {
  const [page, setPage] = useState(1);
  const items = useCountItems(countId, page, PAGE_SIZE);
  const [values, setValues] = useState<Record<number, number | string>>({});
  const [problems, setProblems] = useState<Record<number, string | undefined>>({});
  const save = (itemId: number, itemName: string) => {
    const v = values[itemId];
    const ok = typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= COUNT_QUANTITY_MAX;
    setProblems((p) => ({ ...p, [itemId]: ok ? undefined : `A whole number from 0 to ${COUNT_QUANTITY_MAX.toLocaleString('en-US')}.` }));
    if (!ok) return;
    onCount({ itemId, itemName }, v);
    setValues((old) => ({ ...old, [itemId]: '' }));
  };
  const data = items.data;
  return (
    <Card withBorder component="section" aria-labelledby="quantities">
      <Title order={2} size="h4" id="quantities">
        {COUNT_SCREEN.itemsByQuantity}
      </Title>
      <Text size="sm" c="dark.6" mb="xs">
        How many of each are in {roomCode}. Saving again replaces this room&apos;s figure.
      </Text>
      <ListState
        loading={items.isPending}
        error={items.isError ? items.error : null}
        onRetry={() => items.refetch()}
        empty={!!data && data.items.length === 0}
        emptyText="No items counted by quantity"
        skeletonHeight={36}
      >
        <Stack gap="xs">
          {(data?.items ?? []).map((i) => (
            <Group key={i.itemId} gap="xs" align="flex-end" wrap="nowrap">
              <NumberInput
                label={i.itemName}
                description={
                  i.counted === null
                    ? 'Not counted yet'
                    : `Counted so far: ${i.counted} in ${i.rooms === 1 ? '1 room' : `${i.rooms} rooms`}`
                }
                min={0}
                max={COUNT_QUANTITY_MAX}
                allowDecimal={false}
                allowNegative={false}
                value={values[i.itemId] ?? ''}
                error={problems[i.itemId]}
                onChange={(v) => setValues((old) => ({ ...old, [i.itemId]: v }))}
                style={{ flex: 1, minWidth: 0 }}
              />
              <Button variant="light" onClick={() => save(i.itemId, i.itemName)} aria-label={`Save quantity of ${i.itemName}`}>
                Save
              </Button>
            </Group>
          ))}
        </Stack>
        {data && <Pager page={page} total={data.total} pageSize={PAGE_SIZE} onChange={setPage} />}
      </ListState>
    </Card>
  );
}
