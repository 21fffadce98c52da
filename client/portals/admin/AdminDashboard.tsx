import { SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { IconChecklist, IconClipboardList, IconPackage, IconUsers } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { PageHeader } from '../../ui/PageHeader';
import { StatCard } from '../../ui/StatCard';

interface Figure { value: number | null; thisMonth: number | null; lastMonth: number | null }
interface AdminStats { totalUsers: Figure; pendingRequests: Figure; inventoryItems: Figure; completionRate: Figure }

const added = (f: Figure, noun: string) => `${f.thisMonth ?? 0} new ${noun} this month, ${f.lastMonth ?? 0} last month`;

export default function AdminDashboard() {
  const stats = useQuery({ queryKey: ['dashboard', 'admin'], queryFn: () => api.get<AdminStats>('/api/dashboard/admin') });
  const s = stats.data;
  return (
    <Stack>
      <PageHeader title="Dashboard" subtitle="Campus-wide figures for the General Services Office" />
      <ErrorAlert message={stats.error?.message} />
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }}>
        {!s ? [1, 2, 3, 4].map((i) => <Skeleton key={i} h={110} />) : (
          <>
            <StatCard label="Total Users" value={s.totalUsers.value} icon={<IconUsers />} note={added(s.totalUsers, 'accounts')} />
            <StatCard label="Pending Requests" value={s.pendingRequests.value} icon={<IconClipboardList />} color="orange" note={`${s.pendingRequests.thisMonth} requests this month, ${s.pendingRequests.lastMonth} last month`} />
            <StatCard label="Inventory Items" value={s.inventoryItems.value} icon={<IconPackage />} color="teal" note={added(s.inventoryItems, 'items')} />
            <StatCard label="Completion Rate" value={s.completionRate.value === null ? 'No loans yet' : `${s.completionRate.value}%`} icon={<IconChecklist />} color="green"
              note={`This month ${s.completionRate.thisMonth === null ? 'no loans' : `${s.completionRate.thisMonth}%`}, last month ${s.completionRate.lastMonth === null ? 'no loans' : `${s.completionRate.lastMonth}%`}`} />
          </>
        )}
      </SimpleGrid>
    </Stack>
  );
}
