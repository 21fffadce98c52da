import { Stack } from '@mantine/core';
import { ActivityFeed } from '../../features/activity/ActivityFeed';
import { useMe } from '../../features/auth/api';
import { PageHeader } from '../../ui/PageHeader';

/** /personnel (spec 002): the office's activity feed. The designations grid comes with the designations work. */
export default function PersonnelDashboard() {
  const me = useMe().data;
  return (
    <Stack>
      <PageHeader title="Personnel Dashboard" subtitle={`Welcome, ${me?.fullName ?? 'Personnel User'}`} />
      <ActivityFeed variant="personnel" title="All Transactions" />
    </Stack>
  );
}
