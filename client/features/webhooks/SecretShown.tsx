import { Alert, Button, CopyButton, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';

/** A webhook's signing secret, shown this once (when added or rotated) with a copy button. */
export function SecretShown({ title, secret, onClose }: { title: string; secret: string; onClose: () => void }) {
  return (
    <Modal opened onClose={onClose} title={title} centered size="lg">
      <Stack>
        <Alert color="blue" title="Copy it now">
          This is the only time the signing secret is shown. The receiver checks each delivery's webhook-signature with it; if it is lost,
          rotate the secret.
        </Alert>
        <Group align="flex-end" wrap="nowrap">
          <TextInput
            label="Signing secret"
            value={secret}
            readOnly
            style={{ flex: 1, minWidth: 0 }}
            data-testid="webhook-secret"
            onFocus={(e) => e.currentTarget.select()}
          />
          <CopyButton value={secret}>
            {({ copied, copy }) => (
              <Button variant="light" leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />} onClick={copy}>
                {copied ? 'Copied' : 'Copy'}
              </Button>
            )}
          </CopyButton>
        </Group>
        <Text size="sm" c="dark.6">
          How to check a signature, in JavaScript and Python: docs/api.md, Webhooks.
        </Text>
        <Group justify="flex-end">
          <Button onClick={onClose}>Done</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
