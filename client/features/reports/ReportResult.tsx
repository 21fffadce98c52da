import { Card, Stack, Table, Text, Title } from '@mantine/core';
import { reportCellText } from '../../../core/reports/cells';
import { jobTypeLabel } from '../../../core/repairs/damage';
import { REPORT_TITLES, type ReportKind } from '../../../core/reports/rules';
import type { ReportFilters } from '../../../core/reports/schemas';
import { formatCalendarDate } from '../../../core/time';
import { ListState } from '../../ui/list';
import { useReport } from './api';
import { ReportChart } from './ReportChart';

/** The report chosen, for its filters: its period, its chart and its table with the totals. */
export function ReportResult({ kind, filters }: { kind: ReportKind; filters: ReportFilters }) {
  const report = useReport(kind, filters);
  const r = report.data;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="report-title">
      <Title order={2} size="h4" id="report-title">
        {REPORT_TITLES[kind]}
      </Title>
      {r && (
        <Text size="sm" c="dark.6" mb="sm">
          {formatCalendarDate(r.from)} to {formatCalendarDate(r.to)}
          {r.filters.category && `, category ${r.filters.category}`}
          {r.filters.building && `, building ${r.filters.building}`}
          {r.filters.trade && `, trade ${jobTypeLabel(r.filters.trade)}`}
        </Text>
      )}
      <ListState
        loading={report.isPending}
        error={report.error}
        onRetry={() => report.refetch()}
        empty={!!r && r.rows.length === 0}
        emptyText="Nothing in this period."
      >
        {r && (
          <Stack>
            {r.chart && r.chart.data.length > 0 && <ReportChart chart={r.chart} />}
            <Table.ScrollContainer minWidth={560} type="native" tabIndex={0} role="region" aria-label={`${r.title}, scrolls sideways`}>
              <Table striped withTableBorder>
                <Table.Thead>
                  <Table.Tr>
                    {r.columns.map((c) => (
                      <Table.Th key={c.label} ta={c.numeric ? 'right' : undefined}>
                        {c.label}
                      </Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {r.rows.map((row, i) => (
                    <Table.Tr key={i}>
                      {row.map((v, j) => (
                        <Table.Td key={j} ta={r.columns[j].numeric ? 'right' : undefined}>
                          {reportCellText(v, r.columns[j], '—')}
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
                {r.totals && (
                  <Table.Tfoot>
                    <Table.Tr>
                      {r.totals.map((v, j) => (
                        <Table.Th key={j} ta={r.columns[j].numeric ? 'right' : undefined}>
                          {reportCellText(v, r.columns[j], '—')}
                        </Table.Th>
                      ))}
                    </Table.Tr>
                  </Table.Tfoot>
                )}
              </Table>
            </Table.ScrollContainer>
          </Stack>
        )}
      </ListState>
    </Card>
  );
}
