import type { ReactNode } from 'react';
import { Card, Group, Stack, Text, ThemeIcon } from '@mantine/core';

export function StatCard({
  label,
  value,
  icon,
  note,
  color = 'gso',
  compact = false,
}: {
  label: string;
  value: ReactNode;
  icon?: ReactNode;
  note?: ReactNode;
  color?: string;
  /** Small on a phone (no icon, no note, a smaller figure), so a row of counters does not push the list down. */
  compact?: boolean;
}) {
  return (
    <Card withBorder padding="md" className={compact ? 'gso-stat-compact' : undefined}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={2}>
          <Text size="sm" c="dark.6" fw={500}>
            {label}
          </Text>
          <Text fz={28} fw={800} lh={1.2} className="gso-stat-value">
            {value}
          </Text>
          {note && (
            <Text size="xs" c="dark.5" className="gso-stat-note">
              {note}
            </Text>
          )}
        </Stack>
        {icon && (
          <ThemeIcon size={42} radius="md" variant="light" color={color} aria-hidden className="gso-stat-icon">
            {icon}
          </ThemeIcon>
        )}
      </Group>
    </Card>
  );
}
