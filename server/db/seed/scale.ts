import type { Database } from '../database.ts';
import { ident } from '../../shared/sql.ts';

// Common French given names and surnames. A prime-sized pair of lists (53 × 59) makes the
// (first, last) pair cycle only every 3127 rows, so neighbouring rows do not look alike.
const FIRST_NAMES = [
  'Léa', 'Hugo', 'Chloé', 'Lucas', 'Manon', 'Louis', 'Emma', 'Gabriel', 'Inès', 'Jules', 'Camille', 'Arthur',
  'Sarah', 'Nathan', 'Jade', 'Raphaël', 'Louise', 'Théo', 'Zoé', 'Tom', 'Alice', 'Mathis', 'Lina', 'Enzo',
  'Juliette', 'Paul', 'Anaïs', 'Maxime', 'Clara', 'Antoine', 'Margaux', 'Thomas', 'Élise', 'Nicolas', 'Pauline',
  'Julien', 'Océane', 'Mathieu', 'Laura', 'Quentin', 'Céline', 'Romain', 'Hélène', 'François', 'Amélie', 'Benoît',
  'Margot', 'Clément', 'Noémie', 'Jérôme', 'Agathe', 'Cédric', 'Maëlle',
];
const LAST_NAMES = [
  'Martin', 'Bernard', 'Thomas', 'Petit', 'Robert', 'Richard', 'Durand', 'Dubois', 'Moreau', 'Laurent', 'Simon',
  'Michel', 'Lefèvre', 'Leroy', 'Roux', 'David', 'Bertrand', 'Morel', 'Fournier', 'Girard', 'Bonnet', 'Dupont',
  'Lambert', 'Fontaine', 'Rousseau', 'Vincent', 'Muller', 'Lefebvre', 'Faure', 'André', 'Mercier', 'Blanc',
  'Guérin', 'Boyer', 'Garnier', 'Chevalier', 'François', 'Legrand', 'Gauthier', 'Garcia', 'Perrin', 'Robin',
  'Clément', 'Morin', 'Nicolas', 'Henry', 'Roussel', 'Mathieu', 'Gautier', 'Masson', 'Marchand', 'Duval',
  'Le Gall', 'Denis', 'Dumont', 'Marie', 'Lemaire', 'Noël', 'Meyer',
];

/** Rows per INSERT: large enough that statement overhead vanishes, small enough to keep memory flat on PGlite. */
const BATCH = 25_000;

const sqlArray = (values: string[]) => `ARRAY[${values.map((value) => `'${value.replace(/'/g, "''")}'`).join(', ')}]::text[]`;

// Emails are ASCII: accents folded, spaces dropped ("Le Gall" -> "legall").
const emailPart = (column: string) =>
  `replace(translate(lower(${column}), 'àâäéèêëîïôöùûüçÉ', 'aaaeeeeiioouuuce'), ' ', '')`;

/**
 * Adds `options.users` synthetic users with a few set-based statements (generate_series), for load tests and
 * benchmarks: French names, unique `prenom.nom.<n>@exemple.fr` addresses, no password (they never log in).
 */
export async function seedScale(db: Database, options: { users: number }): Promise<{ users: number; ms: number }> {
  const total = options.users;
  if (!Number.isSafeInteger(total) || total < 0) throw new Error(`users must be a non-negative integer, not ${total}.`);
  const started = performance.now();
  // Numbering on from the highest id keeps addresses unique when the seed is run again on the same base.
  await db.transaction(async (tx) => {
    // A commit with synchronous_commit off (as in throw-away test clusters) leaves the hint bits unset until
    // the WAL is flushed, and VACUUM then refuses to mark the pages all-visible: no index-only scans after.
    await tx.query('SET LOCAL synchronous_commit = on');
    // Numbering on from the highest id keeps addresses unique when the seed is run again on the same base.
    const [{ base, existing }] = await tx.query<{ base: number; existing: number }>(
      'SELECT coalesce(max(id), 0)::int8 AS base, count(*)::int8 AS existing FROM users',
    );
    // Building an index once over the loaded rows costs about half of keeping it up to date row by row
    // (the trigram index most of all), so a load larger than the table rebuilds the secondary indexes.
    // It all happens in this one transaction: an interrupted seed leaves neither rows nor missing indexes.
    const rebuilt =
      total > Number(existing)
        ? await tx.query<{ name: string; definition: string }>(
            `SELECT c.relname AS name, pg_get_indexdef(i.indexrelid) AS definition
               FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
              WHERE i.indrelid = 'users'::regclass
                AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid)`,
          )
        : [];
    for (const index of rebuilt) await tx.query(`DROP INDEX ${ident(index.name)}`);
    const first = sqlArray(FIRST_NAMES);
    const last = sqlArray(LAST_NAMES);
    for (let from = 1; from <= total; from += BATCH) {
      const to = Math.min(from + BATCH - 1, total);
      // Multiplicative hashes of n (Knuth's constant) spread the choices and dates without random(),
      // so two runs produce the same data.
      await tx.query(
        `INSERT INTO users (email, first_name, last_name, type, roles, enabled, locale, created_at, updated_at)
         SELECT ${emailPart('f')} || '.' || ${emailPart('l')} || '.' || n || '@exemple.fr',
                f, l,
                CASE WHEN h % 10 = 0 THEN 'admin' ELSE 'contributor' END,
                CASE WHEN h % 50 = 0 THEN ARRAY['ROLE_ADMIN'] ELSE ARRAY['ROLE_USER'] END,
                h % 20 <> 7,
                CASE WHEN h % 8 = 3 THEN 'en' ELSE 'fr' END,
                created,
                least(created + (h % 90) * interval '1 day', now())
           FROM (
             SELECT n, h,
                    (${first})[1 + n % ${FIRST_NAMES.length}] AS f,
                    (${last})[1 + (n / 7 + h) % ${LAST_NAMES.length}] AS l,
                    now() - ((n * 40503) % 63072000) * interval '1 second' AS created
               FROM (SELECT n, (n * 2654435761) % 1000003 AS h
                       FROM generate_series($1::int8, $2::int8) AS n) AS numbered
           ) AS named`,
        [Number(base) + from, Number(base) + to],
      );
    }
    for (const index of rebuilt) await tx.query(index.definition);
  });
  // Index-only scans need the visibility map, and the planner needs statistics: both come from VACUUM ANALYZE.
  // It must run outside a transaction, hence on its own.
  await db.exec('VACUUM ANALYZE users');
  return { users: total, ms: Math.round(performance.now() - started) };
}
