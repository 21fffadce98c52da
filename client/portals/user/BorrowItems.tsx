import { useState } from 'react';
import { Alert, Button, Grid, Group, Modal, Stack, Text } from '@mantine/core';
import { useIntersection } from '@mantine/hooks';
import { IconHandStop, IconPrinter, IconShoppingCart } from '@tabler/icons-react';
import { Link } from 'react-router';
import { seriesSent } from '../../../core/borrowing/recurrence';
import { mayBorrowCategory } from '../../../core/borrowing/rules';
import type { BorrowRequestDto } from '../../../core/borrowing/schemas';
import type { ItemDto } from '../../../core/inventory/schemas';
import { MSG } from '../../../core/messages';
import { useMe } from '../../features/auth/api';
import { BorrowCatalogue } from '../../features/borrowing/BorrowCatalogue';
import { useCart } from '../../features/borrowing/cart';
import { openPrint } from '../../features/borrowing/PrintRequest';
import { RequestCartForm } from '../../features/borrowing/RequestCartForm';
import { MSG as AV } from '../../features/borrowing/availabilityWords';
import { useCampusToday } from '../../features/site/useCampusToday';
import { useSupplyRefusal } from '../../features/borrowing/useSupplyRefusal';
import { SUPPLY_MSG } from '../../../core/inventory/supplies';
import { Floating } from '../../ui/FloatingDock';
import { PageHeader } from '../../ui/PageHeader';
import { TONE } from '../../ui/tones';
import { PAGE_HEADS } from '../../../core/site/pageHeads';

type Notice = { title: string; message: string; bookAhead?: { hint: string; add: () => void } } | null;

export default function BorrowItems() {
  const me = useMe().data;
  const today = useCampusToday();
  const cart = useCart();
  // The floating Review button hides while the cart form is on screen, so it never covers Submit Request.
  const { ref: formRef, entry: formInView } = useIntersection({ threshold: 0 });
  const [notice, setNotice] = useState<Notice>(null);
  const [sent, setSent] = useState<{ requests: BorrowRequestDto[]; skipped: number } | null>(null);
  const submitted = sent?.requests.length === 1 ? sent.requests[0] : null;

  // docs/decisions/supplies.md: a supply the person's role may not request says why, in the server's words.
  const refusal = useSupplyRefusal();
  const add = (item: ItemDto) => {
    const refused = refusal.of(item);
    if (refused) return setNotice({ title: SUPPLY_MSG.notRequestable, message: refused });
    if (me && item.kind !== 'supply' && !mayBorrowCategory(me.role, item.category)) {
      return setNotice({ title: MSG.accessRestrictedTitle, message: MSG.electricalFacultyOnly });
    }
    // Out of stock today is not out for good: it may be back, and free, on a later date, so it can be booked ahead
    // (docs/decisions/reservations.md). The notice says so and offers it; OK adds nothing, as before.
    if (item.availability === 'out of stock') {
      return setNotice({
        title: MSG.itemNotAvailableTitle,
        message: MSG.itemNotAvailable(item.availability),
        // A supply is never booked ahead: out of stock, it waits for a delivery.
        bookAhead: item.kind === 'supply' ? undefined : { hint: AV.outOfStockToday, add: () => cart.add(item) },
      });
    }
    if (!item.borrowable) return setNotice({ title: MSG.itemNotAvailableTitle, message: MSG.itemNotAvailable(item.availability) });
    cart.add(item);
  };

  return (
    <Stack>
      <PageHeader {...PAGE_HEADS['/users/borrow-item']} />
      {me?.borrowHold && (
        <Alert
          color="orange"
          variant="light"
          title="Borrowing is on hold"
          icon={<IconHandStop size={20} aria-hidden />}
          styles={{ title: { color: TONE.orange } }}
        >
          <Text size="sm">Reason: {me.borrowHold.reason}</Text>
          <Text size="sm">You cannot submit new borrow requests until the hold is lifted. {MSG.borrowHoldHowToClear}</Text>
        </Alert>
      )}
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack>
            <BorrowCatalogue cart={cart} today={today} onAdd={add} refusal={refusal} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <RequestCartForm cart={cart} today={today} onSubmitted={setSent} cardRef={formRef} onHold={!!me?.borrowHold} />
        </Grid.Col>
      </Grid>

      {cart.lines.length > 0 && !formInView?.isIntersecting && (
        <Floating order={1} hiddenFrom="md">
          <Button
            leftSection={<IconShoppingCart size={18} />}
            onClick={() => document.getElementById('cart-title')?.scrollIntoView({ behavior: 'smooth' })}
          >
            Review request ({cart.units})
          </Button>
        </Floating>
      )}

      <Modal opened={notice !== null} onClose={() => setNotice(null)} title={notice?.title} centered>
        <Text>{notice?.message}</Text>
        {notice?.bookAhead && (
          <Text size="sm" mt="xs">
            {notice.bookAhead.hint}
          </Text>
        )}
        <Group justify="flex-end" mt="md">
          {notice?.bookAhead && (
            <Button
              variant="default"
              onClick={() => {
                notice.bookAhead?.add();
                setNotice(null);
              }}
            >
              Book Ahead
            </Button>
          )}
          <Button onClick={() => setNotice(null)}>OK</Button>
        </Group>
      </Modal>
      <Modal opened={sent !== null} onClose={() => setSent(null)} title={MSG.requestSubmitted} centered>
        <Text>
          {/* A weekly series is named whole: its count, first and last request, dates and hours. */}
          {sent && (sent.requests.length > 1 || sent.skipped > 0)
            ? seriesSent(sent.requests, sent.skipped)
            : `Your request ${submitted?.code} has been sent to the General Services Office.`}{' '}
          Approval usually takes 1-2 business days.
        </Text>
        <Group justify="flex-end" mt="md">
          {submitted && (
            <Button variant="default" leftSection={<IconPrinter size={18} />} onClick={() => openPrint(submitted.id)}>
              Print Receipt
            </Button>
          )}
          <Button component={Link} to="/users/requests">
            View My Requests
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}
