import type { Queryable } from '../../../server/db/database.ts';
import { declarations } from '../../../server/resources/definitions/index.ts';
import { ident } from '../../../server/shared/sql.ts';
import { checkChapterPartContent } from '../../../src/domain/chapterPartContent.ts';
import type { ChapterPartType } from '../../../src/domain/chapterParts.ts';
import { oneOfGroups } from '../../api/support/schema.ts';

/**
 * What the data must still satisfy after any sequence of requests, beyond what foreign keys guarantee.
 * Each check answers its offending rows (at most a few), none when it holds.
 */
export interface Invariant {
  name: string;
  offenders(db: Queryable): Promise<unknown[]>;
}

/** Siblings ordered by `position`: each group's positions are exactly 0..n-1 (no gap, no twin). */
const ORDERED = [
  { table: 'modules', parent: 'course_id', rootIsList: false },
  { table: 'chapters', parent: 'module_id', rootIsList: false },
  { table: 'chapter_parts', parent: 'chapter_id', rootIsList: false },
  // The library's root folders are one list; a module, chapter or part outside any container (the API lets
  // one be written so) is in no list anyone reads, and each structure would see another part of it.
  { table: 'folders', parent: 'parent_id', rootIsList: true },
];

const sql = (text: string) => (db: Queryable) => db.query(text);

export async function invariants(db: Queryable): Promise<Invariant[]> {
  const checks: Invariant[] = [];

  for (const { table, parent, rootIsList } of ORDERED)
    checks.push({
      name: `${table}: positions per ${parent} are 0..n-1`,
      offenders: sql(
        `SELECT parent, array_agg(position ORDER BY position, id) AS positions
           FROM (SELECT ${ident(parent)} AS parent, position, id,
                        row_number() OVER (PARTITION BY ${ident(parent)} ORDER BY position, id) - 1 AS expected
                   FROM ${ident(table)}${rootIsList ? '' : ` WHERE ${ident(parent)} IS NOT NULL`}) s
          GROUP BY parent HAVING bool_or(position <> expected) LIMIT 5`,
      ),
    });

  for (const declaration of declarations) {
    for (const group of await oneOfGroups(db, declaration.table))
      checks.push({
        name: `${declaration.table}: ${group.exactlyOne ? 'exactly' : 'at most'} one of ${group.columns.join(', ')}`,
        offenders: sql(
          `SELECT id FROM ${ident(declaration.table)}
            WHERE num_nonnulls(${group.columns.map(ident).join(', ')}) ${group.exactlyOne ? '<>' : '>'} 1 LIMIT 5`,
        ),
      });
    for (const [name, field] of Object.entries(declaration.fields)) {
      const type = field.type;
      if (type.kind === 'polymorphic')
        checks.push({
          name: `${declaration.table}.${name}: at most one target column set`,
          offenders: sql(
            `SELECT id FROM ${ident(declaration.table)}
              WHERE num_nonnulls(${Object.values(type.targets)
                .map((target) => ident(target.column))
                .join(', ')}) > 1 LIMIT 5`,
          ),
        });
      if (type.kind === 'relations') {
        const other = declarations.find((candidate) => candidate.name === type.resource);
        if (!other) throw new Error(`${declaration.name}.${name}: no resource ${type.resource}.`);
        checks.push({
          name: `${type.joinTable}: rows point at existing ${declaration.table} and ${other.table}`,
          offenders: sql(
            `SELECT j.* FROM ${ident(type.joinTable)} j
              WHERE NOT EXISTS (SELECT 1 FROM ${ident(declaration.table)} o WHERE o.id = j.${ident(type.ownColumn)})
                 OR NOT EXISTS (SELECT 1 FROM ${ident(other.table)} o WHERE o.id = j.${ident(type.otherColumn)}) LIMIT 5`,
          ),
        });
      }
    }
  }

  checks.push({
    name: 'chapter_unlocks: no chapter requires itself, directly or not',
    offenders: sql(
      `WITH RECURSIVE reach(start, id, depth) AS (
         SELECT chapter_id, required_chapter_id, 1 FROM chapter_unlocks
         UNION
         SELECT r.start, u.required_chapter_id, r.depth + 1 FROM reach r JOIN chapter_unlocks u ON u.chapter_id = r.id WHERE r.depth < 100)
       SELECT DISTINCT start AS chapter FROM reach WHERE start = id LIMIT 5`,
    ),
  });
  checks.push({
    name: 'folders: no folder inside itself',
    offenders: sql(
      `WITH RECURSIVE up(start, id, depth) AS (
         SELECT id, parent_id, 1 FROM folders WHERE parent_id IS NOT NULL
         UNION
         SELECT u.start, f.parent_id, u.depth + 1 FROM up u JOIN folders f ON f.id = u.id WHERE f.parent_id IS NOT NULL AND u.depth < 100)
       SELECT DISTINCT start AS folder FROM up WHERE start = id LIMIT 5`,
    ),
  });
  checks.push({
    name: "row_totals: each tracked table counted right (the lists' totalItems)",
    offenders: async (db) => {
      const wrong = [];
      for (const { table_name: table, n } of await db.query<{ table_name: string; n: number }>(
        'SELECT table_name, n FROM row_totals',
      )) {
        const [{ actual }] = await db.query<{ actual: number }>(`SELECT count(*)::int AS actual FROM ${ident(table)}`);
        if (Number(n) !== actual) wrong.push({ table, counted: Number(n), actual });
      }
      return wrong;
    },
  });
  checks.push({
    name: 'chapter_parts: content fits the type, and the documents it names exist',
    offenders: async (db) => {
      const rows = await db.query<{ id: number; type: ChapterPartType; content: Record<string, unknown> }>(
        `SELECT id, type, content FROM chapter_parts WHERE content <> '{}'::jsonb`,
      );
      const documents = new Set((await db.query<{ id: number }>('SELECT id FROM documents')).map((row) => row.id));
      const wrong = [];
      for (const row of rows) {
        const check = checkChapterPartContent(row.type, row.content);
        const missing = check.documents.filter((reference) => !documents.has(reference.id));
        if (check.violations.length > 0 || missing.length > 0)
          wrong.push({ id: row.id, type: row.type, violations: check.violations, missing });
        if (wrong.length >= 5) break;
      }
      return wrong;
    },
  });
  return checks;
}
