import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { openPglite, openPostgres, type Database } from '../../../server/db/database.ts';
import { PLATFORM } from '../../../server/db/scope.ts';
import { prepareDatabase } from '../../../server/prepareDatabase.ts';
import { LocalFileStorage } from '../../../server/storage/localFiles.ts';
import { copyPostgresTemplate, dropPostgresDatabase } from './testApp.ts';

/** A platform as a new installation has it: the schema migrated, no row of anyone, no file. */
export interface EmptyPlatform {
  /** As the application's role, which row-level security binds. */
  appDb: Database;
  /** Its view on the platform's scope (`exec` runs as the tables' owner). */
  db: Database;
  /** Its DATA_DIR: the files are in its `files` folder. */
  dataDir: string;
  files: LocalFileStorage;
  close(): Promise<void>;
}

/** A database of its own (PGlite or, in the PostgreSQL run, a new database of the test cluster). */
export async function openEmptyPlatform(): Promise<EmptyPlatform> {
  const template = inject('testDatabase');
  const dir = await mkdtemp(join(tmpdir(), 'empty-platform-'));
  let appDb: Database;
  let drop = async () => {};
  if (template.kind === 'postgresql') {
    const name = `empty_${process.pid}_${randomBytes(4).toString('hex')}`;
    const adminUrl = `${template.baseUrl}/postgres`;
    // template0: nothing of the seeded template, nor of what a test left in template1.
    await copyPostgresTemplate(adminUrl, 'template0', name);
    appDb = await openPostgres(`${template.baseUrl}/${name}`, 2);
    drop = () => dropPostgresDatabase(adminUrl, name);
  } else appDb = await openPglite(join(dir, 'pglite'));
  await prepareDatabase(appDb);
  return {
    appDb,
    db: appDb.scoped(PLATFORM),
    dataDir: join(dir, 'data'),
    files: new LocalFileStorage(join(dir, 'data')),
    close: async () => {
      await appDb.close();
      await drop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
