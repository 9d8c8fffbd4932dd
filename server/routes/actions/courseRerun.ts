import type { FastifyInstance } from 'fastify';
import { RERUN_MAX_OFFSET_DAYS } from '../../../src/domain/courseFormat.ts';
import type { Database, Queryable } from '../../db/database.ts';
import { runAsAction } from '../../db/scope.ts';
import { resourceItem } from '../../http/answers.ts';
import { authorize } from '../../http/authorize.ts';
import { notFound } from '../../http/errors.ts';
import {
  filledText,
  idParams,
  optionalBody,
  optionalField,
  pathId,
  refusedAs,
  rightsFirst,
  typedRoutes,
} from '../../http/routeSchema.ts';
import type { ResourceEngine } from '../../resources/engine.ts';
import { mapPgError } from '../../resources/pgErrors.ts';
import { columnOf } from '../../resources/types.ts';
import { copyCourse } from './courseCopy.ts';
import { boundCopy, copyRows } from './copySize.ts';
import { andAll, declarationOf, replyWithRecord } from './support.ts';

/** Each level of a course's tree, with the SQL of the copy's rows of that level (`$1`: the copy's id). */
const TREE = [
  ['courses', 'SELECT $1::int'],
  ['modules', 'SELECT id FROM modules WHERE course_id = $1'],
  ['chapters', 'SELECT c.id FROM chapters c JOIN modules m ON m.id = c.module_id WHERE m.course_id = $1'],
  [
    'chapter-parts',
    `SELECT p.id FROM chapter_parts p JOIN chapters c ON c.id = p.chapter_id JOIN modules m ON m.id = c.module_id
      WHERE m.course_id = $1`,
  ],
] as const;

/**
 * The dates an author sets in a course's tree: every datetime field of its levels that a client writes (a
 * publication date is the server's, and a copy is a draft anyway). Read from the declarations, so a date
 * field added to a level is shifted by a re-run without a word here.
 */
export const scheduledDates = () =>
  TREE.flatMap(([resource, rows]) => {
    const declaration = declarationOf(resource);
    const columns = Object.entries(declaration.fields)
      .filter(([, field]) => field.type.kind === 'datetime' && !field.readOnly)
      .map(([name, field]) => columnOf(name, field));
    return columns.length ? [{ table: declaration.table, columns, rows }] : [];
  });

/** The copy's dates moved by `offsetDays`, or cleared when it is null. */
async function moveDates(tx: Queryable, copyId: number, offsetDays: number | null): Promise<void> {
  for (const { table, columns, rows } of scheduledDates())
    await tx.query(
      `UPDATE ${table} SET ${columns
        .map((column) => `${column} = ${column} + make_interval(days => $2::int)`)
        .join(', ')} WHERE id IN (${rows})`,
      [copyId, offsetDays],
    );
}

/**
 * `POST /api/courses/{id}/rerun`: a new session of a course. The whole course copied as the copy action
 * copies it (same rights, same size cap, one transaction), under the title given, its dates moved by the
 * offset given in days or cleared. An author runs a course again without touching the session under way.
 */
export async function courseRerunRoutes(
  fastify: FastifyInstance,
  { db, engine }: { db: Database; engine: ResourceEngine },
) {
  const app = typedRoutes(fastify);
  const courses = declarationOf('courses');
  const rights = rightsFirst((request) => [authorize(request, courses, 'get'), authorize(request, courses, 'create')]);
  const body = optionalBody({
    title: refusedAs(filledText(255), 'length', 'The title must hold 1 to 255 characters.'),
    dateOffsetDays: {
      anyOf: [
        refusedAs(
          { type: 'integer', minimum: -RERUN_MAX_OFFSET_DAYS, maximum: RERUN_MAX_OFFSET_DAYS },
          'range',
          `The offset is a number of days between -${RERUN_MAX_OFFSET_DAYS} and ${RERUN_MAX_OFFSET_DAYS}.`,
        ),
        { type: 'null' },
      ],
    },
  });
  app.post(
    '/api/courses/:id/rerun',
    { schema: { params: idParams, body, response: { 201: resourceItem(courses.type) } }, ...rights },
    async (request, reply) => {
      const { scope } = authorize(request, courses, 'get');
      const id = pathId(request);
      const title = optionalField(request.body, 'title') as string | undefined;
      const offset = optionalField(request.body, 'dateOffsetDays') as number | null | undefined;
      try {
        // The entry's record is the new session: the first course the transaction creates.
        const copyId = await runAsAction('rerun', { resource: 'courses' }, () =>
          db.transaction(async (tx) => {
            // A plain read, as the copy's: a locking read would need the UPDATE policy too.
            const [source] = await tx.query(`SELECT 1 FROM courses t WHERE t.id = $1${andAll(scope)}`, [id]);
            if (!source) throw notFound(`Course ${id} not found.`);
            await boundCopy(request, tx, copyRows.courses('$1::int'), [id]);
            const copy = await copyCourse(tx, id, title?.trim());
            await moveDates(tx, copy, offset ?? null);
            const [still] = await tx.query('SELECT 1 FROM courses WHERE id = $1', [id]);
            if (!still) throw notFound(`Course ${id} not found.`);
            return copy;
          }),
        );
        reply.header('Location', `/api/courses/${copyId}`);
        return replyWithRecord(engine, request, reply, courses, copyId, 201);
      } catch (error) {
        throw mapPgError(error, courses, 'write');
      }
    },
  );
}
