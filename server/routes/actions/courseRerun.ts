import type { FastifyInstance } from 'fastify';
import { courses as courseContract, maxLengthOf } from '../../../src/domain/contracts/index.ts';
import { RERUN_MAX_OFFSET_DAYS } from '../../../src/domain/courseFormat.ts';
import type { Database } from '../../db/database.ts';
import { resourceItem } from '../../http/answers.ts';
import { authorize } from '../../resources/authorize.ts';
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
import { copyReadableCourse } from './courseCopy.ts';
import { declarationOf, replyWithRecord } from './support.ts';
import { moveScheduledDates } from './treeDates.ts';
import { removeAll, type FileStorage } from '../../storage/fileStorage.ts';
import { duplicateCourseDocuments } from '../../transfer/duplicateDocuments.ts';

/**
 * `POST /api/courses/{id}/rerun`: a new session of a course. The whole course copied as the copy action
 * copies it (same rights, same size cap, one transaction), under the title given, its dates moved by the
 * offset given in days or cleared, and its documents duplicated (files included) for the new session. An author runs a course again without touching the session under way.
 */
const TITLE_MAX = maxLengthOf(courseContract, 'title');

export async function courseRerunRoutes(
  fastify: FastifyInstance,
  { db, engine, files }: { db: Database; engine: ResourceEngine; files: FileStorage },
) {
  const app = typedRoutes(fastify);
  const courses = declarationOf('courses');
  const rights = rightsFirst((request) => [authorize(request, courses, 'get'), authorize(request, courses, 'create')]);
  const body = optionalBody({
    title: refusedAs(filledText(TITLE_MAX), 'length', `The title must hold 1 to ${TITLE_MAX} characters.`),
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
      const { scope, session } = authorize(request, courses, 'get');
      const id = pathId(request);
      const written: string[] = [];
      const title = optionalField(request.body, 'title') as string | undefined;
      const offset = optionalField(request.body, 'dateOffsetDays') as number | null | undefined;
      try {
        const copyId = await copyReadableCourse(request, db, id, scope, 'rerun', {
          title: title?.trim(),
          finish: async (tx, copy) => {
            await moveScheduledDates(tx, copy, offset ?? null);
            await duplicateCourseDocuments(tx, files, copy, session, written);
          },
        });
        reply.header('Location', `/api/courses/${copyId}`);
        return replyWithRecord(engine, request, reply, courses, copyId, 201);
      } catch (error) {
        // The new files no document names any more.
        await removeAll(files, written).catch(() => undefined);
        throw mapPgError(error, courses, 'write');
      }
    },
  );
}
