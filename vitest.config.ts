import os from 'node:os';
import { defineConfig } from 'vitest/config';
import { setTestClock } from './tests/testClock';
import LongestFirst from './tests/sequencer';

// TEST_NOW: the tests as if it were then (tests/testClock.ts); read here first, so every test process shares one offset.
setTestClock();

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Each worker process runs file after file without loading the app's modules afresh for each: loading them (the
    // server, its database drivers and libraries) cost each file about 2 s of CPU, which on two cores was a quarter
    // of the run (docs/performance.md, Test run). What a process keeps of a database is kept per database
    // (perDatabase in server/lib/listCache.ts), so one file's apps never read another's.
    isolate: false,
    // The longest files first, so that none of them is left running alone at the end (tests/sequencer.ts).
    sequence: { sequencer: LongestFirst },
    // The API tests spend much of their time waiting on their database and their app's sockets, so one file more
    // than there are cores keeps the machine busy (vitest's default, one fewer, ran them one at a time on 2 cores).
    maxWorkers: os.availableParallelism() + 1,
    globalSetup: ['tests/globalSetup.ts'],
    setupFiles: ['tests/clockSetup.ts'],
  },
});
