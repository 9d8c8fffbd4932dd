import type { FastifyInstance } from 'fastify';
import type { Database } from '../../server/db/database.ts';

/**
 * A bench's server child: listens on a free port of 127.0.0.1 and leaves cleanly (Fastify, then the
 * database) on SIGTERM, SIGINT, or when the parent dies (its stdin pipe closes). Answers the port.
 */
export async function serveUntilStopped(app: FastifyInstance, db: Database): Promise<number> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    try {
      await app.close();
      await db.close();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
  // The parent holds our stdin: when it dies without a word, the pipe closes and we leave too.
  process.stdin.on('end', () => void stop());
  process.stdin.resume();
  return port;
}
