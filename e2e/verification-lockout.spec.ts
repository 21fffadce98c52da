import { expect, test } from './clock';
import { MSG } from '../core/messages';
import { JOURNEY_PASSWORD, JOURNEY_PEOPLE } from './journeyData';
import { codeFromMail, expectAccessible, expectNoHorizontalScroll, signIn } from './support';

const { email } = JOURNEY_PEOPLE.lockedOut;

/** Types a wrong code until the screen says this code's attempts are spent. */
async function spendAttempts(page: import('@playwright/test').Page, right: string) {
  const wrong = right === '000000' ? '111111' : '000000';
  for (let left = 4; left >= 0; left--) {
    await page.getByLabel('Verification code').fill(wrong);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('status').filter({ hasText: left ? `${left} verification attempt` : MSG.noAttemptsLeft })).toBeVisible();
  }
}

test('a verification lockout is said with its time left before any code is sent, with Verify and Resend off, after a reload too', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(page, '/login', email, JOURNEY_PASSWORD);
  await expect(page).toHaveURL(/\/verify-email$/);
  // The hour's tries: five on the first code, five on a second one.
  await spendAttempts(page, await codeFromMail(page, email));
  // A new code may be asked for a minute after the last one was sent.
  await expect(async () => {
    await page.getByRole('button', { name: 'Resend Code' }).click();
    await expect(page.getByRole('status').filter({ hasText: MSG.noAttemptsLeft })).toHaveCount(0, { timeout: 2000 });
  }).toPass({ intervals: [5000], timeout: 90_000 });
  await spendAttempts(page, await codeFromMail(page, email));

  for (const reloaded of [false, true]) {
    if (reloaded) await page.reload();
    if (!reloaded) await page.getByRole('button', { name: 'Resend Code' }).click();
    const notice = page.getByRole('status').filter({ hasText: MSG.verificationLockedTitle });
    await expect(notice).toBeVisible();
    await expect(notice).toContainText(/Please try again in \d+ minutes?\./);
    await expect(page.getByRole('button', { name: 'Verify' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Resend Code' })).toBeDisabled();
  }
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);
});
