import { useState } from 'react';
import { Alert, Anchor, Badge, Button, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { IconArrowBackUp, IconArrowLeft, IconFileTypePdf } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { formatPeso } from '../../../core/format';
import { DELIVERY_MSG, DELIVERY_WORDS } from '../../../core/inventory/deliveries';
import { formatCalendarDate } from '../../../core/time';
import { AppLink } from '../../lib/navigation';
import { Fact } from '../../ui/Fact';
import { ListState } from '../../ui/list';
import { PageHeader } from '../../ui/PageHeader';
import { ListTable } from '../../ui/ListTable';
import { lightTone } from '../../ui/tones';
import { useCampusTime } from '../site/useCampusTime';
import { receiptHref } from './DeliveriesScreen';
import { useDelivery } from './deliveryApi';
import { ReverseDeliveryDialog } from './ReverseDeliveryDialog';

/** A delivery's page: who supplied what, its lines on their stock cards, its receipt, and Reverse delivery. */
export default function DeliveryScreen() {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const query = useDelivery(id, valid);
  const time = useCampusTime();
  const [reversing, setReversing] = useState(false);
  const d = query.data;
  return (
    <Stack>
      <Anchor component={AppLink} to="/admin/deliveries" size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={16} aria-hidden /> {DELIVERY_WORDS.deliveries}
        </Group>
      </Anchor>
      <PageHeader
        title={d ? `Delivery ${d.reference}` : 'Delivery'}
        subtitle={d ? `${d.supplierName} · received ${formatCalendarDate(d.receivedOn)}` : undefined}
        actions={
          d && (
            <Group gap="xs">
              <Button component="a" href={receiptHref(d.id)} download variant="default" leftSection={<IconFileTypePdf size={18} />}>
                {DELIVERY_WORDS.deliveryReceipt} (PDF)
              </Button>
              {!d.reversed && (
                <Button color="red" variant="light" leftSection={<IconArrowBackUp size={18} />} onClick={() => setReversing(true)}>
                  {DELIVERY_WORDS.reverseDelivery}
                </Button>
              )}
            </Group>
          )
        }
      />
      <ListState
        loading={valid && query.isPending}
        error={!valid ? new Error(DELIVERY_MSG.deliveryNotFound) : query.isError ? query.error : null}
        onRetry={() => query.refetch()}
        empty={false}
        emptyText=""
        skeletonHeight={64}
      >
        {d && (
          <>
            {d.reversed && (
              <Alert color="gray" title={DELIVERY_WORDS.reversed}>
                {`${d.reversedBy ?? 'Someone'} reversed it on ${d.reversedAt ? time.dateTime(d.reversedAt) : ''}: ${d.reverseReason ?? ''}`}
              </Alert>
            )}
            <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
              <Fact label="Supplier">{d.supplierContact ? `${d.supplierName} (${d.supplierContact})` : d.supplierName}</Fact>
              <Fact label="Total">{formatPeso(d.total)}</Fact>
              <Fact label="Recorded by">{`${d.receivedBy ?? ''} · ${time.dateTime(d.createdAt)}`}</Fact>
              <Fact label="Status">
                {
                  <Badge {...lightTone(d.reversed ? 'gray' : 'green')}>
                    {d.reversed ? DELIVERY_WORDS.reversed : DELIVERY_WORDS.received}
                  </Badge>
                }
              </Fact>
            </SimpleGrid>
            {d.note && <Text size="sm">{d.note}</Text>}
            <ListTable label="Lines" columns={['Item', 'Quantity', 'Unit cost', 'Line total', 'Units']} stackBelow={760}>
              {d.lines.map((l) => (
                <Table.Tr key={l.id}>
                  <Table.Th scope="row" data-label="Item">
                    {l.itemId === null ? (
                      l.itemName
                    ) : (
                      <Anchor component={AppLink} to={`/admin/inventory/${l.itemId}/stock-card`} size="sm">
                        {l.itemName}
                      </Anchor>
                    )}
                  </Table.Th>
                  <Table.Td data-label="Quantity">{l.quantity}</Table.Td>
                  <Table.Td data-label="Unit cost">{formatPeso(l.unitCost)}</Table.Td>
                  <Table.Td data-label="Line total">{formatPeso(l.lineTotal)}</Table.Td>
                  <Table.Td data-label="Units">{l.tags.join(', ')}</Table.Td>
                </Table.Tr>
              ))}
            </ListTable>
          </>
        )}
      </ListState>
      {reversing && d && <ReverseDeliveryDialog delivery={d} onClose={() => setReversing(false)} />}
    </Stack>
  );
}
