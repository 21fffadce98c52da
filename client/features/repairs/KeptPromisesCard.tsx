import { useState } from 'react';
import { Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { hoursText } from '../../../core/repairs/keptPromises';
import type { KeptPromisesDto } from '../../../core/repairs/schemas';
import { ListState } from '../../ui/list';
import { Segments } from '../../ui/Segments';
import { useKeptPromises } from './api';
import { KeptPromisesChart } from './KeptPromisesChart';

type Group = KeptPromisesDto['byPriority'][number];
const shareText = (m: Group['respond']) => (m.share === null ? 'Not yet measured' : `${m.share}% (${m.inTime} of ${m.measured})`);

function FiguresTable({ caption, by, groups }: { caption: string; by: string; groups: Group[] }) {
  return (
    <Table.ScrollContainer minWidth={680} type="native" tabIndex={0} role="region" aria-label={`${caption}, scrolls sideways`}>
      <Table className="gso-figures-table" striped verticalSpacing="xs" captionSide="top">
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{by}</Table.Th>
            <Table.Th scope="col">Reports</Table.Th>
            <Table.Th scope="col">Answered in time</Table.Th>
            <Table.Th scope="col">Median response</Table.Th>
            <Table.Th scope="col">Fixed in time</Table.Th>
            <Table.Th scope="col">Median fix</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {groups.map((g) => (
            <Table.Tr key={g.key}>
              <Table.Th scope="row">{g.label}</Table.Th>
              <Table.Td>{g.reports}</Table.Td>
              <Table.Td>{shareText(g.respond)}</Table.Td>
              <Table.Td>{hoursText(g.respond.medianHours)}</Table.Td>
              <Table.Td>{shareText(g.fix)}</Table.Td>
              <Table.Td>{hoursText(g.fix.medianHours)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * Kept promises (docs/decisions/repair-deadlines.md): of the reports made in the last 30 or 90 days, the share
 * answered and fixed within their deadlines, per priority and per trade, with the median times: charts, and tables
 * of the same figures for screen readers and for reading exact numbers.
 */
export function KeptPromisesCard() {
  const [days, setDays] = useState<'30' | '90'>('30');
  const figures = useKeptPromises(days);
  const f = figures.data;
  const chart = (groups: Group[], title: string) => <KeptPromisesChart groups={groups} title={title} />;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="kept-promises-title">
      <Group justify="space-between" wrap="wrap" mb="xs">
        <Title order={2} size="h4" id="kept-promises-title">
          Kept promises
        </Title>
        <Segments
          label="Period"
          value={days}
          onChange={setDays}
          data={[
            { value: '30', label: 'Last 30 days' },
            { value: '90', label: 'Last 90 days' },
          ]}
        />
      </Group>
      <Text size="sm" c="dark.6" mb="md">
        Reports answered (first assigned) and fixed (completed) within their deadlines, by priority and by trade. A report still open counts
        once its deadline has passed; one on hold waits.
      </Text>
      <ListState
        loading={figures.isPending}
        error={figures.isError ? figures.error : null}
        onRetry={() => figures.refetch()}
        empty={!!f && f.all.reports === 0}
        emptyText="No reports with deadlines in this period yet."
      >
        {f && (
          <Stack gap="lg">
            {chart(f.byPriority, 'By priority')}
            <FiguresTable caption="By priority" by="Priority" groups={[...f.byPriority, f.all]} />
            {f.byTrade.length > 0 && (
              <>
                {chart(f.byTrade, 'By trade')}
                <FiguresTable caption="By trade" by="Trade" groups={f.byTrade} />
              </>
            )}
          </Stack>
        )}
      </ListState>
    </Card>
  );
}
