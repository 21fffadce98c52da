/**
 * The tests' set clock (docs/decisions/test-clock.md): TEST_NOW, an instant such as 2026-11-28T10:00:00+08:00, runs
 * the journeys (their server, their browsers and the test code) or the API tests as if it were then, the time
 * flowing on from it. Every process of a run must read the same time, so the first one to read TEST_NOW (the
 * Playwright or Vitest configuration) turns it into an offset from the real clock, TEST_CLOCK_OFFSET, which the
 * processes it starts inherit. Without TEST_NOW, nothing changes.
 */

/** Milliseconds to add to the real clock in this run: 0 without TEST_NOW. */
export function testClockOffset(env: NodeJS.ProcessEnv = process.env): number {
  if (env.TEST_CLOCK_OFFSET) return Number(env.TEST_CLOCK_OFFSET);
  if (!env.TEST_NOW) return 0;
  const at = Date.parse(env.TEST_NOW);
  if (Number.isNaN(at)) throw new Error(`TEST_NOW is not a date and time: "${env.TEST_NOW}" (e.g. 2026-11-28T10:00:00+08:00)`);
  env.TEST_CLOCK_OFFSET = String(at - Date.now());
  return Number(env.TEST_CLOCK_OFFSET);
}

/**
 * Moves this JavaScript realm's Date by `offset` ms: `new Date()`, `Date()` and `Date.now()` read the moved time;
 * a Date made from a given value is as before. Self-contained, so that Playwright can run it in each page before
 * the page's own scripts. Timers are not touched: they measure durations, which the move does not change.
 */
export function shiftDate(offset: number): void {
  const Real = Date;
  if (!offset || (Real as { shifted?: boolean }).shifted) return;
  const now = () => Real.now() + offset;
  function Shifted(this: unknown, ...args: unknown[]) {
    if (!new.target) return new Real(now()).toString();
    return args.length ? new Real(...(args as [number])) : new Real(now());
  }
  Shifted.prototype = Real.prototype;
  Object.assign(Shifted, { now, parse: Real.parse, UTC: Real.UTC, shifted: true });
  globalThis.Date = Shifted as unknown as DateConstructor;
}

/** Puts this process on the run's clock (a no-op without TEST_NOW); answers the offset, for the pages it opens. */
export function setTestClock(): number {
  const offset = testClockOffset();
  shiftDate(offset);
  return offset;
}
