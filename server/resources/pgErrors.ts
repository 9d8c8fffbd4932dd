import { ApiError, badRequest, problem, unprocessable, violation } from '../shared/errors.ts';
import { CATALOGUE_REFERENCE } from '../../src/domain/tenancy.ts';
import { columnOf, type ResourceDeclaration } from './types.ts';

interface PgError {
  code?: string;
  constraint?: string;
  column?: string;
  detail?: string;
  table?: string;
}

function fieldOfColumn(declaration: ResourceDeclaration, column: string | undefined): string {
  if (!column) return '';
  for (const [name, field] of Object.entries(declaration.fields)) {
    if (field.type.kind === 'relations' && field.type.otherColumn === column) return name;
    if (field.type.kind === 'polymorphic' && Object.values(field.type.targets).some((t) => t.column === column))
      return name;
    if (columnOf(name, field) === column) return name;
  }
  return column;
}

/** `Key (course_id)=(9) ...` -> `course_id` */
const keyColumn = (detail: string | undefined) =>
  /Key \(([a-z_]+)\)=/.exec(detail ?? '')?.[1] ?? /Key \(lower\(([a-z_]+)\)\)=/.exec(detail ?? '')?.[1];

/**
 * Turns what PostgreSQL refused into the API's answer: a constraint the input broke is a 422 on its field,
 * deleting a record still referenced is a 409. Anything else is a real fault and stays a 500.
 */
export function mapPgError(
  error: unknown,
  declaration: ResourceDeclaration,
  operation: 'read' | 'write' | 'delete',
): unknown {
  if (error instanceof ApiError || !error || typeof error !== 'object') return error;
  const pg = error as PgError;
  if (!pg.code) return error;
  const declared = pg.constraint ? declaration.constraints?.[pg.constraint] : undefined;
  switch (pg.code) {
    case '23505':
      return unprocessable([
        violation(
          declared?.field ?? fieldOfColumn(declaration, keyColumn(pg.detail)),
          declared?.code ?? 'unique',
          declared?.message ?? 'This value is already used.',
        ),
      ]);
    case '23001':
    case '23503':
      if (operation === 'delete' || pg.code === '23001')
        // `reason` tells this 409 from a stale write's, which the back-office words differently.
        return problem(409, 'This record is still referenced by other records; remove or move them first.', {
          reason: 'referenced',
        });
      return unprocessable([
        violation(
          fieldOfColumn(declaration, keyColumn(pg.detail)),
          'reference',
          'The referenced record does not exist.',
        ),
      ]);
    case '23514': {
      if (pg.constraint === 'catalogue_reference') {
        const field = pg.column ?? /\(([A-Za-z]+)\)\.$/.exec((error as { message?: string }).message ?? '')?.[1] ?? '';
        return unprocessable([violation(field, CATALOGUE_REFERENCE.code, CATALOGUE_REFERENCE.message(field))]);
      }
      if (pg.constraint === 'structure_move')
        return unprocessable([
          violation('company', 'structure', 'A record stays in its structure: it cannot be moved to another one.'),
        ]);
      const column = /^[a-z_]+?_([a-z_]+)_check$/.exec(pg.constraint ?? '')?.[1];
      return unprocessable([
        violation(
          declared?.field ?? fieldOfColumn(declaration, column),
          declared?.code ?? 'constraint',
          declared?.message ?? 'This value is not valid.',
        ),
      ]);
    }
    // Row-level security refused a row outside the session's structure (a relation to a row it cannot see, a
    // row moved into another structure): the engine's own checks answer first; this is the second lock.
    case '42501':
      if (operation !== 'write') return problem(404, 'Not found.');
      return unprocessable([violation('', 'reference', 'The referenced record does not exist.')]);
    case '23502':
      return unprocessable([
        violation(fieldOfColumn(declaration, pg.column), 'blank', 'This value should not be null.'),
      ]);
    case '22021':
    case '22P05':
    case '22P02':
    case '22007':
    case '22008':
    case '22003':
    case '54000':
      return badRequest('A value has the wrong format or is out of range.');
    default:
      return error;
  }
}
