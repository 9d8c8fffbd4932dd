import type { FastifyInstance } from 'fastify';
import type { Database, Queryable } from '../../db/database.ts';
import { notFound, unprocessable, violation } from '../../http/errors.ts';
import type { ResourceEngine } from '../../resources/engine.ts';
import { idFromReference } from '../../resources/iri.ts';
import { mapPgError } from '../../resources/pgErrors.ts';
import { authorize } from '../../http/authorize.ts';
import { lockGroups, moveAmongSiblings } from '../../resources/siblings.ts';
import { ident } from '../../shared/sql.ts';
import { idParams, objectBody, optionalBody, pathId, reference, refusedAs, rightsFirst } from '../../http/routeSchema.ts';
import { boundCopy, copyRows } from './copySize.ts';
import { declarationOf, replyWithRecord } from './support.ts';

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
async function copyChapters(tx: Queryable, sourceIds: number[], targetModule: number | null, startPosition: number): Promise<number[]> {
  if (sourceIds.length === 0) return [];
  // One row per source, in the given order; WITH ORDINALITY pairs each copy with its source.
  const copies = await tx.query<{ id: number; source: number }>(
    `WITH source AS (
       SELECT c.*, s.ordinality FROM unnest($1::int4[]) WITH ORDINALITY AS s(id, ordinality) JOIN chapters c ON c.id = s.id),
     inserted AS (
       INSERT INTO chapters (title, description, module_id, position, is_template, estimated_minutes)
       SELECT title, description, $2::int, $3::int + (ordinality - 1)::int, false, estimated_minutes
         FROM source ORDER BY ordinality
       RETURNING id, position)
     SELECT inserted.id, source.id AS source
       FROM inserted JOIN source ON $3::int + (source.ordinality - 1)::int = inserted.position`,
    [sourceIds, targetModule, startPosition],
  );
  await tx.query(
    `INSERT INTO chapter_parts (chapter_id, type, position, title, content, required)
     SELECT m.copy, p.type, p.position, p.title, p.content, p.required
       FROM chapter_parts p JOIN unnest($1::int4[], $2::int4[]) AS m(source, copy) ON p.chapter_id = m.source`,
    [copies.map((copy) => copy.source), copies.map((copy) => copy.id)],
  );
  // Unlocks between chapters copied together follow the copies.
  await tx.query(
    `INSERT INTO chapter_unlocks (chapter_id, required_chapter_id)
     SELECT a.copy, b.copy
       FROM chapter_unlocks u
       JOIN unnest($1::int4[], $2::int4[]) AS a(source, copy) ON a.source = u.chapter_id
       JOIN unnest($1::int4[], $2::int4[]) AS b(source, copy) ON b.source = u.required_chapter_id`,
    [copies.map((copy) => copy.source), copies.map((copy) => copy.id)],
  );
  return sourceIds.map((source) => copies.find((copy) => copy.source === source)?.id as number);
}

/** Where a copy goes: the parent the body names (IRI or id), or undefined for "beside its source". */
function copyTarget(body: unknown, key: string, resource: string): number | undefined {
  const given = (body as Record<string, unknown> | undefined)?.[key];
  if (given === undefined || given === null) return undefined;
  const id = idFromReference(given, resource);
  if (id === undefined) throw unprocessable([violation(key, 'reference', `Expected an IRI of ${resource}.`)]);
  return id;
}

export async function orderingRoutes(app: FastifyInstance, { db, engine }: { db: Database; engine: ResourceEngine }) {
  for (const ordered of ORDERED) {
    const declaration = declarationOf(ordered.resource);
    const schema = { params: idParams, body: objectBody({ position: refusedAs({ type: 'integer', minimum: 0 }, 'type', 'The position must be a non-negative integer.') }, ['position']) };
    app.put(`/api/${ordered.resource}/:id/reorder`, { schema, ...rightsFirst((request) => authorize(request, declaration, 'update')) }, async (request, reply) => {
      const id = pathId(request);
      const { position } = request.body as { position: number };
      await db.transaction((tx) => moveAmongSiblings(tx, ordered, id, position));
      return replyWithRecord(engine, request, reply, declaration, id);
    });
  }

  const chapters = declarationOf('chapters');
  // The body is optional: without one (or without the key) the copy goes beside its source.
  const copyOf = (key: string, resource: string) => ({ params: idParams, body: optionalBody({ [key]: { anyOf: [reference(resource), { type: 'null' }] } }) });
  app.post('/api/chapters/:id/copy', { schema: copyOf('module', 'modules'), ...rightsFirst((request) => authorize(request, chapters, 'create')) }, async (request, reply) => {
    const id = pathId(request);
    const target = copyTarget(request.body, 'module', 'modules');
    try {
      const copyId = await db.transaction(async (tx) => {
        const [source] = await tx.query<{ module_id: number | null }>('SELECT module_id FROM chapters WHERE id = $1', [id]);
        if (!source) throw notFound(`Chapter ${id} not found.`);
        await boundCopy(request, tx, copyRows.chapters('$1::int'), [id]);
        const module = target ?? source.module_id;
        await lockGroups(tx, { table: 'chapters', parentColumn: 'module_id' }, [module]);
        const [{ next }] = await tx.query<{ next: number }>(`SELECT ${nextPosition('chapters', 'module_id', '$1::int')} AS next`, [module]);
        const [copy] = await copyChapters(tx, [id], module, next);
        return copy;
      });
      return replyWithRecord(engine, request, reply, chapters, copyId, 201);
    } catch (error) {
      throw mapPgError(error, chapters, 'write');
    }
  });

  const modules = declarationOf('modules');
  app.post('/api/modules/:id/copy', { schema: copyOf('course', 'courses'), ...rightsFirst((request) => authorize(request, modules, 'create')) }, async (request, reply) => {
    const id = pathId(request);
    const target = copyTarget(request.body, 'course', 'courses');
    try {
      const copyId = await db.transaction(async (tx) => {
        const [source] = await tx.query<{ course_id: number | null }>('SELECT course_id FROM modules WHERE id = $1', [id]);
        if (!source) throw notFound(`Module ${id} not found.`);
        await boundCopy(request, tx, copyRows.modules('$1::int'), [id]);
        const course = target ?? source.course_id;
        await lockGroups(tx, { table: 'modules', parentColumn: 'course_id' }, [course]);
        const [copy] = await tx.query<{ id: number }>(
          `INSERT INTO modules (title, description, course_id, position, is_template)
           SELECT title, description, $2::int, ${nextPosition('modules', 'course_id', '$2::int')}, false FROM modules WHERE id = $1
           RETURNING id`,
          [id, course],
        );
        await tx.query('INSERT INTO module_tags (module_id, tag_id) SELECT $2, tag_id FROM module_tags WHERE module_id = $1', [id, copy.id]);
        const sourceChapters = await tx.query<{ id: number }>('SELECT id FROM chapters WHERE module_id = $1 ORDER BY position, id', [id]);
        await copyChapters(tx, sourceChapters.map((chapter) => chapter.id), copy.id, 0);
        return copy.id;
      });
      return replyWithRecord(engine, request, reply, modules, copyId, 201);
    } catch (error) {
      throw mapPgError(error, modules, 'write');
    }
  });
}
