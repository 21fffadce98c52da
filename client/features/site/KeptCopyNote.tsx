import { useEffect } from 'react';
import { Alert } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import { MSG } from '../../../core/messages';
import { KEPT_RETRY_MS, showsKeptCopy, type KeptQuery } from '../../lib/keptCopy';
import { useCampusTime } from './useCampusTime';

/**
 * "As of <time>" above a screen showing its last answer kept on the device, offline (docs/decisions/pwa.md); nothing
 * once a fresh answer came. Meanwhile the screen asks again when the browser says it is back online, and every few
 * seconds besides (a weak signal returns without a word from the browser).
 */
export function KeptCopyNote({ query }: { query: KeptQuery }) {
  const time = useCampusTime();
  const kept = showsKeptCopy(query);
  const { refetch } = query;
  useEffect(() => {
    if (!kept) return;
    const again = () => void refetch();
    const timer = setInterval(again, KEPT_RETRY_MS);
    window.addEventListener('online', again);
    return () => {
      clearInterval(timer);
      window.removeEventListener('online', again);
    };
  }, [kept, refetch]);
  if (!kept) return null;
  return (
    <Alert color="gray" variant="light" icon={<IconCloudOff size={18} aria-hidden />} role="status" py="xs">
      {MSG.keptCopy(time.dateTime(new Date(query.dataUpdatedAt).toISOString()))}
    </Alert>
  );
}
