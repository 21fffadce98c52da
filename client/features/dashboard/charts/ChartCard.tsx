import { useId, useState, type ReactNode } from 'react';
import { Button, Card, Group, Stack, Table, Text, Title, useMatches } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { CHART_PERIOD_LABELS, CHART_PERIODS, type ChartPeriod } from '../../../../core/dashboard/charts';
import { FIRST_CHART_PERIOD } from '../../../../core/dashboard/chartSummaries';
import { ListState } from '../../../ui/list';
import { Segments } from '../../../ui/Segments';
import { ChartView, type ChartSpec } from './ChartView';

/** "Nov 2": a week's Monday, short, as the charts' axes and tables write it. */
const SHORT = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric' });
export const weekLabel = (monday: string) => SHORT.format(new Date(`${monday}T00:00:00Z`));

/** The period every chart of a dashboard covers. */
export function PeriodControl({ value, onChange }: { value: ChartPeriod; onChange: (p: ChartPeriod) => void }) {
  const phone = useMatches({ base: true, sm: false });
  return (
    <Segments
      label="Period"
      // On a phone it takes its own line, its three choices sharing it in smaller type, rather than running off the screen.
      fullWidth={phone}
      size={phone ? 'xs' : 'sm'}
      value={value}
      onChange={onChange}
      data={CHART_PERIODS.map((p) => ({ value: p, label: CHART_PERIOD_LABELS[p] }))}
    />
  );
}

/**
 * A dashboard's charts: a titled section with the period, and the cards drawn from the period's figures once they
 * are in (a loader before, an error with Retry instead).
 */
export function ChartsSection<T>({
  title,
  useFigures,
  children,
}: {
  title: string;
  useFigures: (period: ChartPeriod) => UseQueryResult<T>;
  children: (figures: T) => ReactNode;
}) {
  const id = useId();
  const [period, setPeriod] = useState<ChartPeriod>(FIRST_CHART_PERIOD);
  const figures = useFigures(period);
  return (
    <Stack component="section" aria-labelledby={id} gap="sm">
      <Group justify="space-between" wrap="wrap">
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        <PeriodControl value={period} onChange={setPeriod} />
      </Group>
      <ListState
        loading={figures.isPending}
        error={figures.isError ? figures.error : null}
        onRetry={() => figures.refetch()}
        empty={false}
        emptyText=""
      >
        {figures.data !== undefined && children(figures.data)}
      </ListState>
    </Stack>
  );
}

/**
 * One chart: its title, a short summary in words (for everyone, and what a screen reader hears first), the chart,
 * and a table of the same figures behind Show table.
 */
export function ChartCard({
  title,
  summary,
  spec,
  columns,
  rows,
}: {
  title: string;
  summary: string;
  spec: ChartSpec;
  columns: string[];
  rows: (string | number)[][];
}) {
  const [table, setTable] = useState(false);
  const id = useId();
  return (
    <Card withBorder padding="md" component="article" aria-labelledby={`${id}-title`}>
      <Title order={3} size="h5" id={`${id}-title`} mb={4}>
        {title}
      </Title>
      <Text size="sm" c="dark.6" mb="sm">
        {summary}
      </Text>
      <ChartView title={title} spec={spec} />
      <Group mt="xs">
        <Button
          variant="subtle"
          size="compact-sm"
          aria-label={`${table ? 'Hide' : 'Show'} table: ${title}`}
          aria-expanded={table}
          aria-controls={`${id}-table`}
          onClick={() => setTable((t) => !t)}
        >
          {table ? 'Hide table' : 'Show table'}
        </Button>
      </Group>
      <div id={`${id}-table`}>
        {table && (
          <Table.ScrollContainer minWidth={300} type="native" tabIndex={0} role="region" aria-label={`${title}, table`}>
            <Table className="gso-figures-table" striped verticalSpacing={4} captionSide="top">
              <Table.Caption>{title}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  {columns.map((c) => (
                    <Table.Th key={c} scope="col">
                      {c}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((r, i) => (
                  <Table.Tr key={i}>
                    {r.map((cell, j) =>
                      j === 0 ? (
                        <Table.Th key={j} scope="row">
                          {cell}
                        </Table.Th>
                      ) : (
                        <Table.Td key={j}>{cell}</Table.Td>
                      ),
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </div>
    </Card>
  );
}

/** A figure of a week, for a weekly bar chart: its label (also its key in the chart's data), colour and value. */
interface WeeklySeries<W> {
  label: string;
  color: string;
  value: (week: W) => number;
}

/** Bars of two or more figures per week, side by side, with their table (a column per figure). */
export function WeeklyBarsCard<W extends { week: string }>({
  title,
  summary,
  weeks,
  series,
}: {
  title: string;
  summary: string;
  weeks: W[];
  series: WeeklySeries<W>[];
}) {
  return (
    <ChartCard
      title={title}
      summary={summary}
      spec={{
        kind: 'bar',
        data: weeks.map((w) => ({ week: weekLabel(w.week), ...Object.fromEntries(series.map((s) => [s.label, s.value(w)])) })),
        dataKey: 'week',
        series: series.map(({ label, color }) => ({ name: label, label, color })),
      }}
      columns={['Week of', ...series.map((s) => s.label)]}
      rows={weeks.map((w) => [weekLabel(w.week), ...series.map((s) => s.value(w))])}
    />
  );
}
