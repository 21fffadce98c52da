import { expect, test, type Page } from './clock';
import { addDays, daysBetween, todayIn, weekOf } from '../core/time';
import { apiAs, electricianRepair, fileRequest } from './fixtures';
import { expectAccessible, expectNoHorizontalScroll, signIn } from './support';

// Dashboard charts (docs/decisions/dashboard-charts.md): the admin dashboard's charts over the demo data, each with
// its summary in words and its table of the same figures, for 30 days, 90 days and the term; a personnel member's
// jobs and rating; a borrower's requests and reports over time. At 1280 and 360 px, accessible.

const OFFICE_CHARTS = [
  'Requests per week by outcome',
  'Most and least used items',
  'Most and least used categories',
  'Overdue loans over time',
  'Repairs opened and closed per week',
  'Fix time by priority',
  'Average rating by trade',
];

/** Opens each chart's table and checks its first row holds figures; the chart itself is a named picture. */
async function readCharts(page: Page, region: string, titles: string[]) {
  const section = page.getByRole('region', { name: region });
  // Scrolled to at once (the charts load as they come into view, and the cards grow as they do).
  // A minute each: drawing the charts holds a busy machine's page for a while.
  await section.evaluate((el) => el.scrollIntoView(), undefined, { timeout: 60_000 });
  for (const title of titles) {
    const card = section.getByRole('article', { name: title });
    await card.evaluate((el) => el.scrollIntoView(), undefined, { timeout: 60_000 });
    await expect(card.getByRole('img', { name: `${title}: chart of the figures in the table below` })).toBeVisible({ timeout: 60_000 });
    await card.getByRole('button', { name: `Show table: ${title}` }).click();
    const table = card.getByRole('region', { name: `${title}, table` });
    await expect(table.getByRole('table', { name: title })).toBeVisible();
    await expect(table.getByRole('row').nth(1)).toBeVisible();
  }
  return section;
}

/**
 * The column and row headings of the open tables whose words are broken across lines ("Pen/ding"): each word of a
 * heading must lie on one line, so a heading wraps only at its spaces.
 */
function headingsBrokenInWords(page: Page, region: string) {
  return page.getByRole('region', { name: region }).evaluate((section) => {
    const broken: string[] = [];
    for (const th of section.querySelectorAll('table th')) {
      const walker = document.createTreeWalker(th, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (const m of text.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, m.index);
          range.setEnd(node, m.index + m[0].length);
          const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
          if (lines.size > 1) broken.push(m[0]);
        }
      }
    }
    return broken;
  });
}

test.beforeAll(async () => {
  // A request and a job made now, so this week's bars have the journey's own figures too.
  await fileRequest(await apiAs('faculty@campus.test', 'faculty123', 'user'), [['Extension Cord (10 m)', 1]], 'Charts journey');
  await electricianRepair('Science Building', false);
});

test('the admin dashboard charts the office’s figures, with their tables, for each period', async ({ page }) => {
  // The admin dashboard is the longest page there is, and axe reads it twice.
  test.setTimeout(240_000);
  await signIn(page, '/admin-login', 'admin', 'admin123');
  await page.goto('/admin');
  const charts = await readCharts(page, 'Charts', OFFICE_CHARTS);
  // The demo's figures: requests of the last weeks, items lent, repairs reported.
  const requests = charts.getByRole('article', { name: 'Requests per week by outcome' });
  await expect(requests.getByText(/\d+ requests? made in \d+ weeks?, by status now:/)).toBeVisible();
  // The period's figures say its days: Last 30 days counts 30, whatever weekday it began on.
  await expect(charts.getByRole('article', { name: 'Most and least used categories' })).toContainText('Of the 30 days');
  // A category is never both among the most and the least used.
  const usage = charts.getByRole('article', { name: 'Most and least used categories' }).getByRole('table');
  const ranked = await usage
    .getByRole('row')
    .evaluateAll((rows) =>
      rows.slice(1).map((r) => [r.querySelector('th')?.textContent ?? '', r.querySelectorAll('td')[0]?.textContent ?? '']),
    );
  const most = ranked.filter(([, rank]) => rank.startsWith('Most')).map(([name]) => name);
  expect(most.length).toBeGreaterThan(0);
  expect(ranked.filter(([name, rank]) => rank.startsWith('Least') && most.includes(name))).toEqual([]);
  // Half-width cards: the headings wrap between words only ("Awaiting verification", never "Pen/ding").
  expect(await headingsBrokenInWords(page, 'Charts')).toEqual([]);
  await expect(charts.getByRole('article', { name: 'Most and least used items' }).getByRole('rowheader').first()).toBeVisible();
  await expect(
    charts.getByRole('article', { name: 'Repairs opened and closed per week' }).getByText(/\d+ repairs? reported/),
  ).toBeVisible();
  await expectAccessible(page);

  // The term: more weeks, the same charts.
  await charts.getByText('This term').click();
  await expect(requests.getByText(/in \d+ weeks/)).toBeVisible();
  const weeks = await requests.getByRole('table').getByRole('row').count();
  expect(weeks).toBeGreaterThan(5);
  await charts.getByText('Last 90 days').click();
  // Whole weeks, Monday to Sunday, from the week of the period's first day: a row each, and the header.
  const today = todayIn('Asia/Manila');
  const from = weekOf(addDays(today, -89)).start;
  await expect(requests.getByRole('table').getByRole('row')).toHaveCount(Math.floor(daysBetween(from, today) / 7) + 2);

  await page.setViewportSize({ width: 360, height: 800 });
  await requests.evaluate((el) => el.scrollIntoView());
  await expectNoHorizontalScroll(page);
  expect(await headingsBrokenInWords(page, 'Charts')).toEqual([]);
  await expectAccessible(page);
});

test('a personnel member charts their jobs per week and their rating', async ({ page }) => {
  await signIn(page, '/personnel-login', 'electrician@campus.test', 'personnel123');
  await page.goto('/personnel');
  const mine = await readCharts(page, 'My charts', ['My jobs per week', 'My rating']);
  await expect(mine.getByText(/[1-9]\d* jobs? assigned to you/)).toBeVisible();
  await expectAccessible(page);
  await page.setViewportSize({ width: 360, height: 800 });
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);
});

test('a borrower charts their requests and reports over time', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await signIn(page, '/login', 'faculty@campus.test', 'faculty123');
  await page.getByRole('button', { name: 'Continue to Dashboard' }).click();
  await expect(page).toHaveURL(/\/users$/);
  const own = await readCharts(page, 'My charts', ['My loans and reports over time']);
  await expect(own.getByText(/You made [1-9]\d* borrow requests?/)).toBeVisible();
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await expectAccessible(page);
});
