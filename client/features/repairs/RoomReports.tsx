import { useId } from 'react';
import { Anchor, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { RepairReportDto, RoomReportTab } from '../../../core/repairs/schemas';
import { Fact } from '../../ui/Fact';
import { CountTabs, ListState, Pager, useListParams, type TabDef } from '../../ui/list';
import { useMe } from '../auth/api';
import { useCampusTime } from '../site/useCampusTime';
import { useRoomReports } from './api';
import { FollowersBadge, PriorityBadge, RepairStatusBadge } from './RepairParts';

const PAGE_SIZE = 10;
const TABS: TabDef<RoomReportTab>[] = [
  { value: 'open', label: 'Open' },
  { value: 'past', label: 'Past' },
];

/** Where a report's card is on the boards: the office's board, or the assigned person's own. */
const boardLink = (portal: 'admin' | 'personnel', r: RepairReportDto, meId: number | undefined) =>
  portal === 'admin' || r.assignedTo === meId ? `/${portal}/maintenance-repairs?q=${encodeURIComponent(r.code)}` : null;

function RoomReport({ r, portal }: { r: RepairReportDto; portal: 'admin' | 'personnel' }) {
  const titleId = useId();
  const me = useMe();
  const campus = useCampusTime();
  const link = boardLink(portal, r, me.data?.id);
  return (
    <Card withBorder component="article" aria-labelledby={titleId} padding="sm">
      <Stack gap={6}>
        <Group gap="xs" wrap="wrap">
          <Title order={3} size="h5" id={titleId}>
            {link ? (
              <Anchor component={Link} to={link}>
                {r.code}
              </Anchor>
            ) : (
              r.code
            )}
          </Title>
          <RepairStatusBadge status={r.status} />
          <PriorityBadge priority={r.priority} />
          <FollowersBadge n={r.followers} />
        </Group>
        <Text size="sm">{r.issueDescription}</Text>
        <Group gap="lg" wrap="wrap" style={{ rowGap: 4 }}>
          <Fact label="Reported by">{r.reporterName}</Fact>
          <Fact label="Reported">{campus.day(r.dateReported)}</Fact>
          <Fact label="Assigned to">{r.assignedName ?? 'Not yet assigned'}</Fact>
          {r.completedAt && <Fact label="Completed">{campus.day(r.completedAt)}</Fact>}
        </Group>
      </Stack>
    </Card>
  );
}

/**
 * A room's open and past repair reports on its page (docs/decisions/rooms-and-followers.md), with their tab and
 * page in the address.
 */
export function RoomReports({ roomId, portal }: { roomId: number; portal: 'admin' | 'personnel' }) {
  const { tab, setTab, page, setPage } = useListParams<RoomReportTab>({ tabs: ['open', 'past'], defaultTab: 'open' });
  const reports = useRoomReports(roomId, { show: tab, page, pageSize: PAGE_SIZE });
  const data = reports.data;
  return (
    <Stack component="section" aria-labelledby="room-reports" gap="sm">
      <Title order={2} size="h4" id="room-reports">
        Repair reports
      </Title>
      <CountTabs label="Reports" tabs={TABS} counts={data?.counts} value={tab} onChange={setTab}>
        <ListState
          loading={reports.isPending}
          error={reports.isError ? reports.error : null}
          onRetry={() => reports.refetch()}
          empty={!!data && data.items.length === 0}
          emptyText={tab === 'open' ? 'No open reports' : 'No past reports'}
          emptyHint={tab === 'open' ? 'Nothing is waiting to be fixed in this room.' : 'No report about this room is completed yet.'}
          skeletonHeight={80}
        >
          {data?.items.map((x) => (
            <RoomReport key={x.id} r={x} portal={portal} />
          ))}
        </ListState>
        {data && <Pager total={data.total} pageSize={PAGE_SIZE} page={page} onChange={setPage} />}
      </CountTabs>
    </Stack>
  );
}
