import { useState } from 'react';
import { Button, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { MSG } from '../../../core/messages';
import type { RepairReportDto } from '../../../core/repairs/schemas';
import { Fact } from '../../ui/Fact';
import { scheduleText } from './RepairParts';

const PLACEHOLDER = '/proof-placeholder.svg';

/** One photo of the work with its caption and its Download; the placeholder with alt 'Image not found' if it fails. */
function ProofPhoto({ url, caption, alt }: { url: string; caption: string; alt: string }) {
  const [broken, setBroken] = useState(false);
  return (
    <Stack component="figure" gap={6} m={0} align="center">
      <img
        src={broken ? PLACEHOLDER : url}
        alt={broken ? 'Image not found' : alt}
        onError={() => setBroken(true)}
        style={{ maxWidth: '100%', maxHeight: '50vh', display: 'block' }}
      />
      <Text component="figcaption" size="sm" fw={600}>
        {caption}
      </Text>
      {!broken && (
        <Button component="a" href={url} download size="xs" variant="light" leftSection={<IconDownload size={14} />}>
          Download {caption.toLowerCase()}
        </Button>
      )}
    </Stack>
  );
}

/**
 * Proof of Work (docs/product.md), in every portal: the report's details and its photos side by side, before (taken
 * when the work started) and after (taken when it was completed), each with Download, named by the server by what
 * the photo is (proof_RPR-12_before.jpg, proof_RPR-12.png: docs/decisions/screen-wording.md); a photo that fails to
 * load shows the placeholder with alt 'Image not found'; a report without any says so
 * (docs/decisions/repair-completion.md).
 */
export function RepairProofViewer({ report: r, onClose }: { report: RepairReportDto; onClose: () => void }) {
  const [noTitle, noText] = MSG.noWorkProof.split(': ');
  const any = r.startProofUrl || r.completionProofUrl;
  return (
    <Modal opened onClose={onClose} title={any ? `Proof of Work: ${r.code}` : noTitle} size="xl" centered>
      <Stack gap="sm">
        <Group gap="lg" wrap="wrap" style={{ rowGap: 4 }}>
          <Fact label="Location">
            {r.building} - {r.room}
          </Fact>
          <Fact label="Assigned to">{r.assignedName ?? 'Not yet assigned'}</Fact>
          <Fact label="Schedule">{scheduleText(r.scheduled ?? r)}</Fact>
        </Group>
        {any ? (
          <SimpleGrid cols={{ base: 1, sm: r.startProofUrl && r.completionProofUrl ? 2 : 1 }}>
            {r.startProofUrl && <ProofPhoto url={r.startProofUrl} caption="Before" alt={`Before: proof of work for ${r.code}`} />}
            {r.completionProofUrl && <ProofPhoto url={r.completionProofUrl} caption="After" alt={`After: proof of work for ${r.code}`} />}
          </SimpleGrid>
        ) : (
          <Text>{noText}</Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
