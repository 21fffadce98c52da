import { useState } from 'react';
import { Alert, Button, Grid, Group, Modal, Stack, Text } from '@mantine/core';
import type { BorrowRequestDto } from '../../../core/borrowing/schemas';
import type { ItemDto } from '../../../core/inventory/schemas';
import { SUPPLIES_ONLY_ROLES, SUPPLY_MSG } from '../../../core/inventory/supplies';
import { MSG } from '../../../core/messages';
import type { PageHead } from '../../../core/site/pageHeads';
import { useMe } from '../auth/api';
import { useSupplyRefusal } from './useSupplyRefusal';
import { useCampusToday } from '../site/useCampusToday';
import { PageHeader } from '../../ui/PageHeader';
import { BorrowCatalogue } from './BorrowCatalogue';
import { useCart } from './cart';
import { MySupplyRequests } from './MySupplyRequests';
import { RequestCartForm } from './RequestCartForm';

/**
 * Request Supplies (docs/decisions/supplies.md): personnel and staff ask the office for supplies through the same
 * catalogue and cart as Borrow Items, showing supplies only (the server refuses them anything lent), with their own
 * requests below. Administrators do not file requests: the screen says so.
 */
export default function RequestSuppliesScreen({ head }: { head: PageHead }) {
  const me = useMe().data;
  const today = useCampusToday();
  const cart = useCart('gso.supplies');
  const refusal = useSupplyRefusal();
  const [notice, setNotice] = useState<string | null>(null);
  const [sent, setSent] = useState<BorrowRequestDto | null>(null);
  const add = (item: ItemDto) => {
    const refused = refusal.of(item);
    if (refused) return setNotice(refused);
    if (!item.borrowable) return setNotice(SUPPLY_MSG.supplyNotAvailable(item.availability));
    cart.add(item);
  };
  if (me && !SUPPLIES_ONLY_ROLES.includes(me.role))
    return (
      <Stack>
        <PageHeader {...head} />
        <Alert color="blue" variant="light" title="For staff accounts">
          Administrators do not file supply requests; staff and personnel do, here. Requests are approved on Borrow Requests.
        </Alert>
      </Stack>
    );
  return (
    <Stack>
      <PageHeader {...head} />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <BorrowCatalogue cart={cart} today={today} onAdd={add} refusal={refusal} kind="supply" />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <RequestCartForm cart={cart} today={today} onSubmitted={({ requests }) => setSent(requests[0] ?? null)} cardRef={null} />
        </Grid.Col>
      </Grid>
      <MySupplyRequests />
      <Modal opened={notice !== null} onClose={() => setNotice(null)} title={SUPPLY_MSG.notRequestable} centered>
        <Text>{notice}</Text>
        <Group justify="flex-end" mt="md">
          <Button onClick={() => setNotice(null)}>OK</Button>
        </Group>
      </Modal>
      <Modal opened={sent !== null} onClose={() => setSent(null)} title={MSG.requestSubmitted} centered>
        <Text>
          Your request {sent?.code} has been sent to the General Services Office. {SUPPLY_MSG.suppliesSent}
        </Text>
        <Group justify="flex-end" mt="md">
          <Button onClick={() => setSent(null)}>OK</Button>
        </Group>
      </Modal>
    </Stack>
  );
}
