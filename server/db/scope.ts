import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Whose rows a statement may see, as PostgreSQL's row-level security reads it (migration 0008's policies):
 * one structure's, or every structure's for platform staff and the server's own work. `userId` is who writes,
 * for the triggers that keep a record of changes.
 */
export interface Scope {
  structure: number | null;
  platform: boolean;
  userId?: number | null;
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

/**
 * The statement that sets a scope for the current transaction only (`set_config(…, true)`), so that a
 * connection handed to another caller, or a pooler's next client, never inherits it. Its values are
 * integers and a flag, written as literals: it can travel in one message with the BEGIN.
 */
export function scopeSettingSql(scope: Scope): string {
  return `SELECT set_config('app.structure', '${settingId(scope.structure)}', true),
    set_config('app.platform', '${scope.platform ? 'on' : 'off'}', true),
    set_config('app.user_id', '${settingId(scope.userId)}', true)`;
}
