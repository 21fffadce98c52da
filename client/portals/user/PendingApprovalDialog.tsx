import { Button, Group, Modal, Text } from '@mantine/core';
import { MSG } from '../../../core/messages';
import { useLogout } from '../../features/auth/useLogout';

/** docs/product.md: a non-dismissable dialog for an account still pending; both buttons sign out. */
export function PendingApprovalDialog() {
  const logout = useLogout('/');
  const leave = () => logout.mutate();
  return (
    <Modal
      opened
      onClose={() => undefined}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      centered
      title={MSG.accountPendingTitle}
    >
      <Text>{MSG.pendingApproval}</Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={leave}>
          Logout
        </Button>
        <Button onClick={leave}>I Understand</Button>
      </Group>
    </Modal>
  );
}
