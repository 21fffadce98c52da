import { useEffect, useState } from 'react';
import { Alert, Button, Group, Image, List, Modal, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCloudUpload, IconCopy, IconPhoto, IconRefresh, IconTrash } from '@tabler/icons-react';
import { OFFLINE_WORK_MSG as SAY } from '../../../core/messages';
import type { QueueEntry } from '../../lib/offlineQueue';
import { useQueueEvents } from '../../lib/useOfflineQueue';
import { confirmAction } from '../../ui/confirm';
import { Fact } from '../../ui/Fact';
import { useInvalidateRepairs } from './api';
import { isJobEntry, metaOf, queuedOn, type useJobQueue } from './jobChanges';

type JobQueue = ReturnType<typeof useJobQueue>;

/**
 * The technician's changes kept on the phone (docs/decisions/offline-work.md): "N changes waiting to send", each
 * named, with Send now while the line stands still; and each change the server refused, "Not sent: <its words>",
 * with what was typed and photographed for it, to read, copy, try again or discard. Nothing is dropped unasked.
 */
export function QueuedJobChanges({ queue }: { queue: JobQueue }) {
  const refresh = useInvalidateRepairs();
  useQueueEvents((e) => {
    if (!isJobEntry(e.entry)) return;
    void refresh();
    if (e.type === 'refused')
      notifications.show({
        color: 'red',
        title: SAY.notSent(e.entry.refusal?.message ?? ''),
        message: `${metaOf(e.entry).code}: ${metaOf(e.entry).what}`,
      });
  });
  const { waiting, refused, stalled, entries } = queue;
  if (waiting.length === 0 && refused.length === 0) return null;
  const heldIds = new Set(entries.flatMap((e) => queuedOn(e.chain, entries).held.map((h) => h.id)));
  return (
    <Stack gap="sm">
      {waiting.length > 0 && (
        <Paper withBorder p="sm" role="status" aria-live="polite">
          <Stack gap={6}>
            <Group gap="xs" wrap="nowrap">
              <IconCloudUpload size={20} aria-hidden />
              <Text fw={600}>{SAY.waiting(waiting.length)}</Text>
            </Group>
            <Text size="sm" c="dark.6">
              {stalled === 'signed-out' ? SAY.signInToSend : stalled === 'offline' ? SAY.whenOnline : SAY.sendingNow}
            </Text>
            <List size="sm" spacing={2}>
              {waiting.map((e) => (
                <List.Item key={e.id}>
                  {metaOf(e).code} ({metaOf(e).place}): {metaOf(e).what}
                  {heldIds.has(e.id) && ` (${SAY.heldBehind})`}
                </List.Item>
              ))}
            </List>
            {stalled === 'offline' && (
              <Group>
                <Button size="xs" variant="light" leftSection={<IconRefresh size={14} />} onClick={queue.sendNow}>
                  {SAY.sendNow}
                </Button>
              </Group>
            )}
          </Stack>
        </Paper>
      )}
      {refused.map((e) => (
        <RefusedChange key={e.id} entry={e} queue={queue} />
      ))}
    </Stack>
  );
}

function RefusedChange({ entry, queue }: { entry: QueueEntry; queue: JobQueue }) {
  const meta = metaOf(entry);
  const file = entry.parts?.find((p) => 'file' in p);
  const text = [`${meta.code} (${meta.place}): ${meta.what}`, ...meta.typed.map((t) => `${t.label}: ${t.value}`)].join('\n');
  const copy = () =>
    navigator.clipboard.writeText(text).then(
      () => notifications.show({ color: 'green', message: SAY.copied }),
      () => undefined,
    );
  const discard = async () => {
    const ok = await confirmAction({
      title: SAY.discardTitle,
      message: SAY.discardText,
      confirmLabel: SAY.discard,
      cancelLabel: SAY.keepIt,
      danger: true,
    });
    if (ok) await queue.discard(entry.id);
  };
  return (
    <Alert color="red" variant="light" title={SAY.notSent(entry.refusal?.message ?? '')}>
      <Stack gap="xs">
        <Text size="sm">
          {meta.code} ({meta.place}): {meta.what}. {SAY.keptForYou}
        </Text>
        {meta.typed.map((t) => (
          <div key={t.label}>
            <Fact label={t.label}>
              <span style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{t.value}</span>
            </Fact>
          </div>
        ))}
        {file && 'file' in file && <KeptPhoto blob={file.file} alt={SAY.photoAlt(meta.what, meta.code)} />}
        <Group gap="xs" wrap="wrap">
          <Button size="xs" variant="default" leftSection={<IconCopy size={14} />} onClick={() => void copy()}>
            {SAY.copyText}
          </Button>
          <Button size="xs" leftSection={<IconRefresh size={14} />} onClick={() => void queue.retry(entry.id)}>
            {SAY.tryAgain}
          </Button>
          <Button size="xs" variant="default" color="red" leftSection={<IconTrash size={14} />} onClick={() => void discard()}>
            {SAY.discard}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

/** A photo kept on the phone with a change: a small one, and the whole of it on View photo. */
function KeptPhoto({ blob, alt }: { blob: Blob; alt: string }) {
  const [url, setUrl] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const made = URL.createObjectURL(blob);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [blob]);
  if (!url) return null;
  return (
    <Group gap="sm" align="flex-end">
      <Image src={url} alt={alt} w={120} h={90} fit="cover" radius="sm" />
      <Button size="xs" variant="light" leftSection={<IconPhoto size={14} />} onClick={() => setOpen(true)}>
        {SAY.viewPhoto}
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={alt} size="lg" centered>
        <Image src={url} alt={alt} fit="contain" mah="70vh" />
      </Modal>
    </Group>
  );
}
