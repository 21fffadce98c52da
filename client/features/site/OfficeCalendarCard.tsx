import { useEffect, useState } from 'react';
import { ActionIcon, Button, Card, Checkbox, Group, Stack, Table, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import { firstIssue } from '../../../core/common/forms';
import { closureForm, CLOSURE_NAME_MAX, hoursText, weekHoursForm, type WeekHours } from '../../../core/site/calendar';
import { formatCalendarDate, WEEKDAYS, type Weekday } from '../../../core/time';
import { failureOf } from '../../lib/api';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { confirmAction } from '../../ui/confirm';
import { ListState } from '../../ui/list';
import { useAddClosure, useOfficeCalendar, useRemoveClosure, useSaveWeekHours } from './api';

const OPEN_DAY = { open: '08:00', close: '17:00' };
const saved = (message: string) => notifications.show({ color: 'green', title: 'Success', message });

/**
 * The office calendar (docs/decisions/office-calendar.md): the hours of each weekday and the closures. Borrowing
 * refuses a closed day, reminders wait for an open one, and the landing page shows the hours.
 */
export function OfficeCalendarCard() {
  return (
    <Card withBorder padding="lg" maw={640} component="section" aria-labelledby="office-calendar-title">
      <Title order={2} size="h4" id="office-calendar-title">
        Office calendar
      </Title>
      <Text size="sm" c="dark.6" mt={4} mb="md">
        Items are handed over and returned on open days only: borrowers cannot pick a closed day, and reminders wait for the next open day.
        The landing page shows these hours.
      </Text>
      <Stack gap="xl">
        <WeekHoursForm />
        <Closures />
      </Stack>
    </Card>
  );
}

function WeekHoursForm() {
  const calendar = useOfficeCalendar();
  const save = useSaveWeekHours();
  const [week, setWeek] = useState<WeekHours | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (calendar.data && !week) setWeek(calendar.data.week);
  }, [calendar.data, week]);
  if (!week)
    return (
      <ListState loading={calendar.isPending} error={calendar.error} onRetry={() => calendar.refetch()} empty={false} emptyText="">
        {null}
      </ListState>
    );

  const setDay = (day: Weekday, hours: WeekHours[Weekday]) => setWeek({ ...week, [day]: hours });
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const issue = firstIssue(weekHoursForm, week);
    setError(issue && `${issue.field ? `${issue.field}: ` : ''}${issue.message}`);
    if (issue) return;
    save.mutate(week, {
      onSuccess: (res) => (setWeek(res.calendar.week), saved(res.message)),
      onError: (err) => setError(failureOf(err).message),
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby="office-hours-title">
      <Title order={3} size="h5" id="office-hours-title" mb={4}>
        Office hours
      </Title>
      <Text size="sm" c="dark.6" mb="sm">
        {hoursText(week)}
      </Text>
      <Stack gap="xs">
        {error && <ErrorAlert message={error} />}
        {WEEKDAYS.map((day) => {
          const hours = week[day];
          return (
            <Group key={day} gap="xs" align="center" wrap="wrap" mih={36}>
              <Checkbox label={day} checked={!!hours} onChange={(e) => setDay(day, e.currentTarget.checked ? OPEN_DAY : null)} w={120} />
              {hours ? (
                <Group gap={6} wrap="nowrap">
                  <TextInput
                    type="time"
                    aria-label={`${day} opens`}
                    value={hours.open}
                    onChange={(e) => setDay(day, { ...hours, open: e.currentTarget.value })}
                    w={128}
                  />
                  <Text size="sm" aria-hidden>
                    to
                  </Text>
                  <TextInput
                    type="time"
                    aria-label={`${day} closes`}
                    value={hours.close}
                    onChange={(e) => setDay(day, { ...hours, close: e.currentTarget.value })}
                    w={128}
                  />
                </Group>
              ) : (
                <Text size="sm" c="dark.6">
                  Closed
                </Text>
              )}
            </Group>
          );
        })}
        <Group>
          <Button type="submit" loading={save.isPending}>
            Save Office Hours
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function Closures() {
  const calendar = useOfficeCalendar();
  const add = useAddClosure();
  const remove = useRemoveClosure();
  const [form, setForm] = useState({ name: '', from: '', to: '' });
  const [error, setError] = useState<{ field: string | null; message: string } | null>(null);
  const closures = calendar.data?.closures ?? [];

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const issue = firstIssue(closureForm, form);
    setError(issue);
    if (issue) return;
    add.mutate(form, {
      onSuccess: (res) => (setForm({ name: '', from: '', to: '' }), saved(res.message)),
      onError: (err) => setError({ field: null, message: failureOf(err).message }),
    });
  };
  const removeOne = async (c: (typeof closures)[number]) => {
    const ok = await confirmAction({
      title: `Remove ${c.name}?`,
      message: 'Borrowers will be able to pick these days again.',
      confirmLabel: 'Remove',
      danger: true,
    });
    if (ok)
      remove.mutate(c.id, {
        onSuccess: (res) => saved(res.message),
        onError: (err) => notifications.show({ color: 'red', ...failureOf(err) }),
      });
  };

  return (
    <section aria-labelledby="closures-title">
      <Title order={3} size="h5" id="closures-title" mb={4}>
        Closures
      </Title>
      <Text size="sm" c="dark.6" mb="sm">
        Holidays and breaks, first and last day included. Past closures are not listed.
      </Text>
      <ListState
        loading={calendar.isPending}
        error={calendar.error}
        onRetry={() => calendar.refetch()}
        empty={closures.length === 0}
        emptyText="No closures ahead."
        skeletonHeight={40}
      >
        <Table.ScrollContainer minWidth={260} mb="sm">
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Closure</Table.Th>
                <Table.Th>Dates</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {closures.map((c) => (
                <Table.Tr key={c.id}>
                  <Table.Td>{c.name}</Table.Td>
                  <Table.Td>
                    {c.from === c.to ? formatCalendarDate(c.from) : `${formatCalendarDate(c.from)} to ${formatCalendarDate(c.to)}`}
                  </Table.Td>
                  <Table.Td>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Remove ${c.name}`}
                      onClick={() => removeOne(c)}
                      disabled={remove.isPending}
                    >
                      <IconTrash size={18} aria-hidden />
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </ListState>
      <form onSubmit={submit} noValidate aria-label="Add a closure">
        <Stack gap="xs">
          {error && !error.field && <ErrorAlert message={error.message} />}
          <TextInput
            label="Closure name"
            placeholder="Christmas Break"
            maxLength={CLOSURE_NAME_MAX}
            value={form.name}
            error={error?.field === 'name' ? error.message : undefined}
            onChange={(e) => setForm({ ...form, name: e.currentTarget.value })}
          />
          <Group grow gap="sm" wrap="wrap">
            <TextInput
              type="date"
              label="First day"
              value={form.from}
              error={error?.field === 'from' ? error.message : undefined}
              onChange={(e) => setForm({ ...form, from: e.currentTarget.value, to: form.to || e.currentTarget.value })}
              miw={140}
            />
            <TextInput
              type="date"
              label="Last day"
              min={form.from || undefined}
              value={form.to}
              error={error?.field === 'to' ? error.message : undefined}
              onChange={(e) => setForm({ ...form, to: e.currentTarget.value })}
              miw={140}
            />
          </Group>
          <Group>
            <Button type="submit" variant="default" loading={add.isPending}>
              Add Closure
            </Button>
          </Group>
        </Stack>
      </form>
    </section>
  );
}
