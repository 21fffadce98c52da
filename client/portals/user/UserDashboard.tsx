import { Card, Stack, Text } from '@mantine/core';
import { useMe } from '../../features/auth/api';
import { PageHeader } from '../../ui/PageHeader';
import { PendingApprovalDialog } from './PendingApprovalDialog';

export default function UserDashboard() {
  const me = useMe().data;
  if (me?.status === 'pending') return <PendingApprovalDialog />;
  return (
    <Stack>
      <PageHeader title="User Dashboard" subtitle={`Welcome, ${me?.fullName ?? 'Regular User'}`} />
      <Card withBorder>
        <Text>Your account is active. You are signed in as {me?.email}.</Text>
      </Card>
    </Stack>
  );
}
