import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database.ts';
import type { FileStorage } from '../storage/fileStorage.ts';
import { typedRoutes } from '../http/routeSchema.ts';
import { closedObject } from '../http/answers.ts';

/** A dependency that has not answered within this time counts as unreachable (a load balancer polls often). */
const READY_TIMEOUT_MS = 2_000;
/**
 * A file store that answered is not asked again for this long. Its check is a request to the object store,
 * some 2 ms of CPU through the AWS SDK, where the database's `SELECT 1` costs a tenth of that; load balancers
 * ask every process every second or so, and an idle process would spend most of its CPU on being asked.
 */
export const STORAGE_FRESH_MS = 2_000;

type Reach = 'ok' | 'unreachable';

async function reach(work: () => Promise<unknown>): Promise<{ reach: Reach; error?: string }> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${READY_TIMEOUT_MS} ms`)), READY_TIMEOUT_MS);
  });
  try {
    await Promise.race([work(), late]);
    return { reach: 'ok' };
  } catch (error) {
    return { reach: 'unreachable', error: error instanceof Error ? error.message : String(error) };
  } finally {
    clearTimeout(timer);
  }
}

const alive = closedObject(
  'The process answers and reaches its database.',
  { status: { type: 'string' }, database: { type: 'string' } },
  ['status'],
);
const readiness = closedObject(
  'Whether to send the process traffic (503 when not), and what it reaches.',
  { status: { type: 'string' }, database: { type: 'string' }, storage: { type: 'string' } },
  ['status', 'database', 'storage'],
);

/**
 * `GET /api/health`: liveness (the process answers and reaches its database). `GET /api/health/ready`:
 * whether to send it traffic: 503 while the database or the file store cannot be reached, and once the
 * process is stopping (`draining`), so that a load balancer routes around it.
 */
export async function healthRoutes(
  fastify: FastifyInstance,
  { db, files, draining }: { db: Database; files: FileStorage; draining: () => boolean },
) {
  const app = typedRoutes(fastify);
  app.get('/api/health', { schema: { response: { 200: alive } } }, async () => {
    await db.query('SELECT 1');
    return { status: 'ok', database: db.kind };
  });

  // One check of the store at a time, whatever the number of polls; a success is kept STORAGE_FRESH_MS.
  let storageOkAt = -Infinity;
  let storageCheck: Promise<void> | undefined;
  const checkStorage = async () => {
    if (Date.now() - storageOkAt < STORAGE_FRESH_MS) return;
    storageCheck ??= files
      .check()
      .then(() => {
        storageOkAt = Date.now();
      })
      .finally(() => {
        storageCheck = undefined;
      });
    await storageCheck;
  };

  // A failure is logged when it starts or changes, not at every poll.
  let lastFailure = '';
  app.get('/api/health/ready', { schema: { response: { 200: readiness, 503: readiness } } }, async (request, reply) => {
    const [database, storage] = await Promise.all([reach(() => db.query('SELECT 1')), reach(checkStorage)]);
    const failure = [database.error && `database: ${database.error}`, storage.error && `file store: ${storage.error}`]
      .filter(Boolean)
      .join('; ');
    if (failure && failure !== lastFailure) request.log.warn(`Not ready: ${failure}`);
    lastFailure = failure;
    const stopping = draining();
    const ready = !stopping && !failure;
    return reply
      .status(ready ? 200 : 503)
      .header('Cache-Control', 'no-store')
      .send({
        status: ready ? 'ready' : stopping ? 'stopping' : 'unavailable',
        database: database.reach,
        storage: storage.reach,
      });
  });
}
