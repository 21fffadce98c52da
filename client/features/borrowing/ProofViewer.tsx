import { useState } from 'react';
import { Button, Group, Modal, Text } from '@mantine/core';
import { MSG } from '../../../core/messages';

const PLACEHOLDER = '/proof-placeholder.svg';

/** The proof-of-return image; a missing proof says so, and an image that fails to load shows a placeholder. */
export function ProofViewer({
  title = 'Proof of Return',
  code,
  proofUrl,
  onClose,
}: {
  title?: string;
  code: string;
  proofUrl: string | null;
  onClose: () => void;
}) {
  const [broken, setBroken] = useState(false);
  const [noTitle, noText] = MSG.noProof.split(': ');
  return (
    <Modal opened onClose={onClose} title={proofUrl ? `${title}: ${code}` : noTitle} size="lg" centered>
      {proofUrl ? (
        <img
          src={broken ? PLACEHOLDER : proofUrl}
          alt={broken ? 'Image not found' : `${title} for ${code}`}
          onError={() => setBroken(true)}
          style={{ maxWidth: '100%', maxHeight: '70vh', display: 'block', margin: '0 auto' }}
        />
      ) : (
        <Text>{noText}</Text>
      )}
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose}>
          Close
        </Button>
      </Group>
    </Modal>
  );
}
