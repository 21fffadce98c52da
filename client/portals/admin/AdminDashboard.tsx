import { Button, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { Link } from 'react-router';
import { ActivityFeed } from '../../features/activity/ActivityFeed';
import { CampusMapButton } from '../../features/site/CampusMapButton';
import { IconChecklist, IconClipboardList, IconPackage, IconUsers } from '@tabler/icons-react';
import { useAdminStats } from '../../features/dashboard/api';
import { percentByMonth, perMonth } from '../../lib/format';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { PageHeader } from '../../ui/PageHeader';
import { StatCard } from '../../ui/StatCard';

export default function AdminDashboard() {
  const stats = useAdminStats();
  const s = stats.data;
  return (
    <Stack>
      <PageHeader
        title="Dashboard"
        subtitle="Campus-wide figures for the General Services Office"
        actions={
          <>
            <CampusMapButton />
            <Button component={Link} to="/admin/requests" leftSection={<IconClipboardList size={18} />}>
              Requests
            </Button>
          </>
        }
      />
      <ErrorAlert message={stats.error?.message} />
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }}>
        {!s ? (
          [1, 2, 3, 4].map((i) => <Skeleton key={i} h={110} />)
        ) : (
          <>
            <StatCard
              label="Total Users"
              value={s.totalUsers.value}
              icon={<IconUsers />}
              note={`Accepted accounts; ${s.totalUsers.pending} awaiting approval. Joined: ${perMonth(s.totalUsers)}`}
            />
            <StatCard
              label="Pending Requests"
              value={s.pendingRequests.value}
              icon={<IconClipboardList />}
              color="orange"
              note={`Awaiting a decision now. Requests filed: ${perMonth(s.pendingRequests)}`}
            />
            <StatCard
              label="Inventory Items"
              value={s.inventoryItems.value}
              icon={<IconPackage />}
              color="teal"
              note={`Items on record. Added: ${perMonth(s.inventoryItems)}`}
            />
            <StatCard
              label="Completion Rate"
              value={s.completionRate.value === null ? 'No loans yet' : `${s.completionRate.value}%`}
              icon={<IconChecklist />}
              color="green"
              note={`Approved loans completed. ${percentByMonth(s.completionRate.thisMonth, s.completionRate.lastMonth)}`}
            />
          </>
        )}
      </SimpleGrid>
      <ActivityFeed title="Recent Activity" variant="admin" />
    </Stack>
  );
}
