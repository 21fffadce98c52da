import { expect, test } from './clock';
import { expectAccessible } from './support';

// The check every journey leans on: it must see a violation when there is one, and pass a page without.

test('the accessibility check fails on a field without a label and passes once it has one', async ({ page }) => {
  const html = (field: string) =>
    `<!doctype html><html lang="en"><head><title>Check</title></head><body><main><h1>Check</h1>${field}</main></body></html>`;
  await page.setContent(html('<input type="text">'));
  await expect(expectAccessible(page)).rejects.toThrow(/label/);
  await page.setContent(html('<label>Name <input type="text"></label>'));
  await expectAccessible(page);
});
