import { expect, test, type Page } from '@playwright/test';
import { addDays, todayIn } from '../core/time';
import { expectAccessible } from './support';

const signInApi = async (page: Page, email: string, password: string, portal: 'user' | 'admin') => {
  const res = await page.request.post('/api/auth/login', { data: { email, password, portal } });
  expect(res.ok()).toBe(true);
};

/** Feed entries and notices point at what they are about; each portal links them to its own screen (linkTo). */
test('the activity feed and the bell link a request to the screen that shows it', async ({ browser }) => {
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
  await expect(entry).toHaveAttribute('href', '/users/requests');
  await expectAccessible(student);
  await student.getByRole('button', { name: /^Notifications/ }).click();
  const notice = student.getByRole('link', { name: new RegExp(`Your request ${code} was approved`) });
  await expect(notice).toHaveAttribute('href', '/users/requests');
  await expectAccessible(student);
  await notice.click();
  await expect(student).toHaveURL(/\/users\/requests$/);

  await admin.goto('/admin');
  await expect(admin.getByRole('link', { name: new RegExp(`approved ${code} for`) })).toHaveAttribute('href', '/admin/requests');
  await expectAccessible(admin);

  // The office's bell is its Recent Activity: the student's request is there, unread, linked to its screen.
  const bell = admin.getByRole('button', { name: /^Notifications, \d+ unread$/ });
  await expect(bell).toBeVisible();
  await bell.click();
  const filed = admin.getByRole('dialog').getByRole('link', { name: new RegExp(`requested 1 item \\(${code}\\)`) });
  await expect(filed).toHaveAttribute('href', '/admin/requests');
  await expect(admin.getByRole('switch', { name: 'Email me when a request is filed or a return awaits verification' })).not.toBeChecked();
  await expectAccessible(admin);
  await admin.getByRole('button', { name: 'Mark all read' }).click();
  await expect(admin.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
});
