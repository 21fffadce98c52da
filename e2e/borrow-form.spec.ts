import { expect, test, type Page } from './clock';
import { PURPOSE_MAX } from '../core/borrowing/rules';
import { MSG } from '../core/messages';
import { addDays, todayIn } from '../core/time';
import { apiAs, fileRequest } from './fixtures';
import { addItemsToCart, expectAccessible, signIn } from './support';

// The borrow form on a phone and with a long cart.

async function signInStudent(page: Page) {
  await signIn(page, '/login', 'cbautista@campus.test', 'student123');
  await page.getByRole('button', { name: 'Continue to Dashboard' }).click();
  await expect(page).toHaveURL(/\/users$/);
}

/** Adds the first `n` borrowable items of the list to the cart. */
async function fillCart(page: Page, n: number) {
  await page.goto('/users/borrow-item');
  await addItemsToCart(page, n);
}

test('at 360 px the Review request button leads to the form and never covers Submit Request', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signInStudent(page);
  await fillCart(page, 3);
  const review = page.getByRole('button', { name: /^Review request \(\d+\)$/ });
  await expect(review).toBeVisible();
  await review.click();
  const submit = page.getByRole('button', { name: 'Submit Request' });
  await submit.scrollIntoViewIfNeeded();
  await expect(submit).toBeInViewport();
  await expect(review).toBeHidden();
  // Whatever is drawn at the middle of Submit Request is Submit Request, once the page has settled after the scroll.
  await expect
    .poll(async () => {
      const box = (await submit.boundingBox())!;
      return page.evaluate(
        ([x, y]) => document.elementFromPoint(x, y)?.closest('button')?.textContent ?? null,
        [box.x + box.width / 2, box.y + box.height / 2],
      );
    })
    .toContain('Submit Request');
  await expectAccessible(page);
});

test('with a long cart a missing purpose is scrolled to, focused and marked; the purpose counts to its limit', async ({ page }) => {
  await signInStudent(page);
  await fillCart(page, 8);
  const purpose = page.getByRole('textbox', { name: 'Purpose' });
  await expect(page.getByText(`0/${PURPOSE_MAX} characters`)).toBeVisible();
  await page.getByRole('button', { name: 'Submit Request' }).click();
  const message = page.getByRole('alert').filter({ hasText: MSG.borrowRequiredFields });
  await expect(message).toBeInViewport();
  await expect(page.locator(':focus')).toContainText(MSG.borrowRequiredFields);
  await expect(purpose).toHaveAttribute('aria-invalid', 'true');

  // The counter follows the text, and the field takes no more than the limit.
  await purpose.fill('x'.repeat(PURPOSE_MAX + 25));
  await expect(purpose).toHaveValue('x'.repeat(PURPOSE_MAX));
  await expect(page.getByText(`${PURPOSE_MAX}/${PURPOSE_MAX} characters`)).toBeVisible();
});

test('a quantity typed as "-3", "2.5" or more than is in stock stays as typed and is refused in words', async ({ page }) => {
  await signInStudent(page);
  await fillCart(page, 1);
  await page.getByRole('textbox', { name: 'Purpose' }).fill('Quantity check');
  const today = todayIn('Asia/Manila');
  await page.getByLabel('Date needed').fill(addDays(today, 1));
  await page.getByLabel('Expected return date').fill(addDays(today, 2));
  const quantity = page.locator('form[aria-labelledby="cart-title"]').getByRole('textbox').first();
  const available = Number(
    (await page
      .getByText(/^Up to \d+$/)
      .first()
      .textContent())!.replace('Up to ', ''),
  );
  const submit = page.getByRole('button', { name: 'Submit Request' });
  for (const typed of ['-3', '2.5']) {
    await quantity.fill(typed);
    await quantity.blur();
    await expect(quantity).toHaveValue(typed);
    await submit.click();
    await expect(page.getByRole('alert').filter({ hasText: MSG.quantityInvalid })).toBeVisible();
    await expect(quantity).toHaveAttribute('aria-invalid', 'true');
  }
  await quantity.fill(String(available + 1));
  await quantity.blur();
  await expect(quantity).toHaveValue(String(available + 1));
  await submit.click();
  await expect(page.getByRole('alert').filter({ hasText: `Please request between 1 and ${available}.` })).toBeVisible();
  await expectAccessible(page);
  // Nothing was sent.
  await expect(page.getByRole('dialog', { name: MSG.requestSubmitted })).toHaveCount(0);
});

test('the cart and the purpose stay when the person leaves Borrow and comes back', async ({ page }) => {
  await signInStudent(page);
  await fillCart(page, 2);
  await page.getByRole('textbox', { name: 'Purpose' }).fill('Org booth at the fair');
  await page.getByRole('link', { name: 'User Dashboard' }).click();
  await expect(page).toHaveURL(/\/users$/);
  await page.getByRole('link', { name: 'Borrow', exact: true }).click();
  await expect(page.getByText(/^2 items, \d+ units?$/)).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Purpose' })).toHaveValue('Org booth at the fair');
});

test('the cancel dialog offers Keep request and Cancel request, and keeping it changes nothing', async ({ page }) => {
  const { code } = await fileRequest(await apiAs('cbautista@campus.test', 'student123', 'user'), [['Broom', 1]], 'Hallway sweep (kept)');
  await signInStudent(page);
  await page.goto(`/users/requests?q=${code}`);
  const card = page.locator('.mantine-Card-root', { has: page.getByText(code, { exact: true }) });
  await card.getByRole('button', { name: 'Cancel' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('button', { name: 'Keep request' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Cancel request' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Cancel', exact: true })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Keep request' }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByText('Pending', { exact: true })).toBeVisible();
});
