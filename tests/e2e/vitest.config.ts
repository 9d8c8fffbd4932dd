import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** Browser tests: each file starts the real server and a headless Chromium (see harness.ts). */
export default defineConfig({
  root: fileURLToPath(new URL('../../', import.meta.url)),
  test: {
    include: ['tests/e2e/**/*.e2e.test.ts'],
    environment: 'node',
    globalSetup: ['tests/e2e/globalSetup.ts'],
    pool: 'forks',
    // Each file runs a server and a browser: on 2 cores, one file at a time is the fastest.
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    teardownTimeout: 30_000,
    // A list answers after a debounce and a request: more than expect.poll's default second on a busy machine.
    expect: { poll: { timeout: 10_000 } },
  },
});
