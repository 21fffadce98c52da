import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { ScanResult } from '../../../core/inventory/counts';
import type { QueueEntry } from '../../lib/offlineQueue';
import { lightTone, type Tone } from '../../ui/tones';
import type { ScanLine, ScanMeta } from './useScanLog';

const RESULT: Record<ScanResult, { label: string; tone: Tone }> = {
  found: { label: 'Found', tone: 'green' },
  found_elsewhere: { label: 'Found elsewhere', tone: 'orange' },
  already_counted: { label: 'Already counted', tone: 'gray' },
  unknown_tag: { label: 'Unknown tag', tone: 'grape' },
  quantity_counted: { label: 'Counted', tone: 'teal' },
};

/** A scan's answer in a few words: what it found and where it belongs. */
function detailOf(line: ScanLine): string {
  const a = line.answer;
  if (line.state === 'waiting') return `${line.text} · waiting on this phone`;
  if (line.state === 'sent') return `${line.text} · sent; its answer is in the figures`;
  if (line.state === 'refused' || !a) return `${line.text}: ${line.message ?? ''}`;
  const what = a.itemName ? `${a.tag ?? line.text} · ${a.itemName}` : (a.tag ?? line.text);
  switch (a.result) {
    case 'found_elsewhere':
      return `${what} — home room ${a.homeRoomCode ?? 'none'}`;
    case 'already_counted':
      return `${what} — already counted${a.foundRoomCode ? ` in ${a.foundRoomCode}` : ''}`;
    case 'unknown_tag':
      return `${a.tag ?? line.text} is no unit of the office: kept as an unknown tag`;
    case 'quantity_counted':
      return a.message;
    default:
      return what;
  }
}

/** The running list of this phone's scans, newest first, each with its answer as soon as it has one. */
export function ScanLog({ lines }: { lines: ScanLine[] }) {
  return (
    <Card withBorder component="section" aria-labelledby="scan-log">
      <Title order={2} size="h4" id="scan-log" mb="xs">
        Scans
      </Title>
      <div role="log" aria-live="polite" aria-label="Scans and their answers">
        {lines.length === 0 ? (
          <Text size="sm" c="dark.6">
            Nothing scanned yet in this count on this phone.
          </Text>
        ) : (
          <Stack gap={6} component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {lines.map((l) => {
              const result = l.answer ? RESULT[l.answer.result] : null;
              const badge =
                l.state === 'waiting'
                  ? { label: 'Waiting', tone: 'blue' as Tone }
                  : l.state === 'refused'
                    ? { label: 'Not accepted', tone: 'red' as Tone }
                    : (result ?? { label: 'Sent', tone: 'teal' as Tone });
              return (
                <Group key={l.id} component="li" gap="xs" wrap="nowrap" align="flex-start" data-scan={l.id}>
                  <Badge {...lightTone(badge.tone)} style={{ flexShrink: 0 }}>
                    {badge.label}
                  </Badge>
                  <Text size="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                    {detailOf(l)}
                    <Text span size="xs" c="dark.6">
                      {' '}
                      ({l.roomCode})
                    </Text>
                  </Text>
                </Group>
              );
            })}
          </Stack>
        )}
      </div>
    </Card>
  );
}

/** Scans the server refused, in its words, kept on the phone until the counter has read them and dismisses each. */
export function RefusedScans({ refused, onDismiss, title }: { refused: QueueEntry[]; onDismiss: (id: string) => void; title: string }) {
  if (!refused.length) return null;
  return (
    <Card withBorder component="section" aria-labelledby="refused-scans" style={{ borderColor: 'var(--mantine-color-red-4)' }}>
      <Title order={2} size="h4" id="refused-scans" mb="xs">
        {title}
      </Title>
      <Stack gap={6}>
        {refused.map((e) => {
          const meta = e.meta as unknown as ScanMeta;
          return (
            <Group key={e.id} justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
              <Text size="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                <Text span fw={600}>
                  {meta.text}
                </Text>{' '}
                ({meta.roomCode}): {e.refusal?.message}
              </Text>
              <Button
                style={{ flexShrink: 0 }}
                size="compact-sm"
                variant="default"
                onClick={() => onDismiss(e.id)}
                aria-label={`Dismiss ${meta.text}`}
              >
                Dismiss
              </Button>
            </Group>
          );
        })}
      </Stack>
    </Card>
  );
}
