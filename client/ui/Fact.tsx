import type { ReactNode } from 'react';
import { Text } from '@mantine/core';

/** "Label: value", one fact on a card (a report's, a room's). */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Text size="sm" span>
      <Text span c="dark.6">
        {label}:{' '}
      </Text>
      <Text span fw={500}>
        {children}
      </Text>
    </Text>
  );
}
