import { Badge, Group, Stack, Text } from '@mantine/core';
import type { BorrowRequestDto } from '../../../core/borrowing/schemas';
import { lightTone } from '../../ui/tones';

/** The items of a request: requested quantity, category, and the approved quantity when above 0. */
export function ItemLines({ items }: { items: BorrowRequestDto['items'] }) {
  return (
    <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {items.map((line) => (
        <Group key={line.id} component="li" gap="xs" wrap="wrap">
          <Text size="sm" fw={500}>
            {line.name}
          </Text>
          <Text size="sm" c="dimmed">
            x{line.quantityRequested}
          </Text>
          <Badge size="xs" variant="outline" color="gray" c="dark.6">
            {line.category}
          </Badge>
          {line.quantityApproved > 0 && (
            <Badge size="xs" {...lightTone('green')}>
              Approved: {line.quantityApproved}
            </Badge>
          )}
        </Group>
      ))}
    </Stack>
  );
}
