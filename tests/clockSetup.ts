// Each test file's process on the run's set clock (TEST_NOW; tests/testClock.ts): a no-op without it.
import { setTestClock } from './testClock';

setTestClock();
