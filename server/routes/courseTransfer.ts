import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { COPY_MAX_ROWS, copyCost, importedBytesCost } from '../../src/domain/copies.ts';
import { COURSE_ARCHIVE_FIELD, COURSE_IMPORT_PROBLEMS } from '../../src/domain/courseFormat.ts';
import { CONTENT_DOCUMENT_CONTEXTS } from '../../src/domain/rights.ts';
import type { Database } from '../db/database.ts';
import { runAsAction } from '../db/scope.ts';
import { refusal, resourceItem, streamed } from '../http/answers.ts';
import { authorize } from '../resources/authorize.ts';
import { notFound, unprocessable, type Violation } from '../shared/errors.ts';
import { idParams, multipartBody, pathId, rightsFirst, typedRoutes } from '../http/routeSchema.ts';
import { spendMoreWrites } from '../http/writeBudget.ts';
import { refuseImportWhenBusy, takeImportSlot } from '../http/importSlot.ts';
import type { ImportSlots } from '../bounds/importSlots.ts';
import type { ResourceEngine } from '../resources/engine.ts';
import { mapPgError } from '../resources/pgErrors.ts';
import { removeAll, type FileStorage } from '../storage/fileStorage.ts';
import { courseArchive, describeCourse } from '../transfer/courseExport.ts';
import {
  CourseImportError,
  openCourseArchive,
  storeDocuments,
  type StoredDocument,
  writeCourse,
} from '../transfer/courseImport.ts';
import { readCourseFile } from '../transfer/readCourseFile.ts';
import { andAll, declarationOf, replyWithRecord } from './actions/support.ts';
import { contentDisposition } from '../http/fileDownload.ts';

const [COVER_CONTEXT, PART_CONTEXT] = CONTENT_DOCUMENT_CONTEXTS;

/**
 * A course to a file and back (src/domain/courseFormat.ts): `GET /api/courses/{id}/export` answers a zip of
 * the course the session reads; `POST /api/courses/import` rebuilds one as a new draft of the session's
 * structure, in one transaction, or refuses the file whole with a 422 naming each problem in French.
 */
export async function courseTransferRoutes(
  fastify: FastifyInstance,
  options: {
    db: Database;
    engine: ResourceEngine;
    files: FileStorage;
    uploadMaxMb: number;
    courseImportMaxMb: number;
    importSlots: ImportSlots;
  },
) {
  const app = typedRoutes(fastify);
  const { db, engine, files, uploadMaxMb, importSlots } = options;
  const courses = declarationOf('courses');
  const tags = declarationOf('tags');
  const skills = declarationOf('skills');
  const languages = declarationOf('languages');
  // Scoped to this plugin, like the documents' own registration.
  await app.register(multipart, { limits: { fileSize: uploadMaxMb * 1024 * 1024, files: 1, fields: 5 } });

  app.get(
    '/api/courses/:id/export',
    {
      schema: {
        params: idParams,
        response: { 200: streamed('application/zip', 'The course: course.json and its documents’ files.') },
      },
      ...rightsFirst((request) => authorize(request, courses, 'get')),
    },
    async (request, reply) => {
      const { scope, session } = authorize(request, courses, 'get');
      const id = pathId(request);
      // One transaction, the structure's scope set once for every statement of the tree.
      const described = await db.transaction(async (tx) => {
        const [course] = await tx.query(`SELECT 1 FROM courses t WHERE t.id = $1${andAll(scope)}`, [id]);
        if (!course) throw notFound(`Course ${id} not found.`);
        return describeCourse(tx, id, session);
      });
      if (!described) throw notFound(`Course ${id} not found.`);
      const name = `${described.file.course.title.replace(/[\\/:*?"<>|]+/g, ' ').trim() || `cours-${id}`}.zip`;
      return reply
        .header('Content-Type', 'application/zip')
        .header('Content-Disposition', contentDisposition(name))
        .header('X-Content-Type-Options', 'nosniff')
        .send(await courseArchive(described, files));
    },
  );

  const refuse = (violations: Violation[]) => {
    const error = unprocessable(violations);
    error.body.reason = 'course_import';
    return error;
  };

  app.post(
    '/api/courses/import',
    {
      schema: {
        body: multipartBody({ file: 'The zip an export gave (one part).' }),
        response: {
          201: resourceItem(courses.type),
          422: refusal('The file is no course export this server reads (its violations say why).'),
        },
      },
    },
    async (request, reply) => {
      const { session } = authorize(request, courses, 'create');
      const tagScope = andAll(authorize(request, tags, 'list').scope);
      const skillScope = andAll(authorize(request, skills, 'list').scope);
      const languageScope = andAll(authorize(request, languages, 'list').scope);
      // Refused before the upload is read when this process is busy; the slot itself is taken once it is.
      refuseImportWhenBusy(importSlots);
      const upload = await request.file().catch(() => undefined);
      if (!upload)
        throw unprocessable([
          {
            propertyPath: COURSE_ARCHIVE_FIELD,
            code: 'blank',
            message: 'Un fichier doit être envoyé dans le champ « file ».',
          },
        ]);
      const content = await upload.file
        .toArray()
        .then((chunks: Buffer[]) => Buffer.concat(chunks))
        .catch(() => undefined);
      if (!content || upload.file.truncated)
        throw refuse([
          {
            propertyPath: COURSE_ARCHIVE_FIELD,
            code: 'too_large',
            message: COURSE_IMPORT_PROBLEMS.too_large(`plus de ${uploadMaxMb} Mo`),
          },
        ]);

      const release = takeImportSlot(importSlots);
      let stored: StoredDocument[] = [];
      try {
        const archive = await openCourseArchive(content, {
          entryMaxMb: uploadMaxMb,
          totalMaxMb: options.courseImportMaxMb,
        });
        const read = readCourseFile(archive.manifest, { maxUploadMb: uploadMaxMb, filesInArchive: archive.paths });
        const violations = [...read.violations];
        if (read.rows > COPY_MAX_ROWS)
          violations.push({
            propertyPath: 'course',
            code: 'too_large',
            message: COURSE_IMPORT_PROBLEMS.too_large(
              `ce cours écrirait ${read.rows} éléments, un import en écrit au plus ${COPY_MAX_ROWS}`,
            ),
          });
        if (!read.file || violations.length) throw refuse(violations);
        const file = read.file;
        let languageId: number | null = null;
        if (file.course.language !== null) {
          const [language] = await db.query<{ id: number }>(
            `SELECT t.id FROM languages t WHERE t.code = $1${languageScope}`,
            [file.course.language],
          );
          if (!language)
            throw refuse([
              {
                propertyPath: 'course.language',
                code: 'unknown_language',
                message: COURSE_IMPORT_PROBLEMS.unknown_language(file.course.language),
              },
            ]);
          languageId = Number(language.id);
        }
        // The files streamed into the store under fresh keys no document names yet, each paid for by its
        // bytes as it lands (the work is done even if the import is refused later); the transaction then
        // names them, or they are removed.
        const documents = await storeDocuments(archive, file, files, (size) =>
          spendMoreWrites(request, importedBytesCost(size)),
        );
        if (documents.violations.length) throw refuse(documents.violations);
        stored = documents.documents;
        const covers = new Set(file.course.cover ? [file.course.cover] : []);
        // The entry's record is the new course: the first course the transaction creates.
        const courseId = await runAsAction('import', { resource: 'courses' }, () =>
          db.transaction(async (tx) => {
            // Bounded as a copy of the same size is (COPY_MAX_ROWS above), and paid for as one.
            await spendMoreWrites(request, copyCost(read.rows) - 1, tx);
            const inserted = await tx.query<{ id: number; storage_key: string }>(
              `INSERT INTO documents (name, mime_type, size, context, owner_id, storage_key)
               SELECT * FROM unnest($1::text[], $2::text[], $3::int8[], $4::text[], $5::int4[], $6::text[])
               RETURNING id, storage_key`,
              [
                stored.map((document) => document.name),
                stored.map((document) => document.mimeType),
                stored.map((document) => document.size),
                stored.map((document) => (covers.has(document.ref) ? COVER_CONTEXT : PART_CONTEXT)),
                stored.map(() => session.userId),
                stored.map((document) => document.key),
              ],
            );
            const idOfKey = new Map(inserted.map((row) => [row.storage_key, Number(row.id)]));
            const documentIds = new Map(stored.map((document) => [document.ref, idOfKey.get(document.key)!]));
            return writeCourse(tx, file, documentIds, languageId, tagScope, skillScope);
          }),
        );
        stored = [];
        reply.header('Location', `/api/courses/${courseId}`);
        return replyWithRecord(engine, request, reply, courses, courseId, 201);
      } catch (error) {
        await removeAll(
          files,
          stored.map((document) => document.key),
        ).catch(() => undefined);
        if (error instanceof CourseImportError) throw refuse(error.violations);
        throw mapPgError(error, courses, 'write');
      } finally {
        release();
      }
    },
  );
}
