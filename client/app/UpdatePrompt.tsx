import { useSyncExternalStore } from 'react';
import { Button, Group, Paper, Text } from '@mantine/core';
import { MSG } from '../../core/messages';
import { appUpdate, reloadToLatest } from '../lib/appUpdate';

/**
 * "A new version of Campus GSO is available" with Reload (docs/decisions/pwa.md), once a new service worker waits:
 * above the page at the top, clear of the floating buttons, until the person reloads.
 */
export function UpdatePrompt() {
  const waiting = useSyncExternalStore(appUpdate.subscribe, appUpdate.waiting, () => null);
  if (!waiting) return null;
  return (
    <Paper
      role="status"
      aria-live="polite"
      withBorder
      shadow="md"
      p="sm"
      radius="md"
      style={{ position: 'fixed', top: 8, left: 8, right: 8, marginInline: 'auto', maxWidth: 480, zIndex: 400 }}
    >
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <div>
          <Text fw={700} size="sm">
            {MSG.updateAvailable}
          </Text>
          <Text size="sm" c="dark.6">
            {MSG.updateAvailableText}
          </Text>
        </div>
        <Button size="sm" onClick={reloadToLatest} style={{ flexShrink: 0 }}>
          Reload
        </Button>
      </Group>
    </Paper>
  );
}
