import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database.ts';

export async function healthRoutes(app: FastifyInstance, { db }: { db: Database }) {
  app.get('/api/health', async () => {
    await db.query('SELECT 1');
    return { status: 'ok', database: db.kind };
  });
}
