import { useState } from 'react';
import { Button, Center, Group, Loader, Modal, Text } from '@mantine/core';
import { hrefOf } from '../../lib/api';
import { lightTone, TONE } from '../../ui/tones';
import type { Account } from '../auth/api';

/** View ID: the ID a registrant submitted (an image or a PDF), with Accept and Reject while they are pending. */
export function IdViewer({
  account,
  onClose,
  onDecide,
}: {
  account: Account;
  onClose: () => void;
  onDecide: (a: 'accept' | 'reject') => void;
}) {
  const url = hrefOf('/api/accounts/:id/id-file', { params: { id: account.id } });
  // Without a submitted ID there is nothing to fetch: the dialog says so at once (docs/decisions/screen-wording.md).
  const [kind, setKind] = useState<'loading' | 'image' | 'pdf' | 'missing'>(account.hasIdFile ? 'loading' : 'missing');
  return (
    <Modal opened onClose={onClose} title={kind === 'missing' ? 'No ID Submitted' : `Submitted ID: ${account.fullName}`} size="lg" centered>
      {kind === 'missing' ? (
        <Text>This user has not submitted an ID for verification</Text>
      ) : (
        <>
          {kind === 'loading' && (
            <Center h={200}>
              <Loader role="status" aria-label="Loading ID" />
            </Center>
          )}
          {kind === 'pdf' ? (
            <iframe src={url} title={`ID of ${account.fullName}`} style={{ width: '100%', height: 480, border: 0 }} />
          ) : (
            <img
              src={url}
              alt={`ID submitted by ${account.fullName}`}
              style={{ maxWidth: '100%', display: kind === 'image' ? 'block' : 'none', margin: '0 auto' }}
              onLoad={() => setKind('image')}
              onError={async () => {
                const res = await fetch(url, { method: 'GET' });
                setKind(res.ok && res.headers.get('content-type') === 'application/pdf' ? 'pdf' : 'missing');
              }}
            />
          )}
        </>
      )}
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose}>
          Close
        </Button>
        {account.status === 'pending' && (
          <>
            <Button {...lightTone('red')} onClick={() => onDecide('reject')}>
              Reject
            </Button>
            <Button color={TONE.green} onClick={() => onDecide('accept')}>
              Accept
            </Button>
          </>
        )}
      </Group>
    </Modal>
  );
}
