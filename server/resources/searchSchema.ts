import { createHash } from 'node:crypto';
import { SEARCH_KINDS, SEARCH_LABEL_MAX_LENGTH, SEARCH_MAX_WORDS, type SearchKind } from '../../src/domain/search.ts';
import { ident, literal } from '../shared/sql.ts';
import { declarationsByName } from './definitions/index.ts';
import { readableRowsSql } from './tenancy.ts';
import { columnOf, type ResourceDeclaration } from './types.ts';

/** The generated full-text column of every searched table (GIN-indexed), derived from SEARCH_KINDS. */
export const SEARCH_VECTOR = 'search_vector';

/**
 * The generated column of a searched table's naming fields (weight A) folded without case nor accents
 * (`search_fold`, migration 0044), under a trigram index: a word typed is found inside a longer one.
 */
export const SEARCH_PARTS = 'search_parts';

/** The text search configurations of migration 0020: French stems, and whole words for prefixes. */
const CONFIGURATIONS = ['search_fr', 'search_simple'] as const;

export interface SearchTarget {
  kind: SearchKind;
  declaration: ResourceDeclaration;
  /** A result's one-line label, as SQL on the row alias `t`. */
  labelSql: string;
}

function targetOf(kind: SearchKind): SearchTarget {
  const declaration = declarationsByName.get(kind.resource);
  if (!declaration) throw new Error(`Search names ${kind.resource}, which is no declared resource.`);
  const column = (field: string) => {
    const declared = declaration.fields[field];
    if (!declared) throw new Error(`Search names ${kind.resource}.${field}, which the resource does not have.`);
    return `t.${ident(columnOf(field, declared))}`;
  };
  for (const field of Object.keys(kind.fields)) column(field);
  const parts = kind.label.map(column);
  const joined = parts.length === 1 ? `coalesce(${parts[0]}, '')` : `concat_ws(' ', ${parts.join(', ')})`;
  return { kind, declaration, labelSql: `left(${joined}, ${SEARCH_LABEL_MAX_LENGTH})` };
}

/** Every searched resource with its declaration, in SEARCH_KINDS' order. */
export const searchTargets = (): SearchTarget[] => SEARCH_KINDS.map(targetOf);

/**
 * A row's full-text value: each searched field in both configurations, with its weight. A JSON field counts
 * by its strings (jsonb_to_tsvector, immutable like to_tsvector with a named configuration).
 */
export function searchVectorSql(target: SearchTarget): string {
  const { kind, declaration } = target;
  const pieces: string[] = [];
  for (const [field, weight] of Object.entries(kind.fields)) {
    const declared = declaration.fields[field];
    const column = ident(columnOf(field, declared));
    const isJson = declared.type.kind === 'json';
    for (const configuration of CONFIGURATIONS) {
      const vector = isJson
        ? `jsonb_to_tsvector('${configuration}'::regconfig, coalesce(${column}, '{}'::jsonb), '["string"]'::jsonb)`
        : `to_tsvector('${configuration}'::regconfig, coalesce(${column}, ''))`;
      pieces.push(`setweight(${vector}, '${weight}')`);
    }
  }
  return pieces.join(' || ');
}

/** A row's naming fields (weight A) as one folded text, for the parts of words. */
export function searchPartsSql(target: SearchTarget): string {
  const { kind, declaration } = target;
  const columns = Object.entries(kind.fields)
    .filter(([field, weight]) => weight === 'A' && declaration.fields[field].type.kind !== 'json')
    .map(([field]) => ident(columnOf(field, declaration.fields[field])));
  // concat_ws is only stable (it takes any type); text concatenation is immutable, as a generated column needs.
  return `search_fold(${columns.map((column) => `coalesce(${column}, '')`).join(` || ' ' || `)})`;
}

/**
 * The SQL condition that every part (a folded word as a LIKE pattern, the longest first, which the trigram
 * index looks up) is in the row's naming fields; none when the parameter holds no part.
 */
export function partsMatchSql(column: string, parts: string): string {
  const each = Array.from({ length: SEARCH_MAX_WORDS }, (_, index) =>
    index === 0
      ? `${column} LIKE (${parts})[1]`
      : `(cardinality(${parts}) < ${index + 1} OR ${column} LIKE (${parts})[${index + 1}])`,
  );
  return `(cardinality(${parts}) > 0 AND ${each.join(' AND ')})`;
}

/**
 * The statement that gives a table its full-text column and index: written again only when the column's
 * expression changed (its signature is the column's comment), since it rewrites the table.
 */
function searchColumnStatement(target: SearchTarget, column: string, expression: string, index: string): string {
  const table = target.declaration.table;
  const signature = createHash('sha256').update(expression).digest('hex').slice(0, 32);
  const relation = literal(ident(table));
  return `DO $$ BEGIN
  IF col_description(${relation}::regclass,
       (SELECT attnum FROM pg_attribute WHERE attrelid = ${relation}::regclass AND attname = ${literal(column)}
           AND NOT attisdropped)) IS DISTINCT FROM ${literal(signature)} THEN
    ALTER TABLE ${ident(table)} DROP COLUMN IF EXISTS ${ident(column)};
    ALTER TABLE ${ident(table)} ADD COLUMN ${ident(column)} ${column === SEARCH_VECTOR ? 'tsvector' : 'text'} GENERATED ALWAYS AS (${expression}) STORED;
    CREATE INDEX ${ident(`${table}_${column}_idx`)} ON ${ident(table)} USING ${index};
    COMMENT ON COLUMN ${ident(table)}.${ident(column)} IS ${literal(signature)};
  END IF;
END $$`;
}

/** The function that finds a searched table's candidates by its full-text index (candidatesStatement). */
export const candidatesFunction = (target: SearchTarget): string => `${target.declaration.table}_search_ids`;

/**
 * A function answering the ids of at most `n` rows of the table that match `q` and that the caller's
 * row-level security would show. Under row-level security PostgreSQL may not probe the full-text index
 * before the policy (the `@@` operator is not leakproof), so a search over every structure's rows read them
 * all; run as the table's owner, the same visibility written as a plain condition, the index answers first.
 * The planner is also kept off a sequential scan: it cannot tell how many rows a half-typed word matches,
 * and when it guessed hundreds it read the whole table to find the first ones (50-70 ms over 100,000 users
 * for a word that matches none, against 4-6 ms through the index whatever the word).
 * The searching statement reads the rows by these ids under row-level security all the same.
 */
function candidatesStatement(target: SearchTarget): string {
  const { declaration } = target;
  const readable = readableRowsSql(declaration.access.tenancy, 't');
  const matches = `(t.${ident(SEARCH_VECTOR)} @@ q OR ${partsMatchSql(`t.${ident(SEARCH_PARTS)}`, 'parts')})`;
  return `DROP FUNCTION IF EXISTS ${ident(candidatesFunction(target))}(tsquery, integer);
CREATE OR REPLACE FUNCTION ${ident(candidatesFunction(target))}(q tsquery, parts text[], n integer) RETURNS SETOF integer
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, public SET enable_seqscan = off AS $fn$
  SELECT t.id FROM public.${ident(declaration.table)} t
   WHERE ${matches}${readable ? ` AND ${readable}` : ''}
   LIMIT n
$fn$`;
}

/**
 * The full-text columns and indexes of every searched table, and their candidates' functions, for the
 * derived schema (derivedSchema.ts).
 */
export const searchSchemaStatements = (): string[] =>
  searchTargets().flatMap((target) => [
    searchColumnStatement(target, SEARCH_VECTOR, searchVectorSql(target), `gin (${ident(SEARCH_VECTOR)})`),
    searchColumnStatement(target, SEARCH_PARTS, searchPartsSql(target), `gin (${ident(SEARCH_PARTS)} gin_trgm_ops)`),
    candidatesStatement(target),
  ]);
