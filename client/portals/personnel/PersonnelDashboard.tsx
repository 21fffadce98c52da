import { Card, Stack, Text } from '@mantine/core';
import { useMe } from '../../features/auth/api';
import { PageHeader } from '../../ui/PageHeader';

export default function PersonnelDashboard() {
  const me = useMe().data;
  return (
    <Stack>
      <PageHeader title="Personnel Dashboard" subtitle={`Welcome, ${me?.fullName ?? 'Personnel User'}`} />
      <Card withBorder><Text>Signed in as {me?.email}{me?.jobType ? ` (${me.jobType.replace('_', ' ')})` : ''}.</Text></Card>
    </Stack>
  );
}
