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
  await build({
    root,
    logLevel: 'warn',
    configFile: join(root, 'vite.config.ts'),
    ...(outDir ? { build: { outDir, emptyOutDir: true } } : {}),
  });
}
