import { performance } from 'node:perf_hooks';
import type { Database } from '../../server/db/database.ts';
import { PLATFORM } from '../../server/db/scope.ts';
import { toggleTriggersSql } from './dataset.ts';

/** A validation's write with the learning triggers on must cost at most this many times one without. */
export const WRITE_TARGET_RATIO = 1.2;

const WRITES = Number(process.env.BENCH_WRITES ?? 200);
const BLOCK = 25;

const LEARNING_TRIGGERS = `SELECT tgname FROM pg_trigger WHERE tgrelid = $t$::regclass AND NOT tgisinternal
  AND tgname LIKE 'learning\\_%'`;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export interface Validation {
  user_id: number;
  chapter_id: number;
}

export interface WriteFigures {
  count: number;
  onMs: number;
  offMs: number;
  ratio: number;
}

/** Learners' next chapters not validated yet, of the structure's open enrolments, enough for two measures. */
export function nextValidations(db: Database, structure: number): Promise<Validation[]> {
  return db.scoped(PLATFORM).query<Validation>(
    `SELECT p.user_id, next.chapter_id
       FROM participations p
       CROSS JOIN LATERAL (
         SELECT ch.id AS chapter_id FROM modules m JOIN chapters ch ON ch.module_id = m.id
          WHERE m.course_id = p.course_id
            AND NOT EXISTS (SELECT 1 FROM chapter_validations v WHERE v.chapter_id = ch.id AND v.user_id = p.user_id)
          ORDER BY m.position, ch.position LIMIT 1) next
      WHERE p.company_id = $1 AND p.status <> 'completed' AND p.unenrolled_at IS NULL
      ORDER BY p.id LIMIT $2`,
    [structure, 4 * WRITES],
  );
}

/**
 * The write cost of `write` with the learning triggers on and off, over `WRITES` validations each way: blocks
 * of each kind alternate so that the machine's load weighs on both alike. The "off" rows leave their
 * participations behind (not counted).
 */
export async function measureWrites(
  db: Database,
  validations: Validation[],
  write: (validation: Validation) => Promise<unknown>,
): Promise<WriteFigures> {
  if (validations.length < 2 * WRITES) throw new Error(`Only ${validations.length} validations left to write.`);
  const on: number[] = [];
  const off: number[] = [];
  let next = 0;
  for (let block = 0; next < 2 * WRITES; block++) {
    const triggers = block % 2 === 0;
    if (!triggers) await db.exec(toggleTriggersSql('chapter_validations', false, LEARNING_TRIGGERS));
    for (let i = 0; i < BLOCK && next < 2 * WRITES; i++) {
      const started = performance.now();
      await write(validations[next++]);
      (triggers ? on : off).push(performance.now() - started);
    }
    if (!triggers) await db.exec(toggleTriggersSql('chapter_validations', true, LEARNING_TRIGGERS));
  }
  // The first writes of each kind warm the statement and the trigger's plans up: not counted.
  const onMs = median(on.slice(BLOCK / 5));
  const offMs = median(off.slice(BLOCK / 5));
  return { count: Math.min(on.length, off.length), onMs, offMs, ratio: onMs / offMs };
}

/** The same single-row INSERT the API makes, in its own transaction of the platform's scope, without the API. */
export const sqlWrite =
  (db: Database) =>
  ({ user_id, chapter_id }: Validation) =>
    db
      .scoped(PLATFORM)
      .transaction((tx) =>
        tx.query('INSERT INTO chapter_validations (chapter_id, user_id) VALUES ($1, $2)', [chapter_id, user_id]),
      );
