import os from 'node:os';
import { defineConfig } from 'vitest/config';
import { setTestClock } from './tests/testClock';

// TEST_NOW: the tests as if it were then (tests/testClock.ts); read here first, so every test process shares one offset.
setTestClock();

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // The API tests spend much of their time waiting on their database and their app's sockets, so one file more
    // than there are cores keeps the machine busy (vitest's default, one fewer, ran them one at a time on 2 cores).
    maxWorkers: os.availableParallelism() + 1,
    globalSetup: ['tests/globalSetup.ts'],
    setupFiles: ['tests/clockSetup.ts'],
  },
});
