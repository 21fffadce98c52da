import { Badge, Group, Stack, Text } from '@mantine/core';
import type { BorrowRequestDto } from '../../../core/borrowing/schemas';
import { plural } from '../../../core/format';
import { issuedText, SUPPLY_MSG } from '../../../core/inventory/supplies';
import { lightTone } from '../../ui/tones';

/**
 * The items of a request: requested quantity, category, and once decided the approved quantity or "Not
 * approved", with approved against requested units when the approval was partial (the same on REQ and BRW). A
 * supply line (docs/decisions/supplies.md) says so, and once issued what went: "8 of 10 issued".
 */
export function ItemLines({ items, decided = false }: { items: BorrowRequestDto['items']; decided?: boolean }) {
  const requested = items.reduce((n, l) => n + l.quantityRequested, 0);
  // A booking not yet handed out has lent nothing: what the office granted is what it holds (quantityReserved).
  const held = items.every((l) => l.quantityApproved === 0) && items.some((l) => l.quantityReserved > 0);
  const grantedOf = (l: BorrowRequestDto['items'][number]) => (held ? l.quantityReserved : l.quantityApproved);
  const verb = held ? 'Reserved' : 'Approved';
  const approved = items.reduce((n, l) => n + grantedOf(l), 0);
  return (
    <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {decided && approved < requested && (
        <Text component="li" size="sm" fw={600}>
          {verb} {approved} of {plural(requested, 'unit')} requested
        </Text>
      )}
      {items.map((line) => (
        <Group key={line.id} component="li" gap="xs" wrap="wrap">
          <Text size="sm" fw={500}>
            {line.name}
          </Text>
          <Text size="sm" c="dark.6">
            x{line.quantityRequested}
          </Text>
          <Badge size="xs" variant="outline" color="gray" c="dark.6">
            {line.category}
          </Badge>
          {line.supply && (
            <Badge size="xs" {...lightTone('grape')}>
              {SUPPLY_MSG.supplyBadge}
            </Badge>
          )}
          {line.supply && line.quantityApproved > 0 && (
            <Badge size="xs" {...lightTone('green')}>
              {issuedText(line.quantityApproved, line.quantityRequested)}
            </Badge>
          )}
          {!line.supply && grantedOf(line) > 0 && (
            <Badge size="xs" {...lightTone('green')}>
              {verb}: {grantedOf(line)}
            </Badge>
          )}
          {decided && grantedOf(line) === 0 && (
            <Badge size="xs" {...lightTone('red')}>
              Not approved
            </Badge>
          )}
          {line.units.length > 0 && (
            <Text size="xs" c="dark.6" w="100%">
              Units: {line.units.join(', ')}
            </Text>
          )}
        </Group>
      ))}
    </Stack>
  );
}
