import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';
import type { FileStorage } from '../../storage/fileStorage.ts';
import type { ResourceEngine } from '../../resources/engine.ts';
import type { TicketNotifier } from '../../tickets/ticketNotifier.ts';
import { bulkRoutes } from './bulk.ts';
import { courseCopyRoutes } from './courseCopy.ts';
import { courseRerunRoutes } from './courseRerun.ts';
import { courseRoutes } from './courses.ts';
import { folderRoutes } from './folders.ts';
import { orderingRoutes } from './ordering.ts';
import { outlineRoutes } from './outline.ts';
import { participationRoutes } from './participations.ts';
import { relationActionRoutes } from './relations.ts';
import { releaseTimeZoneRoutes } from './releaseTimeZone.ts';
import { ticketRoutes } from './tickets.ts';
import { userRoutes } from './users.ts';

/** The calls of API.md's Actions table beyond CRUD, each in a transaction where it writes. */
export async function actionRoutes(
  app: FastifyInstance,
  options: { db: Database; engine: ResourceEngine; files: FileStorage; ticketNotifier?: TicketNotifier },
) {
  await app.register(relationActionRoutes, options);
  await app.register(orderingRoutes, options);
  await app.register(bulkRoutes, options);
  await app.register(courseRoutes, options);
  await app.register(courseCopyRoutes, options);
  await app.register(courseRerunRoutes, options);
  await app.register(outlineRoutes, options);
  await app.register(releaseTimeZoneRoutes, options);
  await app.register(ticketRoutes, options);
  await app.register(folderRoutes, options);
  await app.register(userRoutes, options);
  await app.register(participationRoutes, options);
}
