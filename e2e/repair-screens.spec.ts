// Repairs on a phone and the screens around them: the personnel's board starts its first card near the top
// (compact counters), a refused photo's message leaves once a good photo replaces it, a unit in repair says
// Damaged and links to its repair, and the borrower's request says what the return check found.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { MSG } from '../core/messages';
import { apiAs, electricianRepair, fileRequest, officeApi, returnWithProof } from './fixtures';
import { expectAccessible, expectNoHorizontalScroll, PNG, signIn } from './support';

const PHONE = { width: 360, height: 740 };
const shot = (page: Page, name: string) => page.screenshot({ path: `/tmp/rb-shots/${name}.png`, fullPage: false });

async function phonePage(browser: Browser, path: string, login: string, password: string) {
  const page = await (await browser.newContext({ viewport: PHONE })).newPage();
  await signIn(page, path, login, password);
  return page;
}

test("the personnel's repair board starts its first card near the top on a phone", async ({ browser }) => {
  const building = `Phone Hall ${Date.now().toString(36)}`;
  await electricianRepair(building, false);
  const page = await phonePage(browser, '/personnel-login', 'electrician@campus.test', 'personnel123');
  await expect(page).toHaveURL(/\/personnel$/);
  await page.goto('/personnel/maintenance-repairs');
  const first = page.locator('article').first();
  await expect(first).toBeVisible();
  const top = (await first.boundingBox())!.y + (await page.evaluate(() => window.scrollY));
  expect(top, 'the first card starts about as high as on Requests and Borrow').toBeLessThan(700);
  for (const label of ['Assigned to Me', 'Pending', 'In Progress', 'Completed', 'High Priority'])
    await expect(page.getByText(label, { exact: true }).first()).toBeVisible();
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);
  await shot(page, 'board-360');
  await page.setViewportSize({ width: 1280, height: 800 });
  await shot(page, 'board-1280');
});
