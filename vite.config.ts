import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { availableParallelism } from 'node:os';
import { precompress } from './vite.precompress.ts';

/** See `codeSplitting` below: what every resource's list declaration and row actions share. */
const LIST_SHARED =
  /src[\\/]custom[\\/](crud[\\/]screensOf|tenancy[\\/]CopyToStructureButton)\.tsx?$|@mui[\\/]icons-material[\\/]esm[\\/]ContentCopy\.js$/;

const apiTarget = process.env.API_PROXY ?? `http://127.0.0.1:${process.env.PORT ?? 8080}`;

export default defineConfig({
  plugins: [react(), precompress()],
  resolve: {
    // react-admin's CSV writer loads on the first export, not with every list (src/custom/lazyJsonExport.ts).
    alias: [
      {
        find: /^jsonexport\/dist\/index\.js$/,
        replacement: fileURLToPath(new URL('./src/custom/lazyJsonExport.ts', import.meta.url)),
      },
    ],
  },
  server: {
    host: '127.0.0.1',
    proxy: { '/api': apiTarget },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        // What the first page needs comes in one file. Left alone, Rolldown splits out of the entry every
        // module a lazy screen shares with it: some 30 small files that all block the first render.
        codeSplitting: {
          groups: [
            { name: 'app', tags: ['$initial'] },
            // Small modules the lists' rows paint, shared by several lazy screens: left alone, each would be a
            // file of its own that the first list waits for. They weigh under a kilobyte.
            { name: 'list-shared', test: LIST_SHARED },
          ],
        },
      },
    },
  },
  test: {
    include: ['tests/{unit,component,api,security}/**/*.test.{ts,tsx}'],
    environment: 'node',
    pool: 'forks',
    // Vitest's default is one worker fewer than the cores: one worker on CI's two, the other core idle.
    maxWorkers: availableParallelism(),
    testTimeout: 30_000,
    hookTimeout: 120_000,
    globalSetup: ['tests/api/globalSetup.ts'],
    setupFiles: ['tests/support/domTimeouts.ts'],
  },
});
