import type { ReactNode } from 'react';
import { Card, Group, Stack, Text, ThemeIcon } from '@mantine/core';

export function StatCard({
  label,
  value,
  icon,
  note,
  color = 'gso',
}: {
  label: string;
  value: ReactNode;
  icon?: ReactNode;
  note?: ReactNode;
  color?: string;
}) {
  return (
    <Card withBorder padding="md">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={2}>
          <Text size="sm" c="dark.6" fw={500}>
            {label}
          </Text>
          <Text fz={28} fw={800} lh={1.2}>
            {value}
          </Text>
          {note && (
            <Text size="xs" c="dark.5">
              {note}
            </Text>
          )}
        </Stack>
        {icon && (
          <ThemeIcon size={42} radius="md" variant="light" color={color} aria-hidden>
            {icon}
          </ThemeIcon>
        )}
      </Group>
    </Card>
  );
}
