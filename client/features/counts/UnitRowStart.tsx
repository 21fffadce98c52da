import { Anchor, Table } from '@mantine/core';
import { COUNT_WORDS } from '../../../core/inventory/counts';
import { AppLink } from '../../lib/navigation';

/** The first cells of a counted unit's row: its tag (a link to the unit), its item and its home room. */
export function UnitRowStart({ unit }: { unit: { tag: string; itemName: string; homeRoom: string | null } }) {
  return (
    <>
      <Table.Th scope="row" data-label="Tag">
        <Anchor component={AppLink} to={`/admin/units/${encodeURIComponent(unit.tag)}`} size="sm">
          {unit.tag}
        </Anchor>
      </Table.Th>
      <Table.Td data-label="Item">{unit.itemName}</Table.Td>
      <Table.Td data-label="Home room">{unit.homeRoom ?? COUNT_WORDS.noRoom}</Table.Td>
    </>
  );
}
