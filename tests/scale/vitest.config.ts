import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * The multi-process suite (`npm run test:scale`, a step of .ci/run, never part of `npm test`): each file
 * starts a deployment of its own (PostgreSQL, an S3 stand-in, server processes behind HAProxy), so files
 * run one after another.
 */
export default defineConfig({
  root: fileURLToPath(new URL('../../', import.meta.url)),
  test: {
    include: ['tests/scale/**/*.scale.test.ts'],
    environment: 'node',
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 240_000,
    teardownTimeout: 60_000,
  },
});
