import type { FastifyInstance, FastifyRequest } from 'fastify';
import { reach } from '../../src/domain/rights.ts';
import {
  SEARCH_CANDIDATES_PER_KIND,
  SEARCH_PART_MIN_LENGTH,
  SEARCH_PREFIX_MIN_LENGTH,
  SEARCH_QUERY_MAX_LENGTH,
  SEARCH_RESULTS_PER_KIND,
  searchWords,
  type SearchAnswer,
} from '../../src/domain/search.ts';
import type { Database } from '../db/database.ts';
import { authorize } from '../resources/authorize.ts';
import { queryOf, rightsFirst, typedRoutes } from '../http/routeSchema.ts';
import { requireSession } from '../http/session.ts';
import {
  candidatesFunction,
  partsMatchSql,
  SEARCH_PARTS,
  SEARCH_VECTOR,
  searchTargets,
  type SearchTarget,
} from '../resources/searchSchema.ts';
import { ident, literal, Params } from '../shared/sql.ts';

const searchQuery = queryOf({ q: { type: 'string', maxLength: SEARCH_QUERY_MAX_LENGTH } }, ['q']);

const searchAnswer = {
  type: 'object',
  description:
    'The kinds searched that found something, in a fixed order, each with its best-ranked records (id and one-line label).',
  properties: {
    query: { type: 'string' },
    groups: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          resource: { type: 'string' },
          more: { type: 'boolean', description: 'More records of this kind match than are given.' },
          hits: {
            type: 'array',
            items: {
              type: 'object',
              properties: { id: { type: 'integer' }, label: { type: 'string' } },
              required: ['id', 'label'],
              additionalProperties: false,
            },
          },
        },
        required: ['resource', 'more', 'hits'],
        additionalProperties: false,
      },
    },
  },
  required: ['query', 'groups'],
  additionalProperties: false,
} as const;

/**
 * The full-text query of the words typed: each word as a French stem or a whole word, the last one also as
 * the beginning of a word (it may be half typed, if it has SEARCH_PREFIX_MIN_LENGTH characters); all of them
 * must match. Words are letters and digits only
 * (searchWords), passed as parameters.
 */
function tsquerySql(words: string[], params: Params): string {
  return words
    .map((word, index) => {
      const value = params.add(word, 'text');
      const prefix = index === words.length - 1 && [...word].length >= SEARCH_PREFIX_MIN_LENGTH;
      const whole = prefix ? `${value} || ':*'` : value;
      return `(to_tsquery('search_fr', ${value}) || to_tsquery('search_simple', ${whole}))`;
    })
    .join(' && ');
}

/**
 * The words as parts to find inside the naming fields: each folded by the database (search_fold) into a LIKE
 * pattern, the longest first (the trigram index looks that one up); none when even the longest is too short
 * for the index, the full-text query alone deciding then. Words are letters and digits only, so no pattern
 * character reaches LIKE.
 */
function partsSql(words: string[], params: Params): string {
  const longest = [...words].sort((a, b) => [...b].length - [...a].length);
  if ([...longest[0]].length < SEARCH_PART_MIN_LENGTH) return `ARRAY[]::text[]`;
  return `ARRAY[${longest.map((word) => `'%' || search_fold(${params.add(word, 'text')}) || '%'`).join(', ')}]`;
}

/**
 * One kind's best matches: among at most SEARCH_CANDIDATES_PER_KIND rows the index finds (in the session's
 * rows: the same conditions as the kind's list, beside row-level security), the best ranked, one more than
 * given to tell whether there are more.
 */
function kindSql(target: SearchTarget, scope: string[], tsquery: string, parts: string, typed: string): string {
  const table = ident(target.declaration.table);
  const matches = `(t.${ident(SEARCH_VECTOR)} @@ ${tsquery} OR ${partsMatchSql(`t.${ident(SEARCH_PARTS)}`, parts)})`;
  // Without conditions of the session's own (platform staff over every structure), the candidates come from
  // the indexes first (candidatesFunction); with them, from the table's rows the conditions select.
  const candidates =
    scope.length === 0
      ? `t.id IN (SELECT ${ident(candidatesFunction(target))}(${tsquery}, ${parts}, ${SEARCH_CANDIDATES_PER_KIND}))`
      : [matches, ...scope].join(' AND ');
  // How well it matches: the full-text rank (words, stems, weights), plus how closely the words typed are a
  // stretch of the naming fields (pg_trgm's word_similarity: 1 for a whole word, less for a part of one).
  return `(SELECT ${literal(target.kind.resource)} AS resource, c.id, c.label,
          ts_rank(c.v, ${tsquery}) + word_similarity(${typed}, c.p) AS rank
     FROM (SELECT t.id, ${target.labelSql} AS label, t.${ident(SEARCH_VECTOR)} AS v, t.${ident(SEARCH_PARTS)} AS p
             FROM ${table} t
            WHERE ${candidates} LIMIT ${SEARCH_CANDIDATES_PER_KIND}) c
    ORDER BY rank DESC, c.id LIMIT ${SEARCH_RESULTS_PER_KIND + 1})`;
}

/** The kinds this session may list, each with the conditions its list would add. */
function searchable(request: FastifyRequest, targets: SearchTarget[]) {
  const session = requireSession(request);
  return targets.flatMap((target) => {
    const operations = target.declaration.operations ?? ['list'];
    if (!operations.includes('list') || !reach(session.roles, target.declaration.name, 'list', session.grants))
      return [];
    return [{ target, scope: authorize(request, target.declaration, 'list').scope }];
  });
}

/**
 * Search everywhere (`GET /api/search?q=`): one statement over every kind the session may list, ranked by
 * PostgreSQL's full-text search, grouped by kind. Binned rows are gone from their tables, so never found.
 */
export async function searchRoutes(fastify: FastifyInstance, { db }: { db: Database }) {
  const app = typedRoutes(fastify);
  const targets = searchTargets();
  app.get(
    '/api/search',
    {
      schema: { querystring: searchQuery, response: { 200: searchAnswer } },
      ...rightsFirst((request) => requireSession(request)),
    },
    async (request): Promise<SearchAnswer> => {
      const query = request.query.q;
      const words = searchWords(query);
      const kinds = searchable(request, targets);
      if (words.length === 0 || kinds.length === 0) return { query, groups: [] };
      const params = new Params();
      const typed = params.add(words.join(' '), 'text');
      const [{ q, parts, folded }] = await db.query<{ q: string; parts: string[]; folded: string }>(
        `SELECT (${tsquerySql(words, params)})::text AS q, ${partsSql(words, params)} AS parts,
                search_fold(${typed}) AS folded`,
        params.values,
      );
      // The searching statement takes what PostgreSQL built as its parameters: its text depends only on the
      // kinds searched and the session's conditions, so it is prepared once and planned without planning
      // anew at each keystroke (which costs more than the search on PGlite).
      const sql = kinds
        .map(({ target, scope }) => kindSql(target, scope, '$1::tsquery', '$2::text[]', '$3::text'))
        .join('\nUNION ALL\n');
      const rows = await db.query<{ resource: string; id: number; label: string; rank: number }>(sql, [
        q,
        parts,
        folded,
      ]);
      const groups = kinds.flatMap(({ target }) => {
        const found = rows
          .filter((row) => row.resource === target.kind.resource)
          .sort((a, b) => Number(b.rank) - Number(a.rank) || Number(a.id) - Number(b.id));
        if (found.length === 0) return [];
        return [
          {
            resource: target.kind.resource,
            more: found.length > SEARCH_RESULTS_PER_KIND,
            hits: found.slice(0, SEARCH_RESULTS_PER_KIND).map((row) => ({ id: Number(row.id), label: row.label })),
          },
        ];
      });
      return { query, groups };
    },
  );
}
