import type { Database } from './database.ts';

/** What a timed view reports: a statement's or a whole transaction's duration, in seconds, and its outcome. */
export type StatementObserver = (kind: 'query' | 'transaction', seconds: number, failed: boolean) => void;

/**
 * The same database, each statement and transaction sent through it timed for the operator's figures
 * (server/http/metrics.ts). A scoped view of it is timed too; the statements inside a transaction count
 * once, as the transaction.
 */
export function timedView(db: Database, observe: StatementObserver): Database {
  const timed = async <T>(kind: 'query' | 'transaction', work: () => Promise<T>): Promise<T> => {
    const start = process.hrtime.bigint();
    let failed = false;
    try {
      return await work();
    } catch (error) {
      failed = true;
      throw error;
    } finally {
      observe(kind, Number(process.hrtime.bigint() - start) / 1e9, failed);
    }
  };
  const view: Database = {
    kind: db.kind,
    query: (sql, params) => timed('query', () => db.query(sql, params)),
    transaction: (work) => timed('transaction', () => db.transaction(work)),
    exec: (sql) => db.exec(sql),
    useRole: (role) => db.useRole(role),
    scoped: (scope) => timedView(db.scoped(scope), observe),
    listen: (channel, onNotify, onGap) => db.listen(channel, onNotify, onGap),
    heard: () => db.heard(),
    close: () => db.close(),
    poolStats: db.poolStats ? () => db.poolStats!() : undefined,
  };
  return view;
}
