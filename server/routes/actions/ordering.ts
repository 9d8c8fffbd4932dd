import { namableFromSql } from '../../resources/catalogueReferences.ts';
import { runAsAction } from '../../db/scope.ts';
import type { FastifyInstance } from 'fastify';
import type { Database, Queryable } from '../../db/database.ts';
import { notFound, unprocessable, violation } from '../../shared/errors.ts';
import type { ResourceEngine } from '../../resources/engine.ts';
import { idFromReference } from '../../resources/iri.ts';
import { mapPgError } from '../../resources/pgErrors.ts';
import { authorize } from '../../resources/authorize.ts';
import { lockGroups, moveAmongSiblings } from '../../resources/siblings.ts';
import { ident } from '../../shared/sql.ts';
import { withScheduledDates } from './treeDates.ts';
import {
  idParams,
  objectBody,
  optionalBody,
  optionalField,
  pathId,
  reference,
  refusedAs,
  rightsFirst,
  typedRoutes,
} from '../../http/routeSchema.ts';
import { structureScope } from '../../resources/tenancy.ts';
import type { ResourceDeclaration } from '../../resources/types.ts';
import type { Session } from '../../http/session.ts';
import { copyChapterContents } from './chapterContents.ts';
import { boundCopy, copyRows } from './copySize.ts';
import { andAll, declarationOf, replyWithRecord } from './support.ts';
import { resourceItem } from '../../http/answers.ts';

/** Ordered children and the column that groups them into siblings. */
const ORDERED = [
  { resource: 'modules', table: 'modules', parentColumn: 'course_id' },
  { resource: 'chapters', table: 'chapters', parentColumn: 'module_id' },
  { resource: 'chapter-parts', table: 'chapter_parts', parentColumn: 'chapter_id' },
] as const;

/** SQL for the position after the last sibling under the parent given as `parentParam`. */
const nextPosition = (table: string, parentColumn: string, parentParam: string) =>
  `(SELECT coalesce(max(position) + 1, 0) FROM ${ident(table)} WHERE ${ident(parentColumn)} IS NOT DISTINCT FROM ${parentParam})`;

/** Deep copies: a chapter with its parts, a module with its tags, chapters and parts; appended at the end. */
export async function copyChapters(
  tx: Queryable,
  sourceIds: number[],
  targetModule: number | null,
  startPosition: number,
): Promise<number[]> {
  if (sourceIds.length === 0) return [];
  // One row per source, in the given order; WITH ORDINALITY pairs each copy with its source.
  const copies = await tx.query<{ id: number; source: number }>(
    `WITH source AS (
       SELECT c.*, s.ordinality FROM unnest($1::int4[]) WITH ORDINALITY AS s(id, ordinality) JOIN chapters c ON c.id = s.id),
     inserted AS (
       INSERT INTO chapters (title, description, module_id, position, is_template, estimated_minutes${withScheduledDates('chapters')})
       SELECT title, description, $2::int, $3::int + (ordinality - 1)::int, false, estimated_minutes${withScheduledDates('chapters')}
         FROM source ORDER BY ordinality
       RETURNING id, position)
     SELECT inserted.id, source.id AS source
       FROM inserted JOIN source ON $3::int + (source.ordinality - 1)::int = inserted.position`,
    [sourceIds, targetModule, startPosition],
  );
  await copyChapterContents(
    tx,
    copies.map((copy) => copy.source),
    copies.map((copy) => copy.id),
  );
  return sourceIds.map((source) => copies.find((copy) => copy.source === source)?.id as number);
}

/** Where a copy goes: the parent the body names (IRI or id), or undefined for "beside its source". */
function copyTarget(body: unknown, key: string, resource: string): number | undefined {
  const given = optionalField(body, key);
  if (given === undefined || given === null) return undefined;
  const id = idFromReference(given, resource);
  if (id === undefined) throw unprocessable([violation(key, 'reference', `Expected an IRI of ${resource}.`)]);
  return id;
}

/**
 * A copy's source is a row the session reads (the catalogue's included: copying is how a structure makes
 * it its own); its destination a row it writes into. Answers the source's parent.
 */
async function copyEnds(
  tx: Queryable,
  session: Session,
  source: { declaration: ResourceDeclaration; id: number; parentColumn: string },
  target: { declaration: ResourceDeclaration; id: number | undefined; key: string },
): Promise<number | null> {
  const readable = andAll(structureScope(source.declaration, 'get', session.structure));
  const [row] = await tx.query<{ parent: number | null }>(
    `SELECT t.${ident(source.parentColumn)} AS parent FROM ${ident(source.declaration.table)} t WHERE t.id = $1${readable}`,
    [source.id],
  );
  if (!row) throw notFound(`${source.declaration.type} ${source.id} not found.`);
  const parent = target.id ?? row.parent;
  if (parent === null) return null;
  const writable = andAll(structureScope(target.declaration, 'update', session.structure));
  const [into] = await tx.query(`SELECT 1 FROM ${ident(target.declaration.table)} t WHERE t.id = $1${writable}`, [
    parent,
  ]);
  if (!into)
    throw unprocessable([
      violation(target.key, 'reference', `Item not found for "/api/${target.declaration.name}/${parent}".`),
    ]);
  return parent;
}

/**
 * A module copied with its tags, chapters and parts at the end of `course` (whose group the caller has
 * locked); answers the copy.
 */
export async function copyModule(tx: Queryable, id: number, course: number | null): Promise<number> {
  const [copy] = await tx.query<{ id: number }>(
    `INSERT INTO modules (title, description, course_id, position, is_template${withScheduledDates('modules')})
     SELECT title, description, $2::int, ${nextPosition('modules', 'course_id', '$2::int')}, false${withScheduledDates('modules')}
       FROM modules WHERE id = $1
     RETURNING id`,
    [id, course],
  );
  // The tags the session reads; a copy into the catalogue leaves a structure's own behind.
  await tx.query(
    `INSERT INTO module_tags (module_id, tag_id)
     SELECT $2, j.tag_id FROM module_tags j JOIN tags g ON g.id = j.tag_id
      WHERE j.module_id = $1 AND ${namableFromSql('tags', 'g', '(SELECT company_id FROM modules WHERE id = $2)')}`,
    [id, copy.id],
  );
  const sourceChapters = await tx.query<{ id: number }>(
    'SELECT id FROM chapters WHERE module_id = $1 ORDER BY position, id',
    [id],
  );
  await copyChapters(
    tx,
    sourceChapters.map((chapter) => chapter.id),
    copy.id,
    0,
  );
  return copy.id;
}

export async function orderingRoutes(
  fastify: FastifyInstance,
  { db, engine }: { db: Database; engine: ResourceEngine },
) {
  const app = typedRoutes(fastify);
  for (const ordered of ORDERED) {
    const declaration = declarationOf(ordered.resource);
    const schema = {
      params: idParams,
      body: objectBody(
        {
          position: refusedAs({ type: 'integer', minimum: 0 }, 'type', 'The position must be a non-negative integer.'),
        },
        ['position'],
      ),
      response: { 200: resourceItem(declaration.type) },
    };
    app.put(
      `/api/${ordered.resource}/:id/reorder`,
      { schema, ...rightsFirst((request) => authorize(request, declaration, 'update')) },
      async (request, reply) => {
        const { scope } = authorize(request, declaration, 'update');
        const id = pathId(request);
        const { position } = request.body;
        await runAsAction('reorder', { resource: ordered.resource, id }, () =>
          db.transaction((tx) => moveAmongSiblings(tx, ordered, id, position, andAll(scope))),
        );
        return replyWithRecord(engine, request, reply, declaration, id);
      },
    );
  }

  const chapters = declarationOf('chapters');
  // The body is optional: without one (or without the key) the copy goes beside its source.
  const copyOf = (key: string, resource: string, copied: string) => ({
    params: idParams,
    response: { 201: resourceItem(copied) },
    body: optionalBody({ [key]: { anyOf: [reference(resource), { type: 'null' }] } }),
  });
  const modules = declarationOf('modules');
  const courses = declarationOf('courses');
  app.post(
    '/api/chapters/:id/copy',
    {
      schema: copyOf('module', 'modules', chapters.type),
      ...rightsFirst((request) => authorize(request, chapters, 'create')),
    },
    async (request, reply) => {
      const { session } = authorize(request, chapters, 'create');
      const id = pathId(request);
      const target = copyTarget(request.body, 'module', 'modules');
      try {
        // The entry's record is the copy: the first chapter the transaction creates.
        const copyId = await runAsAction('copy', { resource: 'chapters' }, () =>
          db.transaction(async (tx) => {
            const module = await copyEnds(
              tx,
              session,
              { declaration: chapters, id, parentColumn: 'module_id' },
              { declaration: modules, id: target, key: 'module' },
            );
            await boundCopy(request, tx, copyRows.chapters('$1::int'), [id]);
            await lockGroups(tx, { table: 'chapters', parentColumn: 'module_id' }, [module]);
            const [{ next }] = await tx.query<{ next: number }>(
              `SELECT ${nextPosition('chapters', 'module_id', '$1::int')} AS next`,
              [module],
            );
            const [copy] = await copyChapters(tx, [id], module, next);
            return copy;
          }),
        );
        return replyWithRecord(engine, request, reply, chapters, copyId, 201);
      } catch (error) {
        throw mapPgError(error, chapters, 'write');
      }
    },
  );

  app.post(
    '/api/modules/:id/copy',
    {
      schema: copyOf('course', 'courses', modules.type),
      ...rightsFirst((request) => authorize(request, modules, 'create')),
    },
    async (request, reply) => {
      const { session } = authorize(request, modules, 'create');
      const id = pathId(request);
      const target = copyTarget(request.body, 'course', 'courses');
      try {
        const copyId = await runAsAction('copy', { resource: 'modules' }, () =>
          db.transaction(async (tx) => {
            const course = await copyEnds(
              tx,
              session,
              { declaration: modules, id, parentColumn: 'course_id' },
              { declaration: courses, id: target, key: 'course' },
            );
            await boundCopy(request, tx, copyRows.modules('$1::int'), [id]);
            await lockGroups(tx, { table: 'modules', parentColumn: 'course_id' }, [course]);
            return copyModule(tx, id, course);
          }),
        );
        return replyWithRecord(engine, request, reply, modules, copyId, 201);
      } catch (error) {
        throw mapPgError(error, modules, 'write');
      }
    },
  );
}
