import { Alert, Button, CopyButton, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';

interface Props {
  title: string;
  /** The field's label: "API token", "Signing secret". */
  label: string;
  secret: string;
  /** Why it must be copied now, and what to do if it is lost. */
  warning: string;
  /** How the other system uses it. */
  hint: string;
  testId: string;
  onClose: () => void;
}

/** A secret the server answers once (an API token, a webhook's signing secret), with a copy button. */
export function SecretOnce({ title, label, secret, warning, hint, testId, onClose }: Props) {
  return (
    <Modal opened onClose={onClose} title={title} centered size="lg">
      <Stack>
        <Alert color="blue" title="Copy it now">
          {warning}
        </Alert>
        <Group align="flex-end" wrap="nowrap">
          <TextInput
            label={label}
            value={secret}
            readOnly
            style={{ flex: 1, minWidth: 0 }}
            data-testid={testId}
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
          {hint}
        </Text>
        <Group justify="flex-end">
          <Button onClick={onClose}>Done</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
