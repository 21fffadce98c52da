import { Badge, Button, Card, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconPrinter } from '@tabler/icons-react';
import { CUSTODY_MSG, HOLDING_STATE_LABELS, type HoldingState } from '../../../core/custody/rules';
import { formatPeso } from '../../../core/format';
import { failureText } from '../../ui/form/FormDialog';
import { ListState } from '../../ui/list';
import { PageHeader } from '../../ui/PageHeader';
import { StackTable } from '../../ui/StackTable';
import { useCampusTime } from '../site/useCampusTime';
import { slipHref, useAcknowledge, useMyHoldings, type HoldingLine } from './custodyApi';

const TONE_OF: Record<HoldingState, string> = { awaiting: 'orange', acknowledged: 'green', transferring: 'blue', incoming: 'violet' };

/**
 * My accountabilities (docs/decisions/custody.md): the units the signed-in faculty, staff or personnel member is
 * accountable for, with the total value, and those transferred to them awaiting their confirmation; Acknowledge
 * confirms receipt of either.
 */
export default function MyAccountabilities() {
  const holdings = useMyHoldings();
  const ack = useAcknowledge();
  const campus = useCampusTime();
  const data = holdings.data;
  const acknowledge = async (l: HoldingLine) => {
    try {
      const res = await ack.mutateAsync(l.unitId);
      notifications.show({ color: 'green', title: 'Success', message: `${res.message}: ${l.tag}` });
    } catch (err) {
      notifications.show({ color: 'red', title: 'Error', message: failureText(err) });
    }
  };
  const needsMe = (l: HoldingLine) => l.state === 'awaiting' || l.state === 'incoming';
  return (
    <Stack>
      <PageHeader title={CUSTODY_MSG.myAccountabilities} subtitle="The office's property in your custody, issued for long-term use" />
      <ListState
        loading={holdings.isPending}
        error={holdings.isError ? holdings.error : null}
        onRetry={() => holdings.refetch()}
        empty={!!data && data.lines.length === 0}
        emptyText="You hold none of the office's property."
        skeletonHeight={160}
      >
        {data && (
          <Stack>
            <Card withBorder>
              <Group gap="xl" wrap="wrap">
                <Stack gap={0}>
                  <Text size="xs" c="dark.6" fw={600}>
                    Units you are accountable for
                  </Text>
                  <Text size="lg" fw={700}>
                    {data.count}
                  </Text>
                </Stack>
                <Stack gap={0}>
                  <Text size="xs" c="dark.6" fw={600}>
                    Total value
                  </Text>
                  <Text size="lg" fw={700}>
                    {formatPeso(data.totalValue)}
                  </Text>
                </Stack>
              </Group>
            </Card>
            <StackTable stackBelow={760}>
              <Table bg="white" verticalSpacing="xs" fz="sm" aria-label={CUSTODY_MSG.myAccountabilities}>
                <Table.Thead>
                  <Table.Tr>
                    {['Unit', 'Item', 'Property number', 'Since', 'Value', 'Status', ''].map((c, i) => (
                      <Table.Th key={i}>{c || <VisuallyHidden>Actions</VisuallyHidden>}</Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.lines.map((l) => (
                    <Table.Tr key={`${l.unitId}-${l.state}`}>
                      <Table.Th scope="row" data-label="Unit">
                        {l.tag}
                      </Table.Th>
                      <Table.Td data-label="Item">{l.itemName}</Table.Td>
                      <Table.Td data-label="Property number">{l.propertyNumber ?? 'None'}</Table.Td>
                      <Table.Td data-label="Since">{campus.day(l.since)}</Table.Td>
                      <Table.Td data-label="Value">{l.value === null ? 'None' : formatPeso(l.value)}</Table.Td>
                      <Table.Td data-label="Status">
                        <Stack gap={2}>
                          <Badge variant="light" color={TONE_OF[l.state]} c="dark.7" style={{ whiteSpace: 'normal', height: 'auto' }}>
                            {HOLDING_STATE_LABELS[l.state]}
                          </Badge>
                          {l.other && (
                            <Text size="xs" c="dark.6">
                              {l.state === 'incoming' ? `From ${l.other}` : `To ${l.other}`}
                            </Text>
                          )}
                        </Stack>
                      </Table.Td>
                      <Table.Td data-label="Actions">
                        <Group gap="xs" wrap="wrap">
                          {needsMe(l) && (
                            <Button
                              size="xs"
                              leftSection={<IconCheck size={16} />}
                              onClick={() => acknowledge(l)}
                              loading={ack.isPending && ack.variables === l.unitId}
                              aria-label={`${CUSTODY_MSG.acknowledge} ${l.tag}`}
                            >
                              {CUSTODY_MSG.acknowledge}
                            </Button>
                          )}
                          <Button
                            component="a"
                            href={slipHref(l.slip.id)}
                            download
                            size="xs"
                            variant="default"
                            leftSection={<IconPrinter size={16} />}
                            aria-label={`${l.slip.kind === 'receipt' ? 'Receipt' : 'Transfer slip'} ${l.slip.code} of ${l.tag}`}
                          >
                            {l.slip.code}
                          </Button>
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </StackTable>
          </Stack>
        )}
      </ListState>
    </Stack>
  );
}
