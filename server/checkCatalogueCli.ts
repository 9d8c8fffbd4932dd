import { loadConfig } from './config.ts';
import { openDatabase, type Database } from './db/database.ts';
import { prepareDatabase } from './prepareDatabase.ts';
import { privateCatalogueReferences } from './resources/catalogueReferences.ts';

/**
 * `npm run check:catalogue`: lists the catalogue rows that name a structure's own row (or the platform's
 * private file), which the database refuses since its guards exist but which rows written before them may
 * hold; exits 1 when there is any, so that it can run in a deployment's checks. Reads as the tables' owner,
 * past row-level security: every structure's rows.
 */
const config = loadConfig();
let db: Database | undefined;
try {
  db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await prepareDatabase(db);
  const found = await privateCatalogueReferences(db);
  if (found.length === 0) console.log('Le catalogue ne nomme aucun élément propre à une structure.');
  else {
    console.log(`${found.length} référence(s) du catalogue vers un élément propre à une structure :`);
    for (const row of found)
      console.log(`  /api/${row.resource}/${row.id} (« ${row.field} ») → /api/${row.target}/${row.targetId}`);
    process.exitCode = 1;
  }
} catch (error) {
  console.error(`Échec de la vérification : ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await db?.close();
}
