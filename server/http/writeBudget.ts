import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { WriteBudgets } from '../bounds/writeBudgets.ts';
import type { WriteBudget } from '../shared/settings.ts';
import type { Queryable } from '../db/database.ts';
import { tooMany } from '../shared/errors.ts';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

declare module 'fastify' {
  interface FastifyInstance {
    writeBudgets: WriteBudgets;
  }
  interface FastifyContextConfig {
    /** The route spends from a budget of its own (a panel's presence signals), not from its user's writes. */
    ownWriteBudget?: boolean;
  }
}

const tooManyWrites = (wait: number) => tooMany(wait, `Too many writes; try again in ${wait} s.`);

/**
 * Every write made with a session spends from its user's budget (server/bounds/writeBudgets.ts), whichever
 * session and process it comes through; beyond it, a 429 with Retry-After before the body is read. Calls
 * without a session have their own bounds (docs/SECURITY.md). Registered after the auth hook, which
 * reads the session.
 */
export const writeBudget = fp<{ db: Queryable; budget: WriteBudget }>(async (app, { db, budget }) => {
  const budgets = new WriteBudgets(db, budget);
  app.decorate('writeBudgets', budgets);
  app.addHook('onRequest', async (request) => {
    if (!request.session || !WRITES.has(request.method) || request.routeOptions.config.ownWriteBudget) return;
    const wait = await budgets.spend(request.session.userId);
    if (wait > 0) throw tooManyWrites(wait);
  });
});

/**
 * A write that weighs more than one (a copy of many rows) spends `writes` more of its user's budget, in
 * `tx` (when given): beyond it, the same 429, and the transaction writes nothing.
 */
export async function spendMoreWrites(request: FastifyRequest, writes: number, tx?: Queryable): Promise<void> {
  if (!request.session || writes <= 0) return;
  const wait = await request.server.writeBudgets.spend(request.session.userId, writes, tx);
  if (wait > 0) throw tooManyWrites(wait);
}
