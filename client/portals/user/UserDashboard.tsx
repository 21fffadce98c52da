import { Button, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { IconChecklist, IconClipboardList, IconHourglass, IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ActivityFeed } from '../../features/activity/ActivityFeed';
import { useMe } from '../../features/auth/api';
import { useUserStats } from '../../features/dashboard/api';
import { perMonth } from '../../lib/format';
import { CampusMapButton } from '../../features/site/CampusMapButton';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { PageHeader } from '../../ui/PageHeader';
import { StatCard } from '../../ui/StatCard';
import { PendingApprovalDialog } from './PendingApprovalDialog';
import { UserCharts } from '../../features/dashboard/charts/MyCharts';
import { PAGE_HEADS, welcomeLine } from '../../../core/site/pageHeads';

export default function UserDashboard() {
  const me = useMe().data;
  const pending = me?.status === 'pending';
  const stats = useUserStats(!pending);
  if (pending) return <PendingApprovalDialog />;
  const s = stats.data;
  return (
    <Stack>
      <PageHeader
        title={PAGE_HEADS['/users'].title}
        subtitle={welcomeLine(me?.fullName, PAGE_HEADS['/users'].welcome)}
        actions={
          <>
            <CampusMapButton />
            <Button component={Link} to="/users/borrow-item" leftSection={<IconPlus size={18} />}>
              New Request
            </Button>
          </>
        }
      />
      <ErrorAlert message={stats.isError ? 'Failed to fetch user requests' : null} />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {!s ? (
          [1, 2, 3].map((i) => <Skeleton key={i} h={110} />)
        ) : (
          <>
            <StatCard
              label="My Requests"
              value={s.myRequests.value}
              icon={<IconClipboardList />}
              note={`Made: ${perMonth(s.myRequests)}`}
            />
            <StatCard
              label="Pending Items"
              value={s.pendingItems.value}
              icon={<IconHourglass />}
              color="orange"
              note={`Awaiting approval now; ${s.pendingItems.thisMonth} of them made this month`}
            />
            <StatCard
              label="Completed Tasks"
              value={s.completedTasks.value}
              icon={<IconChecklist />}
              color="green"
              note={`Completed: ${perMonth(s.completedTasks)}`}
            />
          </>
        )}
      </SimpleGrid>
      <UserCharts />
      <ActivityFeed title="My Recent Activity" variant="user" />
    </Stack>
  );
}
