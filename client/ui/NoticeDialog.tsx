import { Button, Group, Modal, Text } from '@mantine/core';

export interface NoticeDialogProps {
  title: string;
  text: string;
  action: string;
  onAction: () => void;
  onClose: () => void;
}

/** A message with one button. Loaded with lazy() where it is rarely shown, so the dialog code stays out of the page. */
export default function NoticeDialog({ title, text, action, onAction, onClose }: NoticeDialogProps) {
  return (
    <Modal opened onClose={onClose} title={title} centered>
      <Text>{text}</Text>
      <Group justify="flex-end" mt="md">
        <Button onClick={onAction} data-autofocus>
          {action}
        </Button>
      </Group>
    </Modal>
  );
}
