import { expect, test, type Download, type Page } from './clock';
import { pdfPages } from '../tests/api/pdfText';
import { expectAccessible, expectNoHorizontalScroll, signIn } from './support';

// Reports (docs/decisions/reports.md): a report filtered to one category, downloaded as
// CSV and PDF and read back; a saved report scheduled weekly, sent once when its time comes, the PDF attached.

const bytes = async (d: Download) => Buffer.concat(await (await d.createReadStream()).toArray());
const download = async (page: Page, name: string) => {
  const [d] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name }).click()]);
  return d;
};

test('an administrator filters a report to one category, downloads it as CSV and PDF, and schedules it weekly', async ({ page }) => {
  test.setTimeout(240_000); // a long journey on two busy cores
  const name = `Electrical weekly ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, '/admin-login', 'admin', 'admin123');
  await page.getByRole('link', { name: 'Reports', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/reports/);

  // Dates that cannot make a report say so, and the report stays on the last 30 days: an end before the start,
  // then more than three years.
  const badDates = page.getByRole('alert').filter({ hasText: 'These dates cannot make a report' });
  await page.getByLabel('From').fill('2026-12-31');
  await page.getByLabel('To').fill('2026-01-01');
  await expect(badDates).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download CSV' })).not.toHaveAttribute('href', /from=/);
  await page.getByLabel('From').fill('2022-12-31');
  await expect(badDates).toBeVisible();

  // Lending activity, a wide period, one category.
  await page.getByLabel('From').fill('2024-01-01');
  await page.getByLabel('To').fill('2026-12-31');
  await expect(badDates).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: 'Electrical', exact: true }).click();
  await expect(page.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
    'href',
    /from=2024-01-01&to=2026-12-31&category=Electrical/,
  );
  await expect(page.getByText('Jan 1, 2024 to Dec 31, 2026, category Electrical')).toBeVisible();
  const table = page.getByRole('region', { name: 'Lending activity, scrolls sideways' }).getByRole('table');
  await expect(table.getByRole('row')).toHaveCount(3); // header, Electrical, totals
  const shown = (await table.getByRole('row').nth(1).getByRole('cell').allInnerTexts()).map((s) => s.replace(/,/g, ''));
  expect(shown[0]).toBe('Electrical');
  await expect(page.getByRole('img', { name: /Quantity lent per category/ })).toBeVisible();
  await expectAccessible(page);

  // The same figures in the CSV and the PDF.
  const csv = await download(page, 'Download CSV');
  expect(csv.suggestedFilename()).toBe('report-lending-2024-01-01-to-2026-12-31.csv');
  const lines = (await bytes(csv)).toString('utf8').trim().split('\n');
  expect(lines[0]).toContain('Lending activity: Jan 1, 2024 to Dec 31, 2026; category Electrical');
  expect(lines[1]).toBe('Category,Requests,Approved,Rejected,Quantity asked,Quantity lent');
  expect(lines[2]).toBe(shown.join(','));
  expect(lines.join('\n')).not.toMatch(/Plumbing|HVAC|Janitorial/);
  const pdf = await download(page, 'Download PDF');
  expect(pdf.suggestedFilename()).toBe('report-lending-2024-01-01-to-2026-12-31.pdf');
  const text = (await pdfPages(await bytes(pdf))).join('\n');
  expect(text).toContain('LENDING ACTIVITY');
  expect(text).toContain('category Electrical');
  const inPdf = shown.map((s) => (/^\d+$/.test(s) ? Number(s).toLocaleString('en-US') : s));
  expect(text).toMatch(new RegExp(inPdf.join('\\s+')));
  expect(text).not.toMatch(/Plumbing|HVAC|Janitorial/);

  // Saved under a name, weekly, to the administrator.
  await page.getByRole('button', { name: 'Save Report' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save Report' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await dialog.getByRole('combobox', { name: 'Schedule' }).click();
  await page.getByRole('option', { name: /^Weekly/ }).click();
  await dialog.getByRole('combobox', { name: 'Send to' }).click();
  await page.getByRole('option', { name: /admin@campus\.test/ }).click();
  await dialog.getByRole('textbox', { name: 'Name' }).click(); // closes the options
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Weekly (Mondays, 7:00 AM)');
  await expect(row).toContainText('Not yet');

  // Its time comes (the development clock): sent once, whatever the number of runs.
  const saved = (await (await page.request.get('/api/saved-reports')).json()).items.find((s: { name: string }) => s.name === name);
  const at = new Date(Date.parse(saved.nextRunAt) + 60_000).toISOString();
  const before = await page.request.post('/api/dev/saved-reports/run', {
    data: { now: new Date(Date.parse(saved.nextRunAt) - 60_000).toISOString() },
  });
  expect((await before.json()).sent).not.toContain(saved.id);
  const [first, second] = await Promise.all([
    page.request.post('/api/dev/saved-reports/run', { data: { now: at } }),
    page.request.post('/api/dev/saved-reports/run', { data: { now: at } }),
  ]);
  const sent = [...(await first.json()).sent, ...(await second.json()).sent].filter((id: number) => id === saved.id);
  expect(sent).toEqual([saved.id]);
  const outbox = (await (await page.request.get('/api/dev/outbox?to=admin%40campus.test')).json()).items.filter(
    (m: { subject: string }) => m.subject === `Scheduled report: ${name}`,
  );
  expect(outbox).toHaveLength(1);
  expect(outbox[0].body).toContain(`/admin/reports?saved=${saved.id}`);
  const [file] = JSON.parse(outbox[0].attachments) as { filename: string; contentType: string; content: string }[];
  expect(file.contentType).toBe('application/pdf');
  expect(file.filename).toMatch(/^report-lending-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.pdf$/);
  const mailed = (await pdfPages(Buffer.from(file.content, 'base64'))).join('\n');
  expect(mailed).toContain('LENDING ACTIVITY');
  expect(mailed).toContain('category Electrical');

  // The mail's link opens the saved report; the list says when it was sent.
  await page.goto(`/admin/reports?saved=${saved.id}`);
  await expect(page.getByRole('combobox', { name: 'Category' })).toHaveValue('Electrical');
  await expect(page.getByLabel('From')).toHaveValue('2024-01-01');
  await expect(page.getByRole('row').filter({ hasText: name })).not.toContainText('Not yet');
  // The report and its filters are in the address: a reload (or a shared link) shows the same report.
  await expect(page).toHaveURL(/kind=lending&from=2024-01-01&to=2026-12-31&category=Electrical/);
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Category' })).toHaveValue('Electrical');

  // Changed on screen: another category and a monthly schedule, kept under the same name.
  await page.getByRole('button', { name: `Change ${name}` }).click();
  await expect(page.getByText(`Changing the saved report "${name}"`)).toBeVisible();
  await page.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: 'Plumbing', exact: true }).click();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  const changes = page.getByRole('dialog', { name: 'Save Changes' });
  await expect(changes.getByRole('textbox', { name: 'Name' })).toHaveValue(name);
  await changes.getByRole('combobox', { name: 'Schedule' }).click();
  await page.getByRole('option', { name: /^Monthly/ }).click();
  await expectAccessible(page);
  await changes.getByRole('button', { name: 'Save Changes' }).click();
  await expect(changes).toBeHidden();
  await expect(page.getByText(`Changing the saved report "${name}"`)).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: name })).toContainText('Monthly (the 1st, 7:00 AM)');
  const changed = (await (await page.request.get('/api/saved-reports')).json()).items.filter((s: { name: string }) => s.name === name);
  expect(changed).toHaveLength(1);
  expect(changed[0].filters).toEqual({ from: '2024-01-01', to: '2026-12-31', category: 'Plumbing' });
  expect(changed[0].recipients.map((p: { name: string }) => p.name)).toHaveLength(1);

  // 360 px: no sideways scroll, still accessible.
  await page.setViewportSize({ width: 360, height: 800 });
  await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);
});
