import { Card, Table, Text, Title } from '@mantine/core';
import type { DamageLossDto } from '../../../core/dashboard/schemas';
import { plural } from '../../../core/format';
import { ListState } from '../../ui/list';
import { useDamageLoss } from './api';

const unitsOf = (c: DamageLossDto['categories'][number]) => c.damaged + c.missingParts + c.lost;

const summaryOf = (f: DamageLossDto) => {
  const { damaged, missingParts, lost } = f.total;
  const most = Math.max(0, ...f.categories.map(unitsOf));
  const top = f.categories.filter((c) => unitsOf(c) === most);
  return (
    `In the last ${f.days} days, ${plural(damaged, 'unit')} came back damaged, ${plural(missingParts, 'unit')} with missing parts ` +
    `and ${plural(lost, 'unit')} ${lost === 1 ? 'was' : 'were'} lost` +
    (top.length === 1 && f.categories.length > 1 ? `; most in ${top[0]!.category} (${plural(most, 'unit')}).` : '.')
  );
};

/**
 * Damage and loss, last 30 days (docs/decisions/stock-figures.md): per category the units found
 * damaged, with missing parts and lost at verified returns, as a sentence and a table.
 */
export function DamageLossCard() {
  const figures = useDamageLoss();
  const f = figures.data;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="damage-loss-title">
      <Title order={2} size="h4" id="damage-loss-title" mb="xs">
        Damage and loss, last 30 days
      </Title>
      <ListState
        loading={figures.isPending}
        error={figures.isError ? figures.error : null}
        onRetry={() => figures.refetch()}
        empty={!!f && f.categories.length === 0}
        emptyText="No damage or loss found at returns in the last 30 days."
      >
        {f && (
          <>
            <Text size="sm" c="dark.6" mb="md">
              {summaryOf(f)}
            </Text>
            <Table.ScrollContainer
              minWidth={440}
              type="native"
              tabIndex={0}
              role="region"
              aria-label="Damage and loss by category, scrolls sideways"
            >
              <Table striped verticalSpacing="xs" captionSide="top">
                <Table.Caption>By category, in units</Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Category</Table.Th>
                    <Table.Th scope="col">Damaged</Table.Th>
                    <Table.Th scope="col">Missing parts</Table.Th>
                    <Table.Th scope="col">Lost</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {f.categories.map((c) => (
                    <Table.Tr key={c.category}>
                      <Table.Th scope="row">{c.category}</Table.Th>
                      <Table.Td>{c.damaged}</Table.Td>
                      <Table.Td>{c.missingParts}</Table.Td>
                      <Table.Td>{c.lost}</Table.Td>
                    </Table.Tr>
                  ))}
                  <Table.Tr>
                    <Table.Th scope="row">All</Table.Th>
                    <Table.Td>{f.total.damaged}</Table.Td>
                    <Table.Td>{f.total.missingParts}</Table.Td>
                    <Table.Td>{f.total.lost}</Table.Td>
                  </Table.Tr>
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </>
        )}
      </ListState>
    </Card>
  );
}
