import { runAsAction } from '../db/scope.ts';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database.ts';
import { ApiError, problem, unprocessable, violation } from '../shared/errors.ts';
import { activateVersion, maxDepthOf, storeVersion } from '../imports/importStore.ts';
import { planImport, readXmind, XmindError } from '../imports/xmind.ts';
import type { ResourceEngine } from '../resources/engine.ts';
import { authorize } from '../resources/authorize.ts';
import { sanitizeFileName } from '../storage/sniff.ts';
import { idParams, multipartBody, noBody, pathId, rightsFirst, typedRoutes } from '../http/routeSchema.ts';
import { declarationOf, replyWithRecord } from './actions/support.ts';
import { resourceItem } from '../http/answers.ts';
import { importedBytesCost } from '../../src/domain/copies.ts';
import type { ImportSlots } from '../bounds/importSlots.ts';
import { refuseImportWhenBusy, takeImportSlot } from '../http/importSlot.ts';
import { spendMoreWrites } from '../http/writeBudget.ts';

/** POST /api/imports (an XMind file becomes a new version) and PUT /api/imports/[id]/activate. */
export async function importRoutes(
  fastify: FastifyInstance,
  options: { db: Database; engine: ResourceEngine; uploadMaxMb: number; importSlots: ImportSlots },
) {
  const app = typedRoutes(fastify);
  const { db, engine } = options;
  const imports = declarationOf('imports');
  // Scoped to this plugin, like the documents' own registration.
  await app.register(multipart, { limits: { fileSize: options.uploadMaxMb * 1024 * 1024, files: 1, fields: 5 } });

  app.post(
    '/api/imports',
    {
      schema: {
        body: multipartBody({ file: 'The XMind file (one part).' }),
        response: { 201: resourceItem(imports.type) },
      },
    },
    async (request, reply) => {
      // Creating a version needs the right to create imports, though the resource has no generic create.
      authorize(request, imports, 'create');
      // Refused before the upload is read when this process is busy; the slot itself is taken once it is.
      refuseImportWhenBusy(options.importSlots);
      const file = await request.file().catch(() => undefined);
      if (!file)
        throw unprocessable([violation('file', 'blank', 'An XMind file must be sent in the multipart field "file".')]);
      const content = await file.toBuffer().catch((error: unknown) => {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
          throw problem(413, `The file is larger than ${options.uploadMaxMb} MB.`);
        throw error;
      });
      const fileName = sanitizeFileName(file.filename) || 'carte.xmind';
      const release = takeImportSlot(options.importSlots);
      let id: number;
      try {
        let plan;
        try {
          plan = planImport(
            await readXmind(content, options.uploadMaxMb * 1024 * 1024),
            fileName,
            await maxDepthOf(db),
          );
        } catch (error) {
          if (error instanceof XmindError) {
            const refused = unprocessable([violation('file', 'format', error.message)]);
            throw new ApiError(422, { ...refused.body, reason: `xmind_${error.reason}` }, refused.contentType);
          }
          throw error;
        }
        // Paid for by the text it stores, before it is stored: beyond the budget, a 429 and nothing written.
        const bytes = plan.sheets.reduce(
          (sum, sheet) => sum + Buffer.byteLength(sheet.title) + Buffer.byteLength(sheet.content),
          0,
        );
        await spendMoreWrites(request, importedBytesCost(bytes) - 1);
        // The entry's record is the new version: the first import the transaction creates.
        id = await runAsAction('import', { resource: 'imports' }, () => storeVersion(db, fileName, plan));
      } finally {
        release();
      }
      reply.header('Location', `/api/imports/${id}`);
      return replyWithRecord(engine, request, reply, imports, id, 201);
    },
  );

  app.put(
    '/api/imports/:id/activate',
    {
      schema: { params: idParams, body: noBody, response: { 200: resourceItem(imports.type) } },
      ...rightsFirst((request) => authorize(request, imports, 'update')),
    },
    async (request, reply) => {
      const id = pathId(request);
      await runAsAction('activate-import', { resource: 'imports', id }, () => activateVersion(db, id));
      return replyWithRecord(engine, request, reply, imports, id);
    },
  );
}
