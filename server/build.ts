import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

function newestChange(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestChange(join(path, entry)));
  return newest;
}

/** True when dist/ is missing or older than a source of the app, so `npm start` must build first. */
export function appBuildIsStale(root: string, distDir: string): boolean {
  const index = join(distDir, 'index.html');
  if (!existsSync(index)) return true;
  const built = statSync(index).mtimeMs;
  const sources = ['src', 'index.html', 'vite.config.ts', 'package.json', 'public'].map((name) => join(root, name));
  return sources.some((source) => existsSync(source) && newestChange(source) > built);
}

/** Builds the app into `outDir` (vite.config.ts's own, `dist/`, unless told otherwise). */
export async function buildApp(root: string, outDir?: string): Promise<void> {
  const { build } = await import('vite');
  // Vite builds React's development bundle when NODE_ENV says so, and a test runner sets it to "test":
  // the browser tests would then drive a slower app than the one users get, with Strict Mode's double effects.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      root,
      mode: 'production',
      logLevel: 'warn',
      configFile: join(root, 'vite.config.ts'),
      ...(outDir ? { build: { outDir, emptyOutDir: true } } : {}),
    });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}
