import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

/**
 * The development page of API Platform's admin over our API (docs-admin/), built apart from the product:
 * `npm run dev` serves it at /docs-admin/ (Vite serves every page of the project), and this config builds
 * it alone for the browser test. vite.config.ts builds index.html only, so the product bundle never has it.
 */
export default defineConfig({
  plugins: [react()],
  root: fileURLToPath(new URL('./docs-admin', import.meta.url)),
  base: '/docs-admin/',
  build: {
    outDir: fileURLToPath(new URL('./.tmp/docs-admin', import.meta.url)),
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 5000,
  },
});
