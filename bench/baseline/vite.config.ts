import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from '../../vite.precompress.ts';

/**
 * The baseline is served by the bench's server under /baseline/, beside the back-office at /, so that
 * both load from one origin, one server and one API. The bench chooses the output folder.
 */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/baseline/',
  // Compressed at build time as the back-office is, and served by the same rules: the two travel alike.
  plugins: [react(), precompress()],
  build: {
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
  },
});
