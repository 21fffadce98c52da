// The journeys' Playwright, on the run's set clock (tests/testClock.ts, docs/decisions/test-clock.md): every journey
// imports its `test` from here, so that with TEST_NOW its pages, like its server and its own code, read that time.
// Without TEST_NOW this is Playwright's own `test`.
import { test as base, type Browser } from '@playwright/test';
import { shiftDate, setTestClock } from '../tests/testClock';

export * from '@playwright/test';

const offset = setTestClock();

/** The machine's own time, by which the browser keeps its cookies (a Max-Age counts from it), set clock or not. */
export const machineNow = () => Date.now() - offset;

/** Each context this browser opens, the test's own and those a journey opens for a second person, reads the set time. */
export function onTestClock(browser: Browser): Browser {
  if (!offset) return browser;
  const open = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await open(options);
    await context.addInitScript(shiftDate, offset);
    return context;
  };
  return browser;
}

export const test = base.extend<object, { browser: Browser }>({
  browser: [async ({ browser }, use) => use(onTestClock(browser)), { scope: 'worker' }],
});
