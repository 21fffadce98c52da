import { useState } from 'react';
import { Button, Text } from '@mantine/core';
import { IconScan } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { MSG } from '../../../core/messages';
import { api, ApiError } from '../../lib/api';
import { locationKeys } from '../../lib/queryKeys';
import { useSiteStatus } from '../site/api';
import { ScanDialog, type ReadSource } from './ScanDialog';
import { NOT_OUR_LABEL, scanTarget, typedPath } from './targets';

/**
 * The header's Scan button of the office's portals (docs/decisions/labels-and-scanning.md): opens the scanner and
 * goes to what it read, a unit (/u/TAG) or a room (/r/CODE), whose short addresses open the right page.
 */
export function ScanButton() {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const qc = useQueryClient();
  const appOrigin = useSiteStatus().data?.appOrigin;

  const onRead = async (text: string, source: ReadSource): Promise<void | string> => {
    const target = scanTarget(text, source, [window.location.origin, ...(appOrigin ? [appOrigin] : [])]);
    if ('notOurs' in target) return NOT_OUR_LABEL;
    let path: string;
    if ('path' in target) path = target.path;
    else {
      const params = { search: target.code, pageSize: 100 };
      try {
        const rooms = await qc.fetchQuery({
          queryKey: locationKeys.rooms(params),
          queryFn: () => api.get('/api/rooms', { query: params }),
        });
        path = typedPath(
          target.code,
          rooms.items.map((r) => r.code),
        );
      } catch (err) {
        return err instanceof ApiError ? err.message : MSG.serverError;
      }
    }
    setOpen(false);
    navigate(path);
  };

  return (
    <>
      <Button
        variant="subtle"
        size="compact-md"
        leftSection={<IconScan size={18} aria-hidden />}
        onClick={() => setOpen(true)}
        aria-label="Scan"
      >
        <Text span visibleFrom="sm" size="sm">
          Scan
        </Text>
      </Button>
      {open && <ScanDialog onRead={onRead} onClose={() => setOpen(false)} />}
    </>
  );
}
