import type { FastifyRequest } from 'fastify';
import { isWritable, type FieldContract } from '../../src/domain/contracts/types.ts';
import { CSV_FORMATS } from '../../src/domain/csvFrench.ts';
import {
  BLANK,
  COLOR,
  EMAIL,
  INT4_MAX,
  INT4_MIN,
  isBlank,
  ISO_DATETIME,
  valueProblem,
} from '../../src/domain/contracts/values.ts';
import { filterVariables } from '../docs/hydra.ts';
import { ApiError, badRequest, notFound, unprocessable, violation, type Violation } from '../shared/errors.ts';
import { referencePattern, type Schema } from '../http/routeSchema.ts';
import { fieldWriteRole } from '../../src/domain/rights.ts';
import { ownRowsOf } from './ownRows.ts';
import type { ResourceDeclaration } from './types.ts';

/**
 * The Fastify schemas of the generic routes, generated from each resource's contract: a body, a query or
 * an id that cannot be right is refused before the handler runs, with the violation the engine would give
 * (src/domain/contracts/values.ts words both). They are never stricter than the engine, which still checks
 * what needs the database (rows pointed at, not-null columns, rules across fields). Validated without type
 * coercion (app.ts): "12" is not a number.
 */

const orNull = (schema: Schema, nullable: boolean): Schema =>
  !nullable
    ? schema
    : schema.enum
      ? { ...schema, enum: [...(schema.enum as unknown[]), null] }
      : { ...schema, type: [schema.type, 'null'].flat() };

function valueSchema(field: FieldContract): Schema | undefined {
  switch (field.kind) {
    case 'string': {
      const schema: Schema = { type: 'string' };
      if (field.maxLength) schema.maxLength = field.maxLength;
      if (field.format === 'email') schema.pattern = EMAIL.source;
      if (field.format === 'color') schema.pattern = COLOR.source;
      return schema;
    }
    case 'text':
      return field.maxLength ? { type: 'string', maxLength: field.maxLength } : { type: 'string' };
    case 'password':
      return { type: 'string' };
    case 'integer':
      return { type: 'integer', minimum: field.min ?? INT4_MIN, maximum: field.max ?? INT4_MAX };
    case 'boolean':
      return { type: 'boolean' };
    case 'datetime':
      return { type: 'string', pattern: ISO_DATETIME.source };
    case 'enum':
      return { enum: [...field.values] };
    case 'stringList':
      return { type: 'array', items: field.values ? { enum: [...field.values] } : { type: 'string' } };
    case 'relation':
      // An IRI, an id, or an object carrying one: which row, and whether it exists, is the engine's to say.
      return { type: ['number', 'string', 'object'] };
    case 'relations':
      return { type: 'array' };
    default:
      return undefined;
  }
}

/** Fields whose values a route schema checks: writable by everyone the route admits (not by role only). */
function checkedFields(declaration: ResourceDeclaration): [string, FieldContract][] {
  return Object.entries(declaration.contract.fields).filter(
    ([name, field]) => isWritable(field) && !fieldWriteRole(declaration.name, name),
  );
}

export function bodySchema(declaration: ResourceDeclaration, mode: 'create' | 'update'): Schema {
  const forced = ownRowsOf(declaration)?.forced ?? {};
  const properties: Record<string, Schema> = {};
  const required: string[] = [];
  for (const [name, field] of checkedFields(declaration)) {
    const schema = valueSchema(field);
    if (!schema) continue;
    // Blank is refused on create and on an update that names the field; whitespace is blank.
    const mustHold = field.required === true;
    properties[name] = orNull(
      mustHold && schema.type === 'string' ? { ...schema, pattern: schema.pattern ?? '\\S' } : schema,
      !mustHold,
    );
    if (mustHold && mode === 'create' && !field.defaultsToSessionUser && !Object.hasOwn(forced, name))
      required.push(name);
  }
  return { type: 'object', properties, ...(required.length > 0 ? { required } : {}) };
}

const oneOrMany = (pattern: string): Schema => ({
  anyOf: [
    { type: 'string', pattern },
    { type: 'array', items: { type: 'string', pattern } },
  ],
});

function filterPattern(declaration: ResourceDeclaration, name: string): string | undefined {
  const field = declaration.contract.fields[name];
  switch (field?.kind) {
    case 'boolean':
      return '^(true|false|1|0)$';
    case 'integer':
      return '^-?\\d{1,9}$';
    case 'enum':
      return typeof field.values[0] === 'number' ? '^-?\\d{1,9}$' : undefined;
    case 'relation':
    case 'relations':
      return referencePattern(field.target);
    case 'datetime':
      return '^\\d{4}-\\d{2}-\\d{2}([T ][\\d:.]+)?(Z|[+-]\\d{2}:?\\d{2})?$';
    default:
      return undefined;
  }
}

/** The query of a list's CSV export: the list's own, and the file's format (French by default). */
export function exportQuerySchema(declaration: ResourceDeclaration): Schema {
  const list = querySchema(declaration) as { type: 'object'; properties: Record<string, Schema> };
  return { ...list, properties: { ...list.properties, format: oneOrMany(`^(${CSV_FORMATS.join('|')})$`) } };
}

export function querySchema(declaration: ResourceDeclaration): Schema {
  const positive = '^$|^(?=\\d{1,9}$)0*[1-9]\\d*$';
  const properties: Record<string, Schema> = { page: oneOrMany(positive), itemsPerPage: oneOrMany(positive) };
  for (const name of declaration.contract.filters) {
    const pattern = filterPattern(declaration, name);
    if (pattern)
      for (const variable of filterVariables(declaration.contract, name)) properties[variable] = oneOrMany(pattern);
  }
  for (const [name, rule] of Object.entries(declaration.contract.ruleFilters ?? {})) {
    const pattern = rule.kind === 'flag' ? '^(true|false|1|0)$' : referencePattern(rule.target);
    for (const variable of filterVariables(declaration.contract, name)) properties[variable] = oneOrMany(pattern);
  }
  for (const name of ['id', ...declaration.contract.order])
    properties[`order[${name}]`] = oneOrMany('^([aA][sS][cC]|[dD][eE][sS][cC])$');
  return { type: 'object', properties };
}

interface SchemaError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
}

/** The answer to a request its route schema refused: 404 for an id, 400 for a query, 422 on the fields of a body. */
export function refusal(declaration: ResourceDeclaration, request: FastifyRequest): ApiError | undefined {
  const failed = request.validationError as
    (Error & { validation?: SchemaError[]; validationContext?: string }) | undefined;
  if (!failed) return undefined;
  const errors = failed.validation ?? [];
  if (failed.validationContext === 'params') return notFound();
  if (failed.validationContext === 'querystring') {
    const variable = errors[0]?.instancePath.split('/')[1]?.replaceAll('~1', '/').replaceAll('~0', '~') ?? '';
    return badRequest(`"${variable}" has a value this list does not take.`);
  }
  const body = request.body;
  if (!body || typeof body !== 'object' || Array.isArray(body))
    return badRequest('The request body must be a JSON object.');
  const named = new Set(
    errors.map((error) =>
      error.keyword === 'required' ? String(error.params.missingProperty) : error.instancePath.split('/')[1],
    ),
  );
  const violations: Violation[] = [];
  for (const [name, field] of checkedFields(declaration)) {
    if (!named.has(name)) continue;
    const value = (body as Record<string, unknown>)[name];
    const problem = isBlank(value) && field.required ? BLANK : value === null ? undefined : valueProblem(field, value);
    if (problem) violations.push(violation(name, problem.code, problem.message));
    else if (field.kind === 'relation')
      violations.push(violation(name, 'reference', `Expected an IRI of ${field.target} or an id.`));
    else violations.push(violation(name, 'type', 'This value is not valid.'));
  }
  return unprocessable(violations);
}
