import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres, type Database } from '../../server/db/database.ts';
import { prepareDatabase } from '../../server/prepareDatabase.ts';
import { seedDemo } from '../../server/seed/demo.ts';
import { LocalFileStorage } from '../../server/storage/localFiles.ts';
import { startPostgresCluster, type PostgresCluster } from '../support/postgresCluster.ts';
import { DATA_FOLDER, PGLITE_FOLDER, wantsPostgres } from './support/template.ts';

async function migrateAndSeed(db: Database, dataDir: string): Promise<void> {
  try {
    await prepareDatabase(db);
    await seedDemo(db, { files: new LocalFileStorage(dataDir) });
  } finally {
    await db.close();
  }
}

/**
 * Once per run: one migrated and seeded template database that every API test file copies
 * (PGlite's first start costs seconds; a PostgreSQL template copy costs milliseconds).
 */
export default async function setup(project: TestProject) {
  const root = await mkdtemp(join(tmpdir(), 'api-template-'));
  const dataDir = join(root, DATA_FOLDER);
  await mkdir(dataDir, { recursive: true });
  let cluster: PostgresCluster | undefined;
  try {
    if (wantsPostgres()) {
      cluster = await startPostgresCluster();
      const baseUrl = cluster.url.replace(/\/postgres$/, '');
      const template = 'api_template';
      const admin = new pg.Client({ connectionString: cluster.url });
      await admin.connect();
      try {
        await admin.query(`CREATE DATABASE ${template}`);
      } finally {
        await admin.end();
      }
      await migrateAndSeed(await openPostgres(`${baseUrl}/${template}`, 2), dataDir);
      project.provide('testDatabase', { kind: 'postgresql', root, baseUrl, template });
    } else {
      await migrateAndSeed(await openPglite(join(root, PGLITE_FOLDER)), dataDir);
      project.provide('testDatabase', { kind: 'pglite', root });
    }
  } catch (error) {
    cluster?.stop();
    await rm(root, { recursive: true, force: true });
    throw error;
  }

  return async () => {
    try {
      cluster?.stop();
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  };
}
