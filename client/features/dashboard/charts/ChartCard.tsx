import { lazy, startTransition, Suspense, useEffect, useId, useState, type ReactNode } from 'react';
import { useInViewport } from '@mantine/hooks';
import { Button, Card, Group, SegmentedControl, Skeleton, Stack, Table, Text, Title, useMatches } from '@mantine/core';
import { CHART_PERIOD_LABELS, CHART_PERIODS, type ChartPeriod } from '../../../../core/dashboard/charts';
import type { ChartSpec } from './ChartView';

const ChartView = lazy(() => import('./ChartView'));

/** "Nov 2": a week's Monday, short, as the charts' axes and tables write it. */
const SHORT = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric' });
export const weekLabel = (monday: string) => SHORT.format(new Date(`${monday}T00:00:00Z`));

/**
 * The chart library is loaded once a chart comes into view, not with the dashboard (as the Kept promises card does),
 * and each chart is drawn when its card is first on screen: `ref` goes on the card, `seen` turns true then.
 */
function useSeen() {
  const { ref, inViewport } = useInViewport<HTMLDivElement>();
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    // A transition: the chart is drawn in slices that leave the phone free to respond, not in one long task.
    if (inViewport) startTransition(() => setSeen(true));
  }, [inViewport]);
  return { ref, seen };
}

/** The period every chart of a dashboard covers. */
export function PeriodControl({ value, onChange }: { value: ChartPeriod; onChange: (p: ChartPeriod) => void }) {
  const phone = useMatches({ base: true, sm: false });
  return (
    <SegmentedControl
      aria-label="Period"
      // On a phone it takes its own line, its three choices sharing it in smaller type, rather than running off the screen.
      fullWidth
      w={{ base: '100%', sm: 'auto' }}
      size={phone ? 'xs' : 'sm'}
      value={value}
      onChange={(v) => onChange(v as ChartPeriod)}
      data={CHART_PERIODS.map((p) => ({ value: p, label: CHART_PERIOD_LABELS[p] }))}
    />
  );
}

/** A dashboard's charts: a titled section with the period, the cards in a grid. */
export function ChartsSection({
  title,
  period,
  onPeriod,
  children,
}: {
  title: string;
  period: ChartPeriod;
  onPeriod: (p: ChartPeriod) => void;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <Stack component="section" aria-labelledby={id} gap="sm">
      <Group justify="space-between" wrap="wrap">
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        <PeriodControl value={period} onChange={onPeriod} />
      </Group>
      {children}
    </Stack>
  );
}

/**
 * One chart: its title, a short summary in words (for everyone, and what a screen reader hears first), the chart
 * once the card has been on screen, and a table of the same figures behind Show table.
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
  const { ref, seen } = useSeen();
  return (
    <Card ref={ref} withBorder padding="md" component="article" aria-labelledby={`${id}-title`}>
      <Title order={3} size="h5" id={`${id}-title`} mb={4}>
        {title}
      </Title>
      <Text size="sm" c="dark.6" mb="sm">
        {summary}
      </Text>
      {seen ? (
        <Suspense fallback={<Skeleton h={220} />}>
          <ChartView title={title} spec={spec} />
        </Suspense>
      ) : (
        <Skeleton h={220} animate={false} />
      )}
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
            <Table striped verticalSpacing={4} captionSide="top">
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
