import pg from 'pg';
import { SCOPE_SETTINGS, scopeSettings, type Scope } from './scope.ts';

/** The statement that sets a scope, prepared once per connection (`prepareScope`) under this name. */
const SCOPE_STATEMENT = 'lms_scope';
const SCOPE_SQL = `SELECT ${SCOPE_SETTINGS.map((name, index) => `set_config('${name}', $${index + 1}, true)`).join(', ')}`;
const scopeValues = scopeSettings;

/**
 * Prepares the scope's statement on a connection, before any ScopedQuery uses it (run outside a transaction,
 * its settings last no longer than itself).
 */
export async function prepareScope(client: pg.ClientBase): Promise<void> {
  await client.query({
    name: SCOPE_STATEMENT,
    text: SCOPE_SQL,
    values: scopeValues({ structure: null, platform: false }),
  });
}

/* eslint-disable @typescript-eslint/no-explicit-any -- node-postgres's connection and protocol messages are untyped. */
type Connection = any;

/**
 * One statement in a scope, in one round trip and one transaction without BEGIN nor COMMIT: the extended
 * protocol runs every message up to a Sync in one implicit transaction, so the scope's set_config(…, true)
 * (Bind and Execute of the statement `prepareScope` made on the connection) and the statement (Parse if new,
 * Bind, Describe, Execute) go out together, followed by one Sync. The scope holds for that statement alone, also
 * through a transaction-mode pooler. What the scope's statement answers is not the caller's: its row and
 * its completion are left out of the result.
 */
// node-postgres's own Query, whose protocol steps ScopedQuery reuses; its typings hide them.
const BaseQuery = pg.Query as unknown as new (config: object) => object;
const base = pg.Query.prototype as any;

export class ScopedQuery extends BaseQuery {
  private scopeDone = false;

  constructor(
    private readonly scope: Scope,
    config: pg.QueryConfig,
    callback: (error: Error | null, result: pg.QueryResult) => void,
  ) {
    super({ ...config, callback });
  }

  submit(connection: Connection): Error | null {
    // Its own Parse here would be taken for the statement's by node-postgres's bookkeeping.
    if (connection.parsedStatements[SCOPE_STATEMENT] !== SCOPE_SQL)
      return new Error('The connection has not prepared the scope statement.');
    connection.stream.cork?.();
    try {
      connection.bind({ portal: '', statement: SCOPE_STATEMENT, values: scopeValues(this.scope) });
      connection.execute({ portal: '', rows: 0 });
      // The statement itself, as node-postgres sends any prepared one: Parse if new, Bind, Describe, Execute, Sync.
      base.prepare.call(this, connection);
    } finally {
      connection.stream.uncork?.();
    }
    return null;
  }

  handleDataRow(message: unknown): void {
    if (this.scopeDone) base.handleDataRow.call(this, message);
  }

  handleCommandComplete(message: unknown, connection: Connection): void {
    if (!this.scopeDone) {
      this.scopeDone = true;
      return;
    }
    base.handleCommandComplete.call(this, message, connection);
  }
}
/* eslint-enable @typescript-eslint/no-explicit-any */
