import type { ReactNode } from 'react';
import { Table } from '@mantine/core';
import { StackTable } from './StackTable';

/**
 * A list's table: its name, its column heads and its rows (the Table.Tr given as children), turned into cards where
 * it is narrower than `stackBelow` pixels (StackTable). Each row's cells carry their column's name as `data-label`.
 */
export function ListTable({
  label,
  columns,
  stackBelow,
  children,
}: {
  label: string;
  columns: readonly string[];
  stackBelow: number;
  children: ReactNode;
}) {
  return (
    <StackTable stackBelow={stackBelow}>
      <Table bg="white" verticalSpacing="xs" fz="sm" aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => (
              <Table.Th key={c}>{c}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </StackTable>
  );
}
