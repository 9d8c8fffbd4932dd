import type { Database } from '../db/database.ts';

// Common French given names and surnames. A prime-sized pair of lists (53 × 59) makes the
// (first, last) pair cycle only every 3127 rows, so neighbouring rows do not look alike.
export const FIRST_NAMES = [
  'Léa',
  'Hugo',
  'Chloé',
  'Lucas',
  'Manon',
  'Louis',
  'Emma',
  'Gabriel',
  'Inès',
  'Jules',
  'Camille',
  'Arthur',
  'Sarah',
  'Nathan',
  'Jade',
  'Raphaël',
  'Louise',
  'Théo',
  'Zoé',
  'Tom',
  'Alice',
  'Mathis',
  'Lina',
  'Enzo',
  'Juliette',
  'Paul',
  'Anaïs',
  'Maxime',
  'Clara',
  'Antoine',
  'Margaux',
  'Thomas',
  'Élise',
  'Nicolas',
  'Pauline',
  'Julien',
  'Océane',
  'Mathieu',
  'Laura',
  'Quentin',
  'Céline',
  'Romain',
  'Hélène',
  'François',
  'Amélie',
  'Benoît',
  'Margot',
  'Clément',
  'Noémie',
  'Jérôme',
  'Agathe',
  'Cédric',
  'Maëlle',
];
export const LAST_NAMES = [
  'Martin',
  'Bernard',
  'Thomas',
  'Petit',
  'Robert',
  'Richard',
  'Durand',
  'Dubois',
  'Moreau',
  'Laurent',
  'Simon',
  'Michel',
  'Lefèvre',
  'Leroy',
  'Roux',
  'David',
  'Bertrand',
  'Morel',
  'Fournier',
  'Girard',
  'Bonnet',
  'Dupont',
  'Lambert',
  'Fontaine',
  'Rousseau',
  'Vincent',
  'Muller',
  'Lefebvre',
  'Faure',
  'André',
  'Mercier',
  'Blanc',
  'Guérin',
  'Boyer',
  'Garnier',
  'Chevalier',
  'François',
  'Legrand',
  'Gauthier',
  'Garcia',
  'Perrin',
  'Robin',
  'Clément',
  'Morin',
  'Nicolas',
  'Henry',
  'Roussel',
  'Mathieu',
  'Gautier',
  'Masson',
  'Marchand',
  'Duval',
  'Le Gall',
  'Denis',
  'Dumont',
  'Marie',
  'Lemaire',
  'Noël',
  'Meyer',
];

/** Rows per INSERT: large enough that statement overhead vanishes, small enough to keep memory flat on PGlite. */
const BATCH = 25_000;

/** A text array literal of fixed words (the seed's own: quotes doubled, nothing else to escape). */
export const sqlArray = (values: string[]) =>
  `ARRAY[${values.map((value) => `'${value.replace(/'/g, "''")}'`).join(', ')}]::text[]`;

// Emails are ASCII: accents folded, spaces dropped ("Le Gall" -> "legall").
const emailPart = (column: string) =>
  `replace(translate(lower(${column}), 'àâäéèêëîïôöùûüçÉ', 'aaaeeeeiioouuuce'), ' ', '')`;

/**
 * Adds `options.users` synthetic users with a few set-based statements (generate_series), for load tests and
 * benchmarks: French names, unique `prenom.nom.<n>@exemple.fr` addresses, no password (they never log in),
 * all in the first structure (made when there is none). It rebuilds indexes and vacuums: the tables'
 * owner's work, sent as one script.
 */
export async function seedScale(db: Database, options: { users: number }): Promise<{ users: number; ms: number }> {
  const total = options.users;
  if (!Number.isSafeInteger(total) || total < 0) throw new Error(`users must be a non-negative integer, not ${total}.`);
  const started = performance.now();
  const first = sqlArray(FIRST_NAMES);
  const last = sqlArray(LAST_NAMES);
  await db.exec(`BEGIN;
-- A commit with synchronous_commit off (as in throw-away test clusters) leaves the hint bits unset until
-- the WAL is flushed, and VACUUM then refuses to mark the pages all-visible: no index-only scans after.
SET LOCAL synchronous_commit = on;
DO $seed$
DECLARE
  total constant int8 := ${total};
  -- Numbering on from the highest id keeps addresses unique when the seed is run again on the same base.
  base constant int8 := (SELECT coalesce(max(id), 0) FROM users);
  existing constant int8 := (SELECT count(*) FROM users);
  structure integer := (SELECT min(id) FROM companies);
  definitions text[] := ARRAY[]::text[];
  index record;
  definition text;
  batch_from int8 := 1;
BEGIN
  IF structure IS NULL THEN
    INSERT INTO companies (name, status) VALUES ('Structure de charge', 'active') RETURNING id INTO structure;
  END IF;
  -- Building an index once over the loaded rows costs about half of keeping it up to date row by row
  -- (the trigram index most of all), so a load larger than the table rebuilds the secondary indexes.
  -- It all happens in this one transaction: an interrupted seed leaves neither rows nor missing indexes.
  IF total > existing THEN
    FOR index IN SELECT c.relname AS name, pg_get_indexdef(i.indexrelid) AS definition
                   FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
                  WHERE i.indrelid = 'users'::regclass
                    AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid) LOOP
      definitions := definitions || index.definition;
      EXECUTE format('DROP INDEX %I', index.name);
    END LOOP;
  END IF;
  WHILE batch_from <= total LOOP
    -- Multiplicative hashes of n (Knuth's constant) spread the choices and dates without random(),
    -- so two runs produce the same data.
    INSERT INTO users (email, first_name, last_name, type, roles, enabled, locale, company_id, created_at, updated_at)
    SELECT ${emailPart('f')} || '.' || ${emailPart('l')} || '.' || n || '@exemple.fr',
           f, l,
           CASE WHEN h % 10 = 0 THEN 'admin' ELSE 'contributor' END,
           CASE WHEN h % 50 = 0 THEN ARRAY['ROLE_ADMIN'] ELSE ARRAY['ROLE_USER'] END,
           h % 20 <> 7,
           CASE WHEN h % 8 = 3 THEN 'en' ELSE 'fr' END,
           structure,
           created,
           least(created + (h % 90) * interval '1 day', now())
      FROM (
        SELECT n, h,
               (${first})[1 + n % ${FIRST_NAMES.length}] AS f,
               (${last})[1 + (n / 7 + h) % ${LAST_NAMES.length}] AS l,
               now() - ((n * 40503) % 63072000) * interval '1 second' AS created
          FROM (SELECT n, (n * 2654435761) % 1000003 AS h
                  FROM generate_series(base + batch_from, base + least(batch_from + ${BATCH} - 1, total)) AS n) AS numbered
      ) AS named;
    batch_from := batch_from + ${BATCH};
  END LOOP;
  FOREACH definition IN ARRAY definitions LOOP
    EXECUTE definition;
  END LOOP;
END $seed$;
COMMIT;`);
  // Index-only scans need the visibility map, and the planner needs statistics: both come from VACUUM ANALYZE.
  // It must run outside a transaction, hence on its own.
  await db.exec('VACUUM ANALYZE users');
  return { users: total, ms: Math.round(performance.now() - started) };
}
