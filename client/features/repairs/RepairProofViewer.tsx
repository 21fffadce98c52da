import { useState } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { MSG } from '../../../core/messages';
import type { RepairReportDto } from '../../../core/repairs/schemas';
import { Fact, scheduleText } from './RepairParts';

const PLACEHOLDER = '/proof-placeholder.svg';

/**
 * Proof of Work (spec 002 s2): the report's details, the photo, and Download saving proof_{report_id} with the
 * extension of what the photo is (the server names it: proof_RPR-12.png for a PNG, .jpg for a JPEG); a
 * photo that fails to load shows the placeholder with alt 'Image not found'; a report without one says so.
 */
export function RepairProofViewer({ report: r, onClose }: { report: RepairReportDto; onClose: () => void }) {
  const [broken, setBroken] = useState(false);
  const [noTitle, noText] = MSG.noWorkProof.split(': ');
  return (
    <Modal opened onClose={onClose} title={r.proofUrl ? `Proof of Work: ${r.code}` : noTitle} size="lg" centered>
      <Stack gap="sm">
        <Group gap="lg" wrap="wrap" style={{ rowGap: 4 }}>
          <Fact label="Location">
            {r.building} - {r.room}
          </Fact>
          <Fact label="Assigned to">{r.assignedName ?? 'Not yet assigned'}</Fact>
          <Fact label="Schedule">{scheduleText(r)}</Fact>
        </Group>
        {r.proofUrl ? (
          <img
            src={broken ? PLACEHOLDER : r.proofUrl}
            alt={broken ? 'Image not found' : `Proof of work for ${r.code}`}
            onError={() => setBroken(true)}
            style={{ maxWidth: '100%', maxHeight: '60vh', display: 'block', margin: '0 auto' }}
          />
        ) : (
          <Text>{noText}</Text>
        )}
        <Group justify="flex-end">
          {r.proofUrl && !broken && (
            <Button component="a" href={r.proofUrl} download leftSection={<IconDownload size={16} />}>
              Download
            </Button>
          )}
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
