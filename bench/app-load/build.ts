import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';

export interface Build {
  dir: string;
  ms: number;
  /** Each emitted JS file (`assets/x.js`) with what it holds: its source module, or the chunk's name. */
  chunks: Map<string, string>;
}

interface ManifestEntry {
  file: string;
  name?: string;
  src?: string;
}

function chunksOf(dir: string): Map<string, string> {
  const manifest = JSON.parse(readFileSync(join(dir, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    ManifestEntry
  >;
  return new Map(Object.values(manifest).map((entry) => [entry.file, entry.src ?? entry.name ?? entry.file]));
}

/**
 * `vite build` of one config into `outDir`, with the manifest: it names what each chunk holds, for the
 * report of what loads before the first row. The manifest changes no emitted JS.
 */
export async function viteBuild(configFile: string, outDir: string): Promise<Build> {
  const { build } = await import('vite');
  const started = performance.now();
  // Each config's folder is its root (vite.config.ts at the project's, the baseline's in bench/baseline).
  await build({
    root: dirname(configFile),
    configFile,
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, manifest: true },
  });
  return { dir: outDir, ms: performance.now() - started, chunks: chunksOf(outDir) };
}
