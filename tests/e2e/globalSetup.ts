import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { appBuildIsStale, buildApp } from '../../server/build.ts';
import { openPglite } from '../../server/db/database.ts';
import { prepareDatabase } from '../../server/prepareDatabase.ts';
import { seedDemo } from '../../server/seed/demo.ts';
import { LocalFileStorage } from '../../server/storage/localFiles.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated, seeded PGlite data folder; each test file's server runs on a copy of it. */
    e2eTemplateDir: string;
    /** The built app the servers serve: `dist/`, or `E2E_DIST_DIR` so parallel runs do not share a build. */
    e2eDistDir: string;
  }
}

const root = fileURLToPath(new URL('../../', import.meta.url));
const cacheDir = join(root, '.tmp', 'e2e');

const distDir = process.env.E2E_DIST_DIR ? join(root, process.env.E2E_DIST_DIR) : join(root, 'dist');

async function buildIfStale(): Promise<void> {
  if (!appBuildIsStale(root, distDir)) return;
  const started = Date.now();
  await buildApp(root, distDir);
  console.log(`e2e: app built in ${Date.now() - started} ms`);
}

function filesUnder(path: string): string[] {
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path)
    .sort()
    .flatMap((entry) => filesUnder(join(path, entry)));
}

/** What the template's content depends on: the database code, migrations and seed, and PGlite's version. */
function templateKey(): string {
  const hash = createHash('sha256');
  // The schema, the seed, and the row-level security derived from the resources' declarations.
  const sources = [
    join(root, 'server', 'db'),
    join(root, 'server', 'auth', 'passwords.ts'),
    join(root, 'server', 'prepareDatabase.ts'),
    join(root, 'server', 'resources'),
    join(root, 'src', 'domain'),
  ].filter(existsSync);
  for (const file of sources.flatMap(filesUnder)) hash.update(relative(root, file)).update(readFileSync(file));
  hash.update(readFileSync(join(root, 'node_modules', '@electric-sql', 'pglite', 'package.json')));
  return hash.digest('hex').slice(0, 16);
}

/**
 * PGlite's first start of a data folder (initdb in WebAssembly) takes from 5 s to half a minute on
 * 2 busy cores; opening an existing one takes a second or two. So the migrated, seeded folder is
 * made once, kept under .tmp/e2e/ while its sources do not change, and every test file copies it.
 */
async function seededTemplate(): Promise<string> {
  const key = templateKey();
  const templateDir = join(cacheDir, `template-${key}`);
  if (existsSync(templateDir)) return templateDir;
  const started = Date.now();
  await mkdir(cacheDir, { recursive: true });
  const partial = `${templateDir}.partial-${process.pid}`;
  await rm(partial, { recursive: true, force: true });
  const db = await openPglite(partial);
  try {
    await prepareDatabase(db);
    await seedDemo(db, { files: new LocalFileStorage(partial) });
  } finally {
    await db.close();
  }
  // Older templates are dead weight; a run still building one (`.partial-`) is left alone.
  for (const entry of await readdir(cacheDir))
    if (entry.startsWith('template-') && !entry.includes('.partial-'))
      await rm(join(cacheDir, entry), { recursive: true, force: true });
  await rename(partial, templateDir);
  console.log(`e2e: template database created in ${Date.now() - started} ms`);
  return templateDir;
}

export default async function setup(project: TestProject) {
  // Failure artefacts are this run's only.
  await rm(join(root, 'test-results', 'e2e'), { recursive: true, force: true });
  const [, templateDir] = await Promise.all([buildIfStale(), seededTemplate()]);
  project.provide('e2eTemplateDir', templateDir);
  project.provide('e2eDistDir', distDir);
}
