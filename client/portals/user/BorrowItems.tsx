import { useEffect, useRef, useState } from 'react';
import {
  ActionIcon,
  Affix,
  Badge,
  Button,
  Card,
  Grid,
  Group,
  Modal,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useIntersection } from '@mantine/hooks';
import { IconPrinter, IconShoppingCart, IconShoppingCartPlus, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import { borrowRequestForm, clampQuantity, isCartQuantity, mayBorrowCategory, PURPOSE_MAX } from '../../../core/borrowing/rules';
import type { BorrowRequestDto } from '../../../core/borrowing/schemas';
import { firstIssue } from '../../../core/common/forms';
import { plural } from '../../../core/format';
import { CATEGORIES } from '../../../core/inventory/rules';
import type { ItemDto } from '../../../core/inventory/schemas';
import { MSG } from '../../../core/messages';
import { useMe } from '../../features/auth/api';
import { useSubmitRequest } from '../../features/borrowing/api';
import { useItems } from '../../features/inventory/api';
import { ItemPhoto } from '../../features/inventory/ItemPhoto';
import { openPrint } from '../../features/borrowing/PrintRequest';
import { useCampusToday } from '../../features/site/useCampusToday';
import { ApiError } from '../../lib/api';
import { useSessionState } from '../../lib/useSessionState';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { CategoryFilter } from '../../features/inventory/CategoryFilter';
import { ListState, Pager, SearchField, useListParams } from '../../ui/list';
import { PageHeader } from '../../ui/PageHeader';
import { TONE } from '../../ui/tones';

const PAGE_SIZE = 24;
interface CartLine {
  item: ItemDto;
  /** As typed: "-3" or "2.5" stay what they are, for the form to refuse in words rather than change them. */
  quantity: number | string;
}

/** A line's quantity as a number; NaN while the box holds no number ("", "-"). */
const quantityOf = (l: CartLine) => (typeof l.quantity === 'number' ? l.quantity : Number.NaN);

/** What is wrong with a line's quantity, in the product's words; null when it can be asked for. */
function quantityProblem(l: CartLine): string | null {
  const n = quantityOf(l);
  if (!isCartQuantity(n)) return MSG.quantityInvalid;
  if (n > l.item.availableQuantity) return MSG.quantityOverStock(l.item.name, l.item.availableQuantity);
  return null;
}
type Notice = { title: string; message: string } | null;

/** inCart: the cart line's quantity as typed, or null when the item is not in the cart. */
function ItemCard({ item, inCart, onAdd }: { item: ItemDto; inCart: CartLine['quantity'] | null; onAdd: () => void }) {
  return (
    <Card withBorder padding="md">
      <Stack gap={6} h="100%">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ItemPhoto url={item.photoUrl} name={item.name} size={56} />
          <Title order={3} size="h5">
            {item.name}
          </Title>
        </Group>
        <Group gap={8}>
          <Badge variant="outline" color="gray.7">
            {item.category}
          </Badge>
          <Text size="sm" fw={600} c={item.borrowable ? TONE.green : item.availability === 'damaged' ? 'red.9' : 'dark.6'}>
            {item.borrowable ? `${item.availableQuantity} available` : item.availability}
          </Text>
        </Group>
        <Text size="sm" c="dark.6" style={{ flex: 1 }}>
          {item.description ?? 'No description'}
        </Text>
        <Button
          size="xs"
          variant={inCart !== null ? 'filled' : 'light'}
          leftSection={<IconShoppingCartPlus size={16} />}
          onClick={onAdd}
          aria-label={`Add ${item.name} to request`}
          fullWidth
        >
          {inCart !== null ? `In cart: ${inCart}` : 'Add to Request'}
        </Button>
      </Stack>
    </Card>
  );
}

export default function BorrowItems() {
  const me = useMe().data;
  const today = useCampusToday();
  const {
    tab: category,
    setTab: setCategory,
    page,
    setPage,
    input,
    setInput,
    search,
  } = useListParams<string>({ tabs: ['all', ...CATEGORIES], defaultTab: 'all', tabParam: 'category' });
  const items = useItems({ search, category, page, pageSize: PAGE_SIZE });
  // The cart and the form stay for the browser session until the request is sent (leaving Borrow keeps them).
  const [cart, setCart] = useSessionState<CartLine[]>('gso.borrow.cart', []);
  const [purpose, setPurpose] = useSessionState('gso.borrow.purpose', '');
  const [dateNeeded, setDateNeeded] = useSessionState('gso.borrow.needed', '');
  const [dateExpectedReturn, setDateExpectedReturn] = useSessionState('gso.borrow.return', '');
  const [error, setError] = useState<{ field: string | null; message: string } | null>(null);
  const errorRef = useRef<HTMLDivElement>(null);
  // The floating Review button hides while the cart form is on screen, so it never covers Submit Request.
  const { ref: formRef, entry: formInView } = useIntersection({ threshold: 0 });

  // An error is shown where the eye is: scrolled to and focused, its field marked.
  useEffect(() => {
    if (!error) return;
    errorRef.current?.scrollIntoView({ behavior: 'smooth', block: 'center' });
    errorRef.current?.focus({ preventScroll: true });
  }, [error]);
  const [notice, setNotice] = useState<Notice>(null);
  const [submitted, setSubmitted] = useState<BorrowRequestDto | null>(null);
  const submit = useSubmitRequest();

  const add = (item: ItemDto) => {
    if (me && !mayBorrowCategory(me.role, item.category)) {
      return setNotice({ title: MSG.accessRestrictedTitle, message: MSG.electricalFacultyOnly });
    }
    if (!item.borrowable) return setNotice({ title: MSG.itemNotAvailableTitle, message: MSG.itemNotAvailable(item.availability) });
    setCart((c) => {
      const existing = c.find((l) => l.item.id === item.id);
      if (!existing) return [...c, { item, quantity: 1 }];
      return c.map((l) =>
        l.item.id === item.id ? { ...l, quantity: clampQuantity((quantityOf(l) || 0) + 1, item.availableQuantity) } : l,
      );
    });
  };
  const setQuantity = (id: number, q: number | string) => setCart((c) => c.map((l) => (l.item.id === id ? { ...l, quantity: q } : l)));

  const send = async (e: React.FormEvent) => {
    e.preventDefault();
    const body = { purpose, dateNeeded, dateExpectedReturn, items: cart.map((l) => ({ itemId: l.item.id, quantity: quantityOf(l) })) };
    // The server's order and words: the form's rule, then the stock; a quantity's message marks its line.
    const first = firstIssue(borrowRequestForm(today), body);
    const wrongLine = cart.find((l) => (first?.message === MSG.quantityInvalid ? !isCartQuantity(quantityOf(l)) : quantityProblem(l)));
    const issue =
      (first?.field ?? 'items') === 'items' && wrongLine
        ? { field: `quantity-${wrongLine.item.id}`, message: quantityProblem(wrongLine)! }
        : first;
    setError(issue);
    if (issue) return;
    try {
      const res = await submit.mutateAsync(body);
      setSubmitted(res.request);
      setCart([]);
      setPurpose('');
      setDateNeeded('');
      setDateExpectedReturn('');
    } catch (err) {
      setError({
        field: null,
        message: err instanceof ApiError && !err.isNetwork ? `Error submitting request: ${err.message}` : MSG.errorSubmittingRequest,
      });
    }
  };

  const data = items.data;
  const units = cart.reduce((n, l) => n + (isCartQuantity(quantityOf(l)) ? quantityOf(l) : 0), 0);
  return (
    <Stack>
      <PageHeader title="Borrow Items" subtitle="Choose what you need, then tell us when and why." />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack>
            <Group wrap="wrap">
              <SearchField label="Search items" placeholder="Search items" value={input} onChange={setInput} />
              <CategoryFilter value={category} onChange={setCategory} counts={data?.counts} w={200} />
            </Group>
            <ListState
              loading={items.isPending}
              error={items.isError ? items.error : null}
              onRetry={() => items.refetch()}
              empty={!!data && data.items.length === 0}
              emptyText="No items found"
              emptyHint={search ? `No items match "${search}".` : undefined}
              skeletonHeight={120}
            >
              <SimpleGrid cols={{ base: 1, xs: 2, xl: 3 }}>
                {data?.items.map((item) => (
                  <ItemCard
                    key={item.id}
                    item={item}
                    inCart={cart.find((l) => l.item.id === item.id)?.quantity ?? null}
                    onAdd={() => add(item)}
                  />
                ))}
              </SimpleGrid>
            </ListState>
            {data && <Pager total={data.total} pageSize={PAGE_SIZE} page={page} onChange={setPage} />}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Card
            ref={formRef}
            withBorder
            component="form"
            onSubmit={send}
            noValidate
            aria-labelledby="cart-title"
            // Mantine's error red is under 4.5:1 on white: a marked field's text uses the readable one.
            style={{ position: 'sticky', top: 76, '--mantine-color-error': TONE.red } as React.CSSProperties}
          >
            <Title order={2} size="h4" id="cart-title">
              Request Cart
            </Title>
            <Text size="sm" c="dark.6" mb="sm">
              {cart.length ? `${plural(cart.length, 'item')}, ${plural(units, 'unit')}` : 'Your cart is empty. Add items from the list.'}
            </Text>
            <Stack gap="sm">
              <div ref={errorRef} tabIndex={-1} style={{ outline: 'none' }}>
                <ErrorAlert message={error?.message} />
              </div>
              {cart.map((l) => (
                <Group key={l.item.id} wrap="nowrap" gap="xs" align="flex-end">
                  <NumberInput
                    label={l.item.name}
                    description={`Up to ${l.item.availableQuantity}`}
                    min={1}
                    max={l.item.availableQuantity}
                    value={l.quantity}
                    onChange={(v) => setQuantity(l.item.id, v)}
                    clampBehavior="none"
                    error={error?.field === `quantity-${l.item.id}`}
                    style={{ flex: 1 }}
                  />
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="lg"
                    mb={4}
                    aria-label={`Remove ${l.item.name}`}
                    onClick={() => setCart((c) => c.filter((x) => x.item.id !== l.item.id))}
                  >
                    <IconTrash size={18} />
                  </ActionIcon>
                </Group>
              ))}
              <Textarea
                label="Purpose"
                required
                autosize
                minRows={2}
                maxRows={8}
                maxLength={PURPOSE_MAX}
                description={`${purpose.length}/${PURPOSE_MAX} characters`}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                error={error?.field === 'purpose'}
                value={purpose}
                onChange={(e) => setPurpose(e.currentTarget.value)}
              />
              <TextInput
                label="Date needed"
                type="date"
                required
                min={today}
                error={error?.field === 'dateNeeded'}
                value={dateNeeded}
                onChange={(e) => setDateNeeded(e.currentTarget.value)}
              />
              <TextInput
                label="Expected return date"
                type="date"
                required
                min={dateNeeded || today}
                error={error?.field === 'dateExpectedReturn'}
                value={dateExpectedReturn}
                onChange={(e) => setDateExpectedReturn(e.currentTarget.value)}
              />
              <Button type="submit" loading={submit.isPending}>
                Submit Request
              </Button>
            </Stack>
          </Card>
        </Grid.Col>
      </Grid>

      {cart.length > 0 && !formInView?.isIntersecting && (
        <Affix position={{ bottom: 16, right: 16 }} hiddenFrom="md">
          <Button
            leftSection={<IconShoppingCart size={18} />}
            onClick={() => document.getElementById('cart-title')?.scrollIntoView({ behavior: 'smooth' })}
          >
            Review request ({units})
          </Button>
        </Affix>
      )}

      <Modal opened={notice !== null} onClose={() => setNotice(null)} title={notice?.title} centered>
        <Text>{notice?.message}</Text>
        <Group justify="flex-end" mt="md">
          <Button onClick={() => setNotice(null)}>OK</Button>
        </Group>
      </Modal>
      <Modal opened={submitted !== null} onClose={() => setSubmitted(null)} title={MSG.requestSubmitted} centered>
        <Text>Your request {submitted?.code} has been sent to the General Services Office. Approval usually takes 1-2 business days.</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" leftSection={<IconPrinter size={18} />} onClick={() => submitted && openPrint(submitted.id)}>
            Print Receipt
          </Button>
          <Button component={Link} to="/users/requests">
            View My Requests
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}
