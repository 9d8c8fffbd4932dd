import { AsyncLocalStorage } from 'node:async_hooks';
import { createHmac } from 'node:crypto';
import type { AuditAction } from '../../src/domain/audit.ts';

/**
 * Whose rows a statement may see, as PostgreSQL's row-level security reads it (migration 0008's policies):
 * one structure's, or every structure's for platform staff and the server's own work. `userId` is who writes,
 * for the triggers that keep a record of changes.
 */
export interface Scope {
  structure: number | null;
  platform: boolean;
  userId?: number | null;
  /**
   * The statements read as the user's supervisor role: row-level security shows them only the rows of the
   * learners the user supervises (server/resources/supervision.ts), whatever their own conditions say. Set
   * by a supervisor's read routes, sealed with the structure, the platform flag and the user.
   */
  supervisor?: boolean;
  /**
   * What the audit log's entry of a write says was done (src/domain/audit.ts, AUDIT_ACTIONS) and its main
   * record (the resource's API name, and the record's id when it is known before the write).
   */
  action?: AuditAction;
  resource?: string;
  recordId?: number | null;
}

/** Every structure's rows: platform staff's "all structures", and the server's own work (sign-in, sweeps, seeds). */
export const PLATFORM: Scope = Object.freeze({ structure: null, platform: true });

/** The role the server's statements run as: it does not own the tables and does not bypass row-level security. */
export const APP_ROLE = 'lms_app';

const scopes = new AsyncLocalStorage<Scope>();

/**
 * Runs `work` with every statement it sends (however deep, however late) scoped to `scope`. A statement sent
 * outside any scope sees no structure's rows at all: a query that forgot its scope returns nothing.
 */
export const runInScope = <T>(scope: Scope, work: () => T): T => scopes.run(scope, work);

export const currentScope = (): Scope | undefined => scopes.getStore();

const settingId = (value: number | null | undefined) => (Number.isSafeInteger(value) ? String(value) : '');
// Action and resource names are the domain's words: anything else is not written into the statement.
const settingName = (value: string | undefined) => (value && /^[a-z-]{1,64}$/.test(value) ? value : '');

/**
 * The key that seals a scope (migration 0036: only the tables' owner reads it): read by the server once, as
 * the owner, before its statements take the application's role (`setScopeKey`). One database per process.
 */
let sealKey: Buffer | undefined;

export function setScopeKey(key: Buffer): void {
  sealKey = key;
}

/**
 * The seal of a scope's structure, platform flag and user, one a line, and of its supervisor flag on a fourth
 * line when it is set (migration 0047; a scope without it is sealed as before): what `app_scope_sealed()`
 * recomputes with the same key. Without it, row-level security reads the settings as no scope at all, so a
 * statement that sets them by hand (one injected into a request) cannot widen its scope, nor drop the flag.
 */
const sealOf = (structure: string, platform: string, user: string, supervisor: string) =>
  sealKey
    ? createHmac('sha256', sealKey)
        .update(`${structure}\n${platform}\n${user}${supervisor ? `\n${supervisor}` : ''}`)
        .digest('hex')
    : '';

/**
 * The settings of a scope, in the order of the statement that sets them: the structure, the platform flag,
 * the user, what the audit log says of the write, the supervisor flag, and the seal.
 */
export const scopeSettings = (scope: Scope): string[] => {
  const structure = settingId(scope.structure);
  const platform = scope.platform ? 'on' : 'off';
  const user = settingId(scope.userId);
  const supervisor = scope.supervisor ? 'on' : '';
  return [
    structure,
    platform,
    user,
    settingName(scope.action),
    settingName(scope.resource),
    settingId(scope.recordId),
    supervisor,
    sealOf(structure, platform, user, supervisor),
  ];
};

/** The settings a scope's statement sets, in that order. */
export const SCOPE_SETTINGS = [
  'app.structure',
  'app.platform',
  'app.user_id',
  'app.action',
  'app.resource',
  'app.record_id',
  'app.supervisor',
  'app.scope_seal',
];

/** Runs `work` in the caller's scope read as its user's supervisor role (`Scope.supervisor`). */
export function asSupervisor<T>(work: () => T): T {
  const scope = currentScope() ?? { structure: null, platform: false };
  return runInScope({ ...scope, supervisor: true }, work);
}

/**
 * Runs `work` as one action of the audit log: the entry of each write it makes names this action and main
 * record (a hand-written route's reorder, copy, publish...), and `userId` who acted when no session says it
 * (a sign-in). The scope's structure is otherwise the caller's; outside any, none.
 */
export function runAsAction<T>(
  action: AuditAction,
  record: { resource: string; id?: number | null; userId?: number | null },
  work: () => T,
): T {
  const scope = currentScope() ?? { structure: null, platform: false };
  return runInScope(
    {
      ...scope,
      userId: scope.userId ?? record.userId,
      action,
      resource: record.resource,
      recordId: record.id ?? null,
    },
    work,
  );
}

/**
 * A scope whose rows are `rows`' (the platform's, for the server's own work), and whose writer and action
 * are still the caller's: the audit log says who asked for the work.
 */
export function withinScope(rows: Scope): Scope {
  const caller = currentScope();
  if (!caller) return rows;
  return {
    ...rows,
    userId: rows.userId ?? caller.userId,
    action: rows.action ?? caller.action,
    resource: rows.resource ?? caller.resource,
    recordId: rows.recordId ?? caller.recordId,
  };
}

/** As runAsAction, unless the caller already named the action (a restore is an update of its own name). */
export function runAsDefaultAction<T>(
  action: AuditAction,
  record: { resource: string; id?: number | null },
  work: () => T,
): T {
  return currentScope()?.action ? work() : runAsAction(action, record, work);
}

/**
 * The statement that sets a scope for the current transaction only (`set_config(…, true)`), so that a
 * connection handed to another caller, or a pooler's next client, never inherits it. Its values are
 * integers, a flag, the domain's names and the seal's hex, written as literals. On PostgreSQL the server sends
 * scopes as parameters instead (scopedQuery.ts), so that no seal shows in another session's
 * `pg_stat_activity`; this text is for the embedded database, one process whose only session is the server's.
 */
export function scopeSettingSql(scope: Scope): string {
  const values = scopeSettings(scope);
  return `SELECT ${SCOPE_SETTINGS.map((name, index) => `set_config('${name}', '${values[index]}', true)`).join(', ')}`;
}

/** The same statement with its values as parameters, for a transaction's own queries (`tx.query(...)`). */
export function scopeSettingQuery(scope: Scope): [string, string[]] {
  return [
    `SELECT ${SCOPE_SETTINGS.map((name, index) => `set_config('${name}', $${index + 1}, true)`).join(', ')}`,
    scopeSettings(scope),
  ];
}
