import { useState } from 'react';
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconCalendar, IconShoppingCartPlus } from '@tabler/icons-react';
import { ItemCalendar } from './ItemCalendar';
import type { ItemDto } from '../../../core/inventory/schemas';
import { ItemPhoto } from '../inventory/ItemPhoto';
import { TONE } from '../../ui/tones';
import type { CartLine } from './cart';

/** One item of Borrow Items. inCart: the cart line's quantity as typed, or null when the item is not in the cart. */
export function BorrowItemCard({
  item,
  inCart,
  onAdd,
  today,
}: {
  item: ItemDto;
  inCart: CartLine['quantity'] | null;
  onAdd: () => void;
  /** The campus day: the item's calendar starts there. */
  today: string;
}) {
  const [calendar, setCalendar] = useState(false);
  return (
    <Card withBorder padding="md">
      <Stack gap={6} h="100%">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ItemPhoto url={item.photoUrl} name={item.name} size={56} />
          <Title order={3} size="h5">
            {item.name}
          </Title>
        </Group>
        <Group gap={8}>
          <Badge variant="outline" color="gray.7">
            {item.category}
          </Badge>
          <Text size="sm" fw={600} c={item.borrowable ? TONE.green : item.availability === 'damaged' ? 'red.9' : 'dark.6'}>
            {item.borrowable ? `${item.availableQuantity} available` : item.availability}
          </Text>
        </Group>
        <Text size="sm" c="dark.6" style={{ flex: 1 }}>
          {item.description ?? 'No description'}
        </Text>
        <Button
          size="xs"
          variant={inCart !== null ? 'filled' : 'light'}
          leftSection={<IconShoppingCartPlus size={16} />}
          onClick={onAdd}
          aria-label={`Add ${item.name} to request`}
          fullWidth
        >
          {inCart !== null ? `In cart: ${inCart}` : 'Add to Request'}
        </Button>
        <Button
          size="xs"
          variant="subtle"
          leftSection={<IconCalendar size={16} aria-hidden />}
          onClick={() => setCalendar(true)}
          aria-label={`Free days of ${item.name}`}
          fullWidth
        >
          Free days
        </Button>
        {calendar && <ItemCalendar itemId={item.id} name={item.name} today={today} onClose={() => setCalendar(false)} />}
      </Stack>
    </Card>
  );
}
