import { expect, test } from './clock';
import { closedReason } from '../core/site/calendar';
import { addDays, formatCalendarDate, todayIn } from '../core/time';
import { apiAs, officeApi } from './fixtures';
import { expectAccessible, expectNoHorizontalScroll, signIn } from './support';

// Booking ahead (docs/decisions/reservations.md): a faculty member's booking holds the last unit on its dates; a
// student picking one of those dates sees it is not free, is refused by the server naming the date, and the item's
// free days show it busy. The office hands nothing out yet: the booking is for a later day.

test('a student cannot book the last unit on a taken date; Borrow Items shows availability for the dates picked', async ({ browser }) => {
  // Three people, Borrow Items and the office's day and week at two widths: a long journey on two shared cores.
  test.setTimeout(240_000);
  const suffix = Math.random().toString(36).slice(2, 6).toUpperCase();
  const name = `Slide Projector ${suffix}`;
  const office = await officeApi();
  const made = await office.post('/api/items', { data: { name, category: 'Maintenance', quantity: 1, minStock: 1 } });
  expect(made.status(), await made.text()).toBe(201);
  const item = (await made.json()).item;

  // Three open days in a row, within the calendar's six weeks.
  const calendar = await (await office.get('/api/site/calendar')).json();
  const today = todayIn('Asia/Manila');
  let day = addDays(today, 3);
  while ([0, 1, 2].some((i) => closedReason(addDays(day, i), calendar))) day = addDays(day, 1);

  const faculty = await apiAs('faculty@campus.test', 'faculty123', 'user');
  const booked = await faculty.post('/api/borrow-requests', {
    data: {
      purpose: 'Tuesday lab',
      dateNeeded: day,
      dateExpectedReturn: addDays(day, 1),
      items: [{ itemId: item.id, quantity: 1 }],
      bookAhead: true,
    },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const id = (await booked.json()).request.id;
  expect((await office.post(`/api/borrow-requests/${id}/approve`, { data: { items: [item.id] } })).status()).toBe(200);

  for (const width of [1280, 360]) {
    const context = await browser.newContext({ viewport: { width, height: 800 } });
    const student = await context.newPage();
    await signIn(student, '/login', 'cbautista@campus.test', 'student123');
    await student.getByRole('button', { name: 'Continue to Dashboard' }).click();
    await student.goto(`/users/borrow-item?q=${encodeURIComponent(name)}`);
    await student.getByRole('button', { name: `Add ${name} to request` }).click();

    // The item's free days: the booked ones are busy.
    await student.getByRole('button', { name: `Free days of ${name}` }).click();
    const days = student.getByRole('list', { name: `${name}: free by day` });
    await expect(days.getByRole('listitem', { name: `${formatCalendarDate(day)}: busy` })).toBeVisible();
    await expect(days.getByRole('listitem', { name: `${formatCalendarDate(addDays(day, 2))}: 1 free` })).toBeVisible();
    await expectAccessible(student);
    await student.keyboard.press('Escape');

    await student.getByRole('textbox', { name: 'Purpose' }).fill('Org meeting');
    await student.getByLabel('Date needed').fill(addDays(day, 1));
    await student.getByLabel('Expected return date').fill(addDays(day, 2));
    await student.getByRole('checkbox', { name: 'Book ahead' }).check();
    const notFree = `${name}: not free on ${formatCalendarDate(addDays(day, 1))}`;
    await expect(student.getByTestId('cart-availability')).toContainText(notFree);
    await expect(student.getByLabel(name, { exact: true })).toHaveAccessibleDescription('Up to 0 on your dates');

    // The day after the booking ends is free.
    await student.getByLabel('Date needed').fill(addDays(day, 2));
    await expect(student.getByTestId('cart-availability')).toContainText(`${name}: 1 unit free`);
    await expectAccessible(student);
    await expectNoHorizontalScroll(student);
    await context.close();
  }

  // The server refuses the taken date whatever the browser does, naming it.
  const api = await apiAs('cbautista@campus.test', 'student123', 'user');
  const res = await api.post('/api/borrow-requests', {
    data: {
      purpose: 'Org meeting',
      dateNeeded: addDays(day, 1),
      dateExpectedReturn: addDays(day, 2),
      items: [{ itemId: item.id, quantity: 1 }],
      bookAhead: true,
    },
  });
  expect(res.status()).toBe(409);
  const body = await res.json();
  expect(body.error.code).toBe('dates_unavailable');
  expect(body.conflicts[0].days).toEqual([{ date: addDays(day, 1), free: 0 }]);

  // The office's day view lists the booking to hand out on its day, with its pick list.
  for (const width of [1280, 360]) {
    const context = await browser.newContext({ viewport: { width, height: 800 } });
    const admin = await context.newPage();
    await signIn(admin, '/admin-login', 'admin', 'admin123');
    await admin.goto('/admin/borrow');
    await admin.getByRole('tab', { name: 'Day and week' }).click();
    await admin.getByRole('textbox', { name: 'Date', exact: true }).fill(day);
    const card = admin.getByRole('region', { name: formatCalendarDate(day) });
    const goingOut = card.getByRole('list', { name: 'Going out' });
    await expect(goingOut).toContainText(`REQ-${id}`);
    await expect(goingOut).toContainText(`1 x ${name}`);
    await expect(
      goingOut
        .getByRole('listitem')
        .filter({ hasText: `REQ-${id}` })
        .getByText('Reserved', { exact: true }),
    ).toBeVisible();
    await expect(card.getByRole('link', { name: `Pick list for ${formatCalendarDate(day)}` })).toHaveAttribute(
      'href',
      `/api/borrow-calendar/pick-list.pdf?date=${day}&view=day`,
    );
    await admin.getByText('Week', { exact: true }).click();
    await expect(admin.getByRole('region', { name: formatCalendarDate(day) }).getByRole('list', { name: 'Going out' })).toContainText(
      `REQ-${id}`,
    );
    await expectAccessible(admin);
    await expectNoHorizontalScroll(admin);
    await context.close();
  }
  const pdf = await office.get(`/api/borrow-calendar/pick-list.pdf?date=${day}`);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toContain('application/pdf');

  // Plans change: the faculty member cancels the booking on a phone before collecting it, and the date is free again.
  const context = await browser.newContext({ viewport: { width: 360, height: 800 } });
  const mine = await context.newPage();
  await signIn(mine, '/login', 'faculty@campus.test', 'faculty123');
  await mine.getByRole('button', { name: 'Continue to Dashboard' }).click();
  await mine.goto(`/users/requests?q=REQ-${id}`);
  const card = mine.locator('.mantine-Card-root').filter({ hasText: `REQ-${id}` });
  await expect(card.getByText('Booked: collect it at the office on', { exact: false })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Return Item' })).toHaveCount(0);
  await card.getByRole('button', { name: 'Cancel Booking' }).click();
  const confirm = mine.getByRole('dialog', { name: 'Cancel booking' });
  await expect(confirm).toContainText(`Cancel your booking for ${formatCalendarDate(day)}?`);
  await expectAccessible(mine);
  await confirm.getByRole('button', { name: 'Cancel booking' }).click();
  await expect(card.getByText('Cancelled', { exact: true })).toBeVisible();
  await expectNoHorizontalScroll(mine);
  await context.close();
  const again = await api.post('/api/borrow-requests', {
    data: { purpose: 'Org meeting', dateNeeded: day, dateExpectedReturn: day, items: [{ itemId: item.id, quantity: 1 }], bookAhead: true },
  });
  expect(again.status(), await again.text()).toBe(201);
});

test('a faculty member books a projector every Tuesday for 6 weeks, sees one date conflicting, the office approves the other five', async ({
  browser,
}) => {
  const suffix = Math.random().toString(36).slice(2, 6).toUpperCase();
  const name = `Lab Projector ${suffix}`;
  const office = await officeApi();
  const made = await office.post('/api/items', { data: { name, category: 'Maintenance', quantity: 1, minStock: 1 } });
  expect(made.status(), await made.text()).toBe(201);
  const item = (await made.json()).item;
  const calendar = await (await office.get('/api/site/calendar')).json();
  let start = addDays(todayIn('Asia/Manila'), 2);
  const tuesdays = () => Array.from({ length: 6 }, (_, i) => addDays(start, 7 * i));
  while (new Date(`${start}T00:00:00Z`).getUTCDay() !== 2 || tuesdays().some((d) => closedReason(d, calendar))) start = addDays(start, 1);
  const dates = tuesdays();

  // Someone else holds the fourth Tuesday from 14:00 to 15:00, inside the lab's hours, and the first Tuesday's
  // morning, which the lab's afternoon does not meet.
  const other = await apiAs('mtan@campus.test', 'faculty123', 'user');
  for (const [date, timeFrom, timeTo] of [
    [dates[3], '14:00', '15:00'],
    [dates[0], '09:00', '12:00'],
  ]) {
    const taken = await other.post('/api/borrow-requests', {
      data: {
        purpose: 'Seminar',
        dateNeeded: date,
        dateExpectedReturn: date,
        items: [{ itemId: item.id, quantity: 1 }],
        bookAhead: true,
        timeFrom,
        timeTo,
      },
    });
    expect(taken.status(), await taken.text()).toBe(201);
    expect(
      (await office.post(`/api/borrow-requests/${(await taken.json()).request.id}/approve`, { data: { items: [item.id] } })).status(),
    ).toBe(200);
  }

  const context = await browser.newContext({ viewport: { width: 360, height: 800 } });
  const faculty = await context.newPage();
  await signIn(faculty, '/login', 'faculty@campus.test', 'faculty123');
  await faculty.getByRole('button', { name: 'Continue to Dashboard' }).click();
  await faculty.goto(`/users/borrow-item?q=${encodeURIComponent(name)}`);
  await faculty.getByRole('button', { name: `Add ${name} to request` }).click();
  await faculty.getByRole('textbox', { name: 'Purpose' }).fill('Tuesday physics lab');
  await faculty.getByLabel('Date needed').fill(start);
  await faculty.getByRole('checkbox', { name: 'Book ahead' }).check();
  await faculty.getByLabel('Repeat weekly for (weeks)').fill('6');
  await faculty.getByLabel('Pick-up time').fill('13:00');
  await faculty.getByLabel('Return time').fill('16:00');
  const list = faculty.getByRole('list', { name: 'Dates of the booking' });
  await expect(list.getByRole('listitem')).toHaveCount(6);
  await expect(list.getByRole('listitem').filter({ hasText: 'not free' })).toHaveText([
    `${formatCalendarDate(dates[3])}: not free, will be skipped`,
  ]);
  await expectAccessible(faculty);
  await expectNoHorizontalScroll(faculty);
  await faculty.getByRole('button', { name: 'Submit Request' }).click();
  await expect(list).toBeHidden();
  // The success message names the whole series: its count, first and last request, dates and hours.
  const sent = faculty.getByRole('dialog', { name: 'Request Submitted Successfully' });
  await expect(sent).toContainText(
    new RegExp(
      `Your weekly booking of 5 dates \\(REQ-\\d+ to REQ-\\d+: ${formatCalendarDate(dates[0])} to ${formatCalendarDate(dates[5])}, 13:00-16:00\\)`,
    ),
  );
  await expect(sent).toContainText('1 date could not be booked.');
  await expectAccessible(faculty);
  await expectNoHorizontalScroll(faculty);
  await faculty.screenshot({ path: 'test-results/series-sent-360.png' });
  await context.close();

  // Five requests, one per free Tuesday, one series. Meanwhile the second Tuesday is booked and approved for someone
  // else; the office ticks off the last Tuesday and approves the rest from the board: "all dates or some".
  const mine = await (await (await apiAs('faculty@campus.test', 'faculty123', 'user')).get('/api/borrow-requests/mine?pageSize=50')).json();
  const series = mine.items.filter((r: { items: { itemId: number }[] }) => r.items.some((l) => l.itemId === item.id));
  expect(series.map((r: { dateNeeded: string }) => r.dateNeeded).sort()).toEqual(dates.filter((_, i) => i !== 3));
  expect(new Set(series.map((r: { seriesId: number }) => r.seriesId)).size).toBe(1);
  expect(new Set(series.map((r: { timeFrom: string; timeTo: string }) => `${r.timeFrom}-${r.timeTo}`))).toEqual(new Set(['13:00-16:00']));
  const seriesId = series[0].seriesId as number;
  const idOn = (date: string) => series.find((r: { dateNeeded: string }) => r.dateNeeded === date).id as number;
  const second = await other.post('/api/borrow-requests', {
    data: {
      purpose: 'Seminar',
      dateNeeded: dates[1],
      dateExpectedReturn: dates[1],
      items: [{ itemId: item.id, quantity: 1 }],
      bookAhead: true,
    },
  });
  expect(second.status(), await second.text()).toBe(201);
  expect(
    (await office.post(`/api/borrow-requests/${(await second.json()).request.id}/approve`, { data: { items: [item.id] } })).status(),
  ).toBe(200);

  const adminContext = await browser.newContext({ viewport: { width: 360, height: 800 } });
  const admin = await adminContext.newPage();
  await signIn(admin, '/admin-login', 'admin', 'admin123');
  await admin.goto(`/admin/requests?q=REQ-${seriesId}`);
  const card = admin.locator('.mantine-Card-root', { has: admin.getByText(`REQ-${seriesId}`, { exact: true }) });
  await expect(card.getByText(`Weekly series REQ-${seriesId}`)).toBeVisible();
  await card.getByRole('button', { name: 'Approve Dates', exact: true }).click();
  const dialog = admin.getByRole('dialog', { name: `Approve dates of weekly series REQ-${seriesId}` });
  const boxes = dialog.getByRole('group', { name: 'Dates to approve' }).getByRole('checkbox');
  await expect(boxes).toHaveCount(5);
  for (const box of await boxes.all()) await expect(box).toBeChecked();
  await expectAccessible(admin);
  await expectNoHorizontalScroll(admin);
  // Approving none is not a way to reject the series: said, and the button is off until a date is ticked.
  await dialog.getByRole('button', { name: 'Untick All', exact: true }).click();
  await expect(dialog.getByText('Tick at least one date, or reject the dates one by one.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Approve 0, Reject 5', exact: true })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Tick All', exact: true }).click();
  await expect(dialog.getByText('Tick at least one date, or reject the dates one by one.')).toBeHidden();
  // By keyboard: the last Tuesday's box, unticked with the space bar.
  // Each date with the series' hours.
  const last = dialog.getByRole('checkbox', {
    name: new RegExp(`${formatCalendarDate(dates[5])}, 13:00-16:00 \\(REQ-${idOn(dates[5])}\\)`),
  });
  await last.focus();
  await admin.keyboard.press('Space');
  await expect(last).not.toBeChecked();
  await dialog.getByRole('button', { name: 'Approve 4, Reject 1', exact: true }).click();
  await expect(dialog.getByText('3 dates approved, 1 rejected; 1 date could not be approved.')).toBeVisible();
  const refused = dialog.getByRole('list', { name: 'Dates not approved' }).getByRole('listitem');
  await expect(refused).toHaveCount(1);
  await expect(refused).toContainText(`${formatCalendarDate(dates[1])} (REQ-${idOn(dates[1])}): ${name}: 1 unit wanted, not free on`);
  await expectAccessible(admin);
  await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
  await adminContext.close();
  const statusOf = async (date: string) => (await (await office.get(`/api/borrow-requests/${idOn(date)}`)).json()).request.status;
  expect(await Promise.all([0, 1, 2, 4, 5].map((i) => statusOf(dates[i])))).toEqual([
    'approved',
    'pending',
    'approved',
    'approved',
    'rejected',
  ]);
  const free = await (await office.get(`/api/availability?items=${item.id}&from=${dates[0]}&to=${dates[5]}`)).json();
  expect(free.items[0].days.filter((d: { free: number }) => d.free === 0).map((d: { date: string }) => d.date)).toEqual(dates.slice(0, 5));
});

test('an item out of stock today is booked ahead for a day it is back, from Borrow Items on a phone', async ({ browser }) => {
  test.setTimeout(180_000);
  const suffix = Math.random().toString(36).slice(2, 6).toUpperCase();
  const name = `Tripod ${suffix}`;
  const office = await officeApi();
  const made = await office.post('/api/items', { data: { name, category: 'Maintenance', quantity: 1, minStock: 0 } });
  expect(made.status(), await made.text()).toBe(201);
  const item = (await made.json()).item;
  // Its one unit goes out today, back in two days: out of stock now, free from the third day.
  const calendar = await (await office.get('/api/site/calendar')).json();
  let back = addDays(todayIn('Asia/Manila'), 2);
  while (closedReason(back, calendar)) back = addDays(back, 1);
  let later = addDays(back, 1);
  while (closedReason(later, calendar)) later = addDays(later, 1);
  const faculty = await apiAs('faculty@campus.test', 'faculty123', 'user');
  const lent = await faculty.post('/api/borrow-requests', {
    data: {
      purpose: 'Field survey',
      dateNeeded: todayIn('Asia/Manila'),
      dateExpectedReturn: back,
      items: [{ itemId: item.id, quantity: 1 }],
    },
  });
  expect(lent.status(), await lent.text()).toBe(201);
  const loan = (await lent.json()).request.id;
  expect((await office.post(`/api/borrow-requests/${loan}/approve`, { data: { items: [item.id] } })).status()).toBe(200);

  const context = await browser.newContext({ viewport: { width: 360, height: 800 } });
  const student = await context.newPage();
  await signIn(student, '/login', 'cbautista@campus.test', 'student123');
  await student.getByRole('button', { name: 'Continue to Dashboard' }).click();
  await student.goto(`/users/borrow-item?q=${encodeURIComponent(name)}`);
  await student.getByRole('button', { name: `Add ${name} to request` }).click();
  const notice = student.getByRole('dialog', { name: 'Item Not Available' });
  await expect(notice).toContainText('This item is currently out of stock and cannot be borrowed.');
  await expectAccessible(student);
  await notice.getByRole('button', { name: 'Book Ahead' }).click();
  await expect(notice).toBeHidden();

  // Not booked ahead, the form refuses it in the server's words; booked ahead for a day it is back, it goes.
  await student.getByRole('textbox', { name: 'Purpose' }).fill('Photo club shoot');
  await student.getByLabel('Date needed').fill(later);
  await student.getByLabel('Expected return date').fill(later);
  await student.getByRole('button', { name: 'Submit Request' }).click();
  await expect(student.getByRole('alert').filter({ hasText: 'out of stock' })).toContainText(
    `${name}: This item is currently out of stock and cannot be borrowed.`,
  );
  await student.getByRole('checkbox', { name: 'Book ahead' }).check();
  await expect(student.getByTestId('cart-availability')).toContainText(`${name}: 1 unit free`);
  await student.getByRole('button', { name: 'Submit Request' }).click();
  await expect(student.getByRole('dialog', { name: 'Request Submitted Successfully' })).toBeVisible();
  await expectNoHorizontalScroll(student);
  await context.close();
});
