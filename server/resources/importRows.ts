import type { Database, Queryable } from '../db/database.ts';
import { runAsAction } from '../db/scope.ts';
import { ApiError, unprocessable, violation, type Violation } from '../shared/errors.ts';
import {
  BROKEN_ENCODING,
  CSV_IMPORT_AUDIT_ACTION,
  CSV_IMPORT_EXCLUDED_FIELDS,
  EXCLUDED_FIELD,
  hasBrokenEncoding,
} from '../../src/domain/csvImport.ts';
import type { ResourceEngine } from './engine.ts';
import { mapPgError } from './pgErrors.ts';
import type { ResourceDeclaration } from './types.ts';
import type { WritePlan, WriteSession } from './writes.ts';

/** A violation of one row of an import: the row's index in `rows` (from 0) and its field. */
export interface RowViolation extends Violation {
  row: number;
  field: string;
}

export interface ImportOptions {
  /** Check every row as the import would, then keep nothing. */
  dryRun: boolean;
  /** Spends what the rows weigh (the write budget), in the import's transaction; not on a dry run. */
  spend?: (tx: Queryable) => Promise<void>;
}

const rowViolation = (row: number, found: Violation): RowViolation => ({
  ...found,
  propertyPath: found.propertyPath ? `rows[${row}].${found.propertyPath}` : `rows[${row}]`,
  row,
  field: found.propertyPath,
});

/** What the create's checks cannot see: a value the file's reader could not decode, a field no file sets. */
function fileProblems(row: Record<string, unknown>): Violation[] {
  const problems: Violation[] = [];
  for (const [field, value] of Object.entries(row)) {
    if (CSV_IMPORT_EXCLUDED_FIELDS.includes(field))
      problems.push(violation(field, EXCLUDED_FIELD.code, EXCLUDED_FIELD.message));
    else if (typeof value === 'string' && hasBrokenEncoding(value))
      problems.push(violation(field, BROKEN_ENCODING.code, BROKEN_ENCODING.message));
  }
  return problems;
}

/** A row's 422 as its violations; any other failure is the whole request's. */
function violationsOf(error: unknown): Violation[] {
  if (error instanceof ApiError && error.status === 422) return error.body.violations as Violation[];
  throw error;
}

/** Thrown out of a dry run's transaction so that it rolls back, carrying what the import would have answered. */
class DryRunDone {
  constructor(readonly ids: number[]) {}
}

/**
 * Creates every row as `POST /api/{resource}` would (the same checks, rights, field rules and structure), in
 * one transaction: all of them, or none with a 422 listing each row's violations. Every row is checked, the
 * database's rules included (a unique value, twice in the file or already taken): each row is inserted under
 * a savepoint of its own, so that one refusal does not hide the next. A dry run does the same and rolls back.
 */
export async function importRows(
  db: Database,
  engine: ResourceEngine,
  declaration: ResourceDeclaration,
  rows: Record<string, unknown>[],
  session: WriteSession,
  { dryRun, spend }: ImportOptions,
): Promise<number[]> {
  const violations: RowViolation[] = [];
  const plans: (WritePlan | undefined)[] = [];
  // Planned before the transaction, as a single create is: the checks read the database on their own.
  for (const [index, row] of rows.entries()) {
    const problems = fileProblems(row);
    let plan: WritePlan | undefined;
    try {
      plan = await engine.planCreate(declaration, row, session);
    } catch (error) {
      const named = new Set(problems.map((problem) => problem.propertyPath));
      problems.push(...violationsOf(error).filter((found) => !named.has(found.propertyPath)));
    }
    violations.push(...problems.map((problem) => rowViolation(index, problem)));
    plans.push(problems.length === 0 ? plan : undefined);
  }
  try {
    return await runAsAction(CSV_IMPORT_AUDIT_ACTION, { resource: declaration.name }, () =>
      db.transaction(async (tx) => {
        const ids: number[] = [];
        for (const [index, plan] of plans.entries()) {
          if (!plan) continue;
          await tx.query('SAVEPOINT import_row');
          try {
            ids.push(await engine.insertPlanned(tx, declaration, plan, session));
            await tx.query('RELEASE SAVEPOINT import_row');
          } catch (error) {
            await tx.query('ROLLBACK TO SAVEPOINT import_row');
            for (const found of violationsOf(mapPgError(error, declaration, 'write')))
              violations.push(rowViolation(index, found));
          }
        }
        if (violations.length > 0) throw unprocessable(violations.sort((a, b) => a.row - b.row));
        if (dryRun) throw new DryRunDone(ids);
        await spend?.(tx);
        return ids;
      }),
    );
  } catch (error) {
    if (error instanceof DryRunDone) return error.ids;
    throw error;
  }
}
