import { expect, test, type Page } from './clock';
import { addDays, todayIn } from '../core/time';
import { apiAs, officeApi } from './fixtures';
import { expectAccessible, expectNoHorizontalScroll } from './support';

const signInApi = async (page: Page, email: string, password: string, portal: 'user' | 'personnel' | 'admin') => {
  const res = await page.request.post('/api/auth/login', { data: { email, password, portal } });
  expect(res.ok()).toBe(true);
};

/**
 * Feed entries and notices open what they are about: the screen of the reader's portal that shows it, narrowed
 * to it (core/activity/links.ts), as the schedule's eye does with ?q=RPR-n.
 */
test('the activity feed and the bell open the request they are about', async ({ browser }) => {
  const student = await (await browser.newContext()).newPage();
  const admin = await (await browser.newContext()).newPage();
  await signInApi(student, 'cbautista@campus.test', 'student123', 'user');
  await signInApi(admin, 'admin@campus.test', 'admin123', 'admin');

  // A request of its own, approved by the office.
  const broom = (await (await student.request.get('/api/items?search=Broom')).json()).items[0];
  const today = todayIn('Asia/Manila');
  const made = await student.request.post('/api/borrow-requests', {
    data: {
      purpose: 'Linked activity check',
      dateNeeded: today,
      dateExpectedReturn: addDays(today, 2),
      items: [{ itemId: broom.id, quantity: 1 }],
    },
  });
  expect(made.status()).toBe(201);
  const { code, id } = (await made.json()).request;
  expect((await admin.request.post(`/api/borrow-requests/${id}/approve`, { data: { items: [broom.id] } })).ok()).toBe(true);

  await student.goto('/users');
  const entry = student.getByRole('link', { name: new RegExp(`approved ${code} for`) });
  await expect(entry).toHaveAttribute('href', `/users/requests?q=${code}`);
  await expectAccessible(student);
  await student.getByRole('button', { name: /^Notifications/ }).click();
  const notice = student.getByRole('link', { name: new RegExp(`Your request ${code} was approved`) });
  await expect(notice).toHaveAttribute('href', `/users/requests?q=${code}`);
  await expectAccessible(student);
  await notice.click();
  // The notice opens that request: the list searched by its id, the bell closed.
  await expect(student).toHaveURL(new RegExp(`/users/requests\\?q=${code}$`));
  await expect(student.getByRole('dialog')).toHaveCount(0);
  await expect(student.getByRole('searchbox', { name: 'Search requests' })).toHaveValue(code);
  await expect(student.getByText(code, { exact: true })).toBeVisible();
  await expect(student.getByText('Linked activity check')).toHaveCount(1);

  await admin.goto('/admin');
  await expect(admin.getByRole('link', { name: new RegExp(`approved ${code} for`) })).toHaveAttribute('href', `/admin/requests?q=${code}`);
  await expectAccessible(admin);

  // The office's bell is its Recent Activity: the student's request is there, unread, opening that request.
  const bell = admin.getByRole('button', { name: /^Notifications, \d+\+? unread$/ });
  await expect(bell).toBeVisible();
  await bell.click();
  const filed = admin.getByRole('dialog').getByRole('link', { name: new RegExp(`requested 1 item \\(${code}\\)`) });
  await expect(filed).toHaveAttribute('href', `/admin/requests?q=${code}`);
  await expect(admin.getByRole('switch', { name: 'Email me when a request is filed or a return awaits verification' })).not.toBeChecked();
  await expectAccessible(admin);
  await admin.getByRole('button', { name: 'Mark all read' }).click();
  await expect(admin.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
  await filed.click();
  await expect(admin).toHaveURL(new RegExp(`/admin/requests\\?q=${code}$`));
  await expect(admin.getByRole('searchbox', { name: 'Search requests' })).toHaveValue(code);
  await expect(admin.getByRole('article', { name: code })).toBeVisible();
  await expect(admin.getByRole('article')).toHaveCount(1);
});

/**
 * The personnel dashboard's feed: the office's work as links (a schedule entry opens its week), and no
 * colleague's account events, which only the person and the office desk see.
 */
test("the personnel feed links the office's work and keeps colleagues' account events out", async ({ browser }) => {
  // A colleague updates their profile (the same details: other journeys sign in as them).
  const plumber = await apiAs('plumber@campus.test', 'personnel123', 'personnel');
  const profile = await plumber.put('/api/me/profile', {
    data: { fullName: 'Lito Mendoza', email: 'plumber@campus.test', contactNumber: '09171234504', jobType: 'plumber' },
  });
  expect(profile.ok(), await profile.text()).toBe(true);
  // Then the office schedules the electrician, in a week of its own far ahead.
  const office = await officeApi();
  const electricianId = (await (await office.get('/api/repairs/personnel')).json()).items.find(
    (p: { fullName: string }) => p.fullName === 'Ramon Dela Cruz',
  ).id;
  const workType = `Linked inspection ${Date.now().toString(36)}`;
  const added = await office.post('/api/schedule', {
    data: {
      week: '2031-06-09',
      day: 'Wednesday',
      startTime: '09:00',
      endTime: '11:00',
      workType,
      personnelId: electricianId,
      location: 'Room 101',
      building: 'Engineering Building',
    },
  });
  expect(added.status(), await added.text()).toBe(201);

  const page = await (await browser.newContext({ viewport: { width: 360, height: 800 } })).newPage();
  await signInApi(page, 'electrician@campus.test', 'personnel123', 'personnel');
  await page.goto('/personnel');
  const feed = page.getByRole('heading', { name: 'All Transactions' }).locator('..');
  const scheduled = feed.getByRole('link', { name: new RegExp(workType) });
  await expect(scheduled).toHaveAttribute('href', '/personnel/schedule?week=2031-06-11');
  // The colleague's profile change, made just before, is not among the entries around it.
  await expect(feed.getByText('Lito Mendoza updated their profile')).toHaveCount(0);
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);
  await scheduled.click();
  await expect(page).toHaveURL(/\/personnel\/schedule\?week=2031-06-11$/);
  await expect(page.getByText(workType)).toBeVisible();

  // The office desk sees the profile change, leading to the person in their user list.
  const desk = (await (await office.get('/api/activity?pageSize=20')).json()).items as { description: string; link: string | null }[];
  expect(desk.find((e) => e.description === 'Lito Mendoza updated their profile')?.link).toBe(
    '/admin/users/personnel?q=plumber%40campus.test',
  );
});
