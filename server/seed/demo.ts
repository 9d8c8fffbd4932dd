import type { FileStorage } from '../storage/fileStorage.ts';
import type { Database } from '../db/database.ts';
import { PLATFORM } from '../db/scope.ts';
import { hashPassword } from '../auth/passwords.ts';
import { must, Random } from './demo/bulk.ts';
import { seedCatalog } from './demo/catalog.ts';
import { seedComments } from './demo/comments.ts';
import { demoFiles, insertDocuments, writeDemoFiles } from './demo/files.ts';
import { seedKnowledge } from './demo/knowledge.ts';
import { seedLearning } from './demo/learning.ts';
import { seedFollowUp } from './demo/followUp.ts';
import { refreshLearningAggregates } from '../learning/aggregates.ts';
import { seedNotificationTemplates } from './demo/notifications.ts';
import { ACADEMY, MOREL, seedPeople } from './demo/people.ts';
import { seedReference, seedStructureLabels } from './demo/reference.ts';
import { seedSupport } from './demo/support.ts';

/**
 * The demo accounts README.md and the start-up banner list; all share DEMO_PASSWORD. `structure`: the
 * structure they belong to (none for platform staff). Tests find an account by its role: the first of each
 * role is the one they sign in as.
 */
export const DEMO_PASSWORD = 'Demo2026!';
export const DEMO_ACCOUNTS = [
  {
    email: 'superadmin@demo.fr',
    firstName: 'Sophie',
    lastName: 'Martin',
    roles: ['ROLE_SUPER_ADMIN'],
    type: 'admin',
    structure: null,
  },
  {
    email: 'admin@demo.fr',
    firstName: 'Antoine',
    lastName: 'Durand',
    roles: ['ROLE_ADMIN'],
    type: 'admin',
    structure: ACADEMY,
  },
  {
    email: 'contributeur@demo.fr',
    firstName: 'Camille',
    lastName: 'Bernard',
    roles: ['ROLE_USER'],
    type: 'contributor',
    structure: ACADEMY,
  },
  {
    email: 'admin@transports-morel.fr',
    firstName: 'Sandrine',
    lastName: 'Morel',
    roles: ['ROLE_ADMIN'],
    type: 'admin',
    structure: MOREL,
  },
] as const;

export async function isEmpty(db: Database): Promise<boolean> {
  const [row] = await db.query<{ n: number }>(`SELECT n FROM row_totals WHERE table_name = 'users'`);
  return Number(row?.n ?? 0) === 0;
}

/**
 * Fills an empty database with a French demo platform covering every resource, in one transaction.
 * Files are written first (a failed transaction only leaves unreferenced files behind); the data is
 * deterministic, with dates relative to now() so the demo always looks recent.
 */
export async function seedDemo(db: Database, options: { files: FileStorage }): Promise<void> {
  // scrypt runs on the libuv pool: hashing once overlaps with drawing and writing the demo files.
  const hashing = hashPassword(DEMO_PASSWORD);
  const files = demoFiles();
  await writeDemoFiles(options.files, files);
  const passwordHash = await hashing;
  const random = new Random(2026);

  // The platform's own work: every structure's rows, as the server's role writes them.
  await db.scoped(PLATFORM).transaction(async (tx) => {
    const refs = await seedReference(tx);
    const people = await seedPeople(tx, random, DEMO_ACCOUNTS, passwordHash, refs.accessRights);
    await seedStructureLabels(tx, refs, people.companies);
    const documents = await insertDocuments(tx, files, people.users);
    const catalog = await seedCatalog(tx, random, refs, documents, people.companies);
    // Courses are written published before their content: their live versions are made from it now.
    await tx.query(`SELECT publish_course_live(id) FROM courses WHERE status = 'published'`);
    await seedLearning(tx, random, people, catalog, options.files);
    await seedFollowUp(tx, people, catalog, refs.tags);
    await seedComments(tx, catalog, people.users);
    const companyOf = new Map(
      people.specs.flatMap((spec) =>
        spec.company === null ? [] : [[spec.email, must(people.companies, spec.company)] as const],
      ),
    );
    await seedSupport(
      tx,
      people.users,
      new Map(catalog.courses.map((course) => [course.spec.title, course.id])),
      companyOf,
    );
    await seedNotificationTemplates(tx);
    await seedKnowledge(tx, refs.tags);
  });
  // The reports' figures are true from the first start, before the periodic job's first turn.
  await refreshLearningAggregates(db);
}
