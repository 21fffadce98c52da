import { useId, useState } from 'react';
import { SUPPLY_MSG } from '../../../core/inventory/supplies';
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconCalendar, IconShoppingCartPlus } from '@tabler/icons-react';
import { ItemCalendar } from './ItemCalendar';
import type { ItemDto } from '../../../core/inventory/schemas';
import { ItemPhoto } from '../inventory/ItemPhoto';
import { TONE, lightTone } from '../../ui/tones';
import type { CartLine } from './cart';

/**
 * One item of Borrow Items. inCart: the cart line's quantity as typed, or null when the item is not in the cart. A
 * supply says so; one the person may not request says why, in the server's words, and cannot be added.
 */
export function BorrowItemCard({
  item,
  inCart,
  onAdd,
  today,
  refusal = null,
}: {
  /** Why this person may not request it (a supply of a category their role may not ask for); null: they may. */
  refusal?: string | null;
  item: ItemDto;
  inCart: CartLine['quantity'] | null;
  onAdd: () => void;
  /** The campus day: the item's calendar starts there. */
  today: string;
}) {
  const [calendar, setCalendar] = useState(false);
  const whyNot = useId();
  const supply = item.kind === 'supply';
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
          {supply && <Badge {...lightTone('grape')}>{SUPPLY_MSG.supplyBadge}</Badge>}
          <Text size="sm" fw={600} c={item.borrowable ? TONE.green : item.availability === 'damaged' ? 'red.9' : 'dark.6'}>
            {item.borrowable ? `${item.availableQuantity} available` : item.availability}
          </Text>
        </Group>
        <Text size="sm" c="dark.6" style={{ flex: 1 }}>
          {item.description ?? 'No description'}
        </Text>
        {refusal && (
          <Text size="sm" c={TONE.red} id={whyNot}>
            <strong>{SUPPLY_MSG.notRequestable}:</strong> {refusal}
          </Text>
        )}
        <Button
          size="xs"
          variant={inCart !== null ? 'filled' : 'light'}
          leftSection={<IconShoppingCartPlus size={16} />}
          onClick={onAdd}
          aria-label={`Add ${item.name} to request`}
          aria-describedby={refusal ? whyNot : undefined}
          disabled={!!refusal}
          fullWidth
        >
          {inCart !== null ? `In cart: ${inCart}` : 'Add to Request'}
        </Button>
        {/* A supply is issued on the day, never booked: it has no free days to show. */}
        {!supply && (
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
        )}
        {calendar && <ItemCalendar itemId={item.id} name={item.name} today={today} onClose={() => setCalendar(false)} />}
      </Stack>
    </Card>
  );
}
