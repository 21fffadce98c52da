import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ActionIcon, Button, Card, Checkbox, Group, NumberInput, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { borrowRequestForm, isCartQuantity, PURPOSE_MAX } from '../../../core/borrowing/rules';
import type { BorrowRequestDto } from '../../../core/borrowing/schemas';
import { firstIssue } from '../../../core/common/forms';
import { plural } from '../../../core/format';
import { SUPPLY_MSG } from '../../../core/inventory/supplies';
import { MSG } from '../../../core/messages';
import { ApiError } from '../../lib/api';
import { useSessionState } from '../../lib/useSessionState';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { TONE } from '../../ui/tones';
import { closedDaysText, closedReason } from '../../../core/site/calendar';
import { meKey } from '../../lib/queryKeys';
import { useOfficeCalendar } from '../site/api';
import { useAvailability, useSeriesPreview, useSubmitRequest, useSubmitSeries } from './api';
import { SERIES_WEEKDAYS, MAX_SERIES_DATES } from '../../../core/borrowing/recurrence';
import { quantityOf, quantityProblem, type Cart, type CartLine } from './cart';
import { formatCalendarDate, isCalendarDate, WEEKDAYS, weekdayOf } from '../../../core/time';
import { shortDays } from '../../../core/borrowing/availability';
import { MSG as AV } from './availabilityWords';
import { hoursProblem, timesProblem } from '../../../core/borrowing/timesOfDay';

/**
 * The Request Cart of Borrow Items: the lines' quantities, purpose and dates (kept for the browser session until
 * sent), checked in the server's order and words before sending; an error is scrolled to, focused and its field
 * marked.
 */
export function RequestCartForm({
  cart,
  today,
  onSubmitted,
  cardRef,
  onHold = false,
}: {
  cart: Cart;
  today: string;
  /** The requests sent: one, or each date of a weekly series (with how many dates could not be booked). */
  onSubmitted: (sent: { requests: BorrowRequestDto[]; skipped: number }) => void;
  cardRef: React.Ref<HTMLFormElement>;
  /** Borrowing is on hold (docs/decisions/borrow-holds.md): the page says why; Submit Request is off. */
  onHold?: boolean;
}) {
  const qc = useQueryClient();
  const k = cart.key;
  const [purpose, setPurpose] = useSessionState(`${k}.purpose`, '');
  const [dateNeeded, setDateNeeded] = useSessionState(`${k}.needed`, '');
  const [dateExpectedReturn, setDateExpectedReturn] = useSessionState(`${k}.return`, '');
  const [bookAhead, setBookAhead] = useSessionState(`${k}.ahead`, false);
  // docs/decisions/supplies.md: supplies are issued on the day, never booked ahead; a cart of supplies only has no
  // return date (the server takes the day needed), a mixed one asks it for the lent items.
  const supplyLines = cart.lines.filter((l) => l.item.kind === 'supply');
  const allSupplies = cart.lines.length > 0 && supplyLines.length === cart.lines.length;
  const lentLines = cart.lines.filter((l) => l.item.kind !== 'supply');
  // docs/decisions/reservations.md: booked ahead, only the request's own dates count; otherwise it holds from today.
  const ahead = bookAhead && supplyLines.length === 0 && isCalendarDate(dateNeeded) && dateNeeded > today;
  // Hours on a booking ahead (core/borrowing/timesOfDay.ts): both or neither; none books whole days.
  const [timeFrom, setTimeFrom] = useSessionState(`${k}.from`, '');
  const [timeTo, setTimeTo] = useSessionState(`${k}.to`, '');
  // Recurring bookings: the same weekday as the date needed, for a number of weeks; each date a one-day booking.
  const [weeks, setWeeks] = useSessionState<number | string>(`${k}.weeks`, 1);
  const repeat = ahead && typeof weeks === 'number' && Number.isInteger(weeks) && weeks > 1 && weeks <= MAX_SERIES_DATES;
  const hours =
    ahead && timeFrom && !hoursProblem(timeFrom, timeTo, repeat || dateNeeded === dateExpectedReturn) ? { timeFrom, timeTo } : null;
  const seriesItems = cart.lines.map((l) => ({ itemId: l.item.id, quantity: quantityOf(l) }));
  const seriesBody =
    repeat && seriesItems.every((l) => isCartQuantity(l.quantity)) && seriesItems.length
      ? {
          purpose,
          items: seriesItems,
          pattern: {
            startDate: dateNeeded,
            weekdays: [SERIES_WEEKDAYS[WEEKDAYS.indexOf(weekdayOf(dateNeeded))]],
            interval: 1,
            count: weeks as number,
          },
          timeFrom: ahead ? timeFrom : '',
          timeTo: ahead ? timeTo : '',
        }
      : null;
  const preview = useSeriesPreview(seriesBody && { ...seriesBody, purpose: '' }).data;
  const submitSeries = useSubmitSeries();
  const spanFrom = ahead ? dateNeeded : today;
  const spanTo = isCalendarDate(dateExpectedReturn) && dateExpectedReturn >= (dateNeeded || today) ? dateExpectedReturn : '';
  const availability = useAvailability(
    lentLines.map((l) => l.item.id),
    spanFrom,
    spanTo,
    hours,
  ).data;
  const daysOf = (itemId: number) => (spanTo ? availability?.items.find((i) => i.itemId === itemId) : undefined);
  /** A line's problem: booked ahead, against what is free on its dates; otherwise against the stock on hand. */
  const lineProblem = (l: CartLine) => {
    const days = daysOf(l.item.id);
    const n = quantityOf(l);
    // A recurring booking's dates are checked by the server, each on its own (the preview lists them).
    if (repeat) return isCartQuantity(n) ? null : MSG.quantityInvalid;
    if (!ahead || !days || !Number.isFinite(n)) return quantityProblem(l);
    return n > days.free
      ? AV.notFree(
          l.item.name,
          shortDays(days.days, n).map((d) => d.date),
        )
      : null;
  };
  const [error, setError] = useState<{ field: string | null; message: string } | null>(null);
  const errorRef = useRef<HTMLDivElement>(null);
  const submit = useSubmitRequest();
  // docs/decisions/office-calendar.md: a closed day is said at once under its field, as the server would refuse it.
  const calendar = useOfficeCalendar().data;
  const closedOn = (date: string) => (calendar && date ? closedReason(date, calendar) : null);
  const closedNeeded = closedOn(dateNeeded);
  const closedReturn = allSupplies ? null : closedOn(dateExpectedReturn);
  const closedDays = calendar ? closedDaysText(calendar, today) : null;

  useEffect(() => {
    if (!error) return;
    errorRef.current?.scrollIntoView({ behavior: 'smooth', block: 'center' });
    errorRef.current?.focus({ preventScroll: true });
  }, [error]);

  const send = async (e: React.FormEvent) => {
    e.preventDefault();
    const lines = cart.lines;
    const body = {
      purpose,
      dateNeeded,
      // A recurring booking's dates each go back the same day; supplies only, the day needed (as the server takes it).
      dateExpectedReturn: repeat || allSupplies ? dateNeeded : dateExpectedReturn,
      items: lines.map((l) => ({ itemId: l.item.id, quantity: quantityOf(l) })),
      bookAhead: ahead,
      timeFrom: ahead ? timeFrom : '',
      timeTo: ahead ? timeTo : '',
    };
    // The server's order and words: the form's rule, then the stock; a quantity's message marks its line.
    const first = firstIssue(borrowRequestForm(today), body);
    const wrongLine = lines.find((l) => (first?.message === MSG.quantityInvalid ? !isCartQuantity(quantityOf(l)) : lineProblem(l)));
    const closed = closedNeeded
      ? { field: 'dateNeeded', message: closedNeeded }
      : closedReturn && !repeat
        ? { field: 'dateExpectedReturn', message: closedReturn }
        : calendar
          ? timesProblem(body, calendar)
          : null;
    const lineIssue =
      (first?.field ?? 'items') === 'items' && wrongLine
        ? { field: `quantity-${wrongLine.item.id}`, message: lineProblem(wrongLine)! }
        : null;
    // The server's order: the form's rules, then the calendar, then the stock.
    const issue = first ? (first.field === 'items' || !first.field ? (lineIssue ?? first) : first) : (closed ?? lineIssue);
    setError(issue);
    if (issue) return;
    try {
      const sent = seriesBody
        ? await submitSeries.mutateAsync({ ...seriesBody, purpose }).then((r) => ({ requests: r.requests, skipped: r.skipped.length }))
        : { requests: [(await submit.mutateAsync(body)).request], skipped: 0 };
      onSubmitted(sent);
      cart.clear();
      setPurpose('');
      setDateNeeded('');
      setDateExpectedReturn('');
      setBookAhead(false);
      setWeeks(1);
      setTimeFrom('');
      setTimeTo('');
    } catch (err) {
      // A hold placed since the page loaded: the page's notice appears with the reason.
      if (err instanceof ApiError && err.code === 'borrow_hold') void qc.invalidateQueries({ queryKey: meKey });
      setError({
        field: null,
        message: err instanceof ApiError && !err.isNetwork ? `Error submitting request: ${err.message}` : MSG.errorSubmittingRequest,
      });
    }
  };

  return (
    <Card
      ref={cardRef}
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
        {cart.lines.length
          ? `${plural(cart.lines.length, 'item')}, ${plural(cart.units, 'unit')}`
          : 'Your cart is empty. Add items from the list.'}
      </Text>
      <Stack gap="sm">
        <div ref={errorRef} tabIndex={-1} style={{ outline: 'none' }}>
          <ErrorAlert message={error?.message} />
        </div>
        {cart.lines.map((l) => (
          <Group key={l.item.id} wrap="nowrap" gap="xs" align="flex-end">
            <NumberInput
              label={l.item.name}
              description={
                ahead && daysOf(l.item.id)
                  ? AV.upToOnDates(daysOf(l.item.id)!.free)
                  : `${l.item.kind === 'supply' ? `${SUPPLY_MSG.supplyBadge}, issued: up` : 'Up'} to ${l.item.availableQuantity}`
              }
              min={1}
              max={ahead ? daysOf(l.item.id)?.free : l.item.availableQuantity}
              value={l.quantity}
              onChange={(v) => cart.setQuantity(l.item.id, v)}
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
              onClick={() => cart.remove(l.item.id)}
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
          description={closedDays}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          error={closedNeeded ?? error?.field === 'dateNeeded'}
          value={dateNeeded}
          onChange={(e) => setDateNeeded(e.currentTarget.value)}
        />
        {allSupplies && (
          <Text size="sm" c="dark.6">
            {SUPPLY_MSG.suppliesNoReturn}
          </Text>
        )}
        {!repeat && !allSupplies && (
          <TextInput
            label="Expected return date"
            type="date"
            required
            description={supplyLines.length > 0 ? SUPPLY_MSG.mixedReturnHelp : undefined}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            min={dateNeeded || today}
            error={closedReturn ?? error?.field === 'dateExpectedReturn'}
            value={dateExpectedReturn}
            onChange={(e) => setDateExpectedReturn(e.currentTarget.value)}
          />
        )}
        {dateNeeded > today && supplyLines.length === 0 && (
          <Checkbox
            label="Book ahead"
            description={AV.bookAheadHelp}
            checked={bookAhead}
            onChange={(e) => setBookAhead(e.currentTarget.checked)}
          />
        )}
        {ahead && (
          <Group grow gap="sm" align="flex-start">
            <TextInput
              label="Pick-up time"
              type="time"
              description={AV.hoursHelp}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              error={error?.field === 'timeFrom'}
              value={timeFrom}
              onChange={(e) => setTimeFrom(e.currentTarget.value)}
            />
            <TextInput
              label="Return time"
              type="time"
              description={repeat ? AV.hoursSeries : AV.hoursReturn}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              error={error?.field === 'timeTo'}
              value={timeTo}
              onChange={(e) => setTimeTo(e.currentTarget.value)}
            />
          </Group>
        )}
        {ahead && (
          <NumberInput
            label="Repeat weekly for (weeks)"
            description={`Every ${weekdayOf(dateNeeded)}, each date one day; 1 books this date only.`}
            min={1}
            max={MAX_SERIES_DATES}
            value={weeks}
            onChange={setWeeks}
            clampBehavior="none"
          />
        )}
        {repeat && preview && (
          <Stack gap={2} component="ul" m={0} pl="md" aria-label="Dates of the booking" data-testid="series-dates">
            {preview.dates.map((d) => (
              <Text component="li" key={d.date} size="sm" c={d.problem ? TONE.red : 'dark.6'}>
                {formatCalendarDate(d.date)}: {d.problem ? 'not free, will be skipped' : 'free'}
              </Text>
            ))}
          </Stack>
        )}
        {!repeat && spanTo && availability && lentLines.length > 0 && (
          <Stack gap={2} aria-live="polite" data-testid="cart-availability">
            <Text size="sm" fw={600}>
              {AV.freeHeading(spanFrom, spanTo, hours)}
            </Text>
            {lentLines.map((l) => {
              const days = daysOf(l.item.id);
              if (!days) return null;
              const wanted = isCartQuantity(quantityOf(l)) ? quantityOf(l) : 1;
              const short = shortDays(days.days, wanted);
              return (
                <Text key={l.item.id} size="sm" c={short.length ? TONE.red : 'dark.6'}>
                  {short.length
                    ? AV.notFree(
                        l.item.name,
                        short.map((d) => d.date),
                      )
                    : AV.freeLine(l.item.name, days.free)}
                </Text>
              );
            })}
          </Stack>
        )}
        <Button type="submit" loading={submit.isPending || submitSeries.isPending} disabled={onHold}>
          Submit Request
        </Button>
      </Stack>
    </Card>
  );
}
