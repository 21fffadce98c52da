import { expect, test } from '@playwright/test';
import { closedReason } from '../core/site/calendar';
import { addDays, formatCalendarDate, todayIn } from '../core/time';
import { apiAs, officeApi } from './fixtures';
import { expectAccessible, expectNoHorizontalScroll, signIn } from './support';

// docs/decisions/reservations.md: a booking with hours on one day goes out and comes back that day, and the office's
// day view counts and lists it in both; each entry opens its request.
test("the office's day counts a 13:00-16:00 booking going out and coming back, each entry a link to its request", async ({ browser }) => {
  test.setTimeout(120_000);
  const suffix = Math.random().toString(36).slice(2, 6).toUpperCase();
  const office = await officeApi();
  const made = await office.post('/api/items', {
    data: { name: `Lab Scope ${suffix}`, category: 'Maintenance', quantity: 1, minStock: 1 },
  });
  expect(made.status(), await made.text()).toBe(201);
  const item = (await made.json()).item;
  const calendar = await (await office.get('/api/site/calendar')).json();
  // A later open day whose office hours hold 13:00-16:00, far enough out that no other journey books it.
  let day = addDays(todayIn('Asia/Manila'), 20 + Math.floor(Math.random() * 10));
  while (closedReason(day, calendar)) day = addDays(day, 1);
  const faculty = await apiAs('faculty@campus.test', 'faculty123', 'user');
  const booked = await faculty.post('/api/borrow-requests', {
    data: {
      purpose: 'Afternoon lab',
      dateNeeded: day,
      dateExpectedReturn: day,
      items: [{ itemId: item.id, quantity: 1 }],
      bookAhead: true,
      timeFrom: '13:00',
      timeTo: '16:00',
    },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const code = (await booked.json()).request.code as string;
  expect(
    (await office.post(`/api/borrow-requests/${(await booked.json()).request.id}/approve`, { data: { items: [item.id] } })).status(),
  ).toBe(200);

  for (const width of [1280, 360]) {
    const context = await browser.newContext({ viewport: { width, height: 800 } });
    const admin = await context.newPage();
    await signIn(admin, '/admin-login', 'admin', 'admin123');
    await admin.goto('/admin/borrow');
    await admin.getByRole('tab', { name: 'Day and week' }).click();
    await admin.getByRole('textbox', { name: 'Date', exact: true }).fill(day);
    const card = admin.getByRole('region', { name: formatCalendarDate(day) });
    const comingBack = card.getByRole('list', { name: 'Coming back' });
    for (const [title, list] of [
      ['Going out', card.getByRole('list', { name: 'Going out' })],
      ['Coming back', comingBack],
    ] as const) {
      const entry = list.getByRole('listitem').filter({ hasText: code });
      await expect(entry).toContainText(title === 'Going out' ? `13:00 ${code}` : `16:00 ${code}`);
      await expect(entry.getByRole('link', { name: code })).toHaveAttribute('href', `/admin/requests?q=${code}`);
    }
    // The counts say as many as the lists name (the day names every one).
    const count = async (title: string) => Number((await card.getByText(new RegExp(`^${title}: \\d+$`)).textContent())!.split(': ')[1]);
    expect(await count('Coming back')).toBeGreaterThanOrEqual(1);
    expect(await count('Coming back')).toBe(await comingBack.getByRole('listitem').count());
    await admin.screenshot({ path: `test-results/office-day-${width}.png`, fullPage: true });
    await expectAccessible(admin);
    await expectNoHorizontalScroll(admin);
    if (width === 360) {
      await comingBack.getByRole('link', { name: code }).click();
      await expect(admin).toHaveURL(new RegExp(`/admin/requests\\?q=${code}$`));
      await expect(admin.getByRole('article', { name: code })).toBeVisible();
    }
    await context.close();
  }
});
