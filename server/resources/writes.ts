import { hashPassword, passwordProblem } from '../auth/passwords.ts';
import { violation, type Violation } from '../http/errors.ts';
import { mayWriteField } from '../../src/domain/rights.ts';
import { idFromReference, resourceOfIri } from './iri.ts';
import type { SchemaInfo } from './schemaInfo.ts';
import { columnOf, type FieldDeclaration, type ResourceDeclaration } from './types.ts';

export interface WriteSession {
  userId: number | null;
  roles: readonly string[];
}

/** What a create or update body becomes: column values, relation sets to replace, and violations. */
export interface WritePlan {
  columns: Map<string, { value: unknown; cast?: string }>;
  relationSets: { field: string; joinTable: string; ownColumn: string; otherColumn: string; ids: number[] }[];
  violations: Violation[];
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const COLOR = /^#[0-9a-fA-F]{6}$/;
const ISO_DATETIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

function isBlank(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
}

async function readField(
  name: string,
  field: FieldDeclaration,
  value: unknown,
  plan: WritePlan,
): Promise<void> {
  const type = field.type;
  const column = columnOf(name, field);
  const bad = (code: string, message: string) => plan.violations.push(violation(name, code, message));
  const set = (stored: unknown, cast?: string) => void plan.columns.set(column, { value: stored, cast });
  if (value === null) {
    if (type.kind === 'relations') plan.relationSets.push({ field: name, ...type, ids: [] });
    else if (type.kind === 'polymorphic') for (const target of Object.values(type.targets)) plan.columns.set(target.column, { value: null });
    else set(null);
    return;
  }
  switch (type.kind) {
    case 'string':
    case 'text': {
      if (typeof value !== 'string') return void bad('type', 'This value should be of type string.');
      // PostgreSQL text cannot hold NUL; refuse it here, on the field, rather than fail at the database.
      if (value.includes('\u0000')) return void bad('format', 'This value contains a NUL character.');
      if (type.kind === 'string' && type.maxLength && value.length > type.maxLength)
        return void bad('length', `This value is too long. It should have ${type.maxLength} characters or less.`);
      if (type.kind === 'string' && type.format === 'email' && !EMAIL.test(value))
        return void bad('email', 'This value is not a valid email address.');
      if (type.kind === 'string' && type.format === 'color' && !COLOR.test(value))
        return void bad('format', 'This value is not a valid colour (#RRGGBB).');
      return set(type.kind === 'string' && type.format === 'email' ? value.trim() : value);
    }
    case 'integer': {
      if (typeof value !== 'number' || !Number.isInteger(value)) return void bad('type', 'This value should be of type int.');
      // Integer columns are int4: beyond it is a range error on the field, not the database's refusal.
      const min = type.min ?? -2_147_483_648;
      const max = type.max ?? 2_147_483_647;
      if (value < min || value > max) return void bad('range', `This value should be between ${min} and ${max}.`);
      return set(value);
    }
    case 'boolean':
      if (typeof value !== 'boolean') return void bad('type', 'This value should be of type bool.');
      return set(value);
    case 'datetime':
      if (typeof value !== 'string' || !ISO_DATETIME.test(value) || Number.isNaN(Date.parse(value)))
        return void bad('format', 'This value is not a valid datetime.');
      return set(value, 'timestamptz');
    case 'enum':
      if (!type.values.includes(value as string | number)) return void bad('choice', 'The value you selected is not a valid choice.');
      return set(value);
    case 'json': {
      const text = JSON.stringify(value);
      if (text.includes('\\u0000')) return void bad('format', 'This value contains a NUL character.');
      return set(text, 'jsonb');
    }
    case 'stringList':
      if (!Array.isArray(value) || value.some((item) => typeof item !== 'string' || item.includes('\u0000')))
        return void bad('type', 'This value should be a list of strings.');
      if (type.values && value.some((item) => !type.values?.includes(item)))
        return void bad('choice', 'One or more of the given values is invalid.');
      return set([...new Set(value)], 'text[]');
    case 'password': {
      if (typeof value !== 'string' || value.includes('\u0000')) return void bad('type', 'This value should be of type string.');
      const problem = passwordProblem(value);
      if (problem) return void bad('password', problem);
      return set(await hashPassword(value));
    }
    case 'relation': {
      const id = idFromReference(value, type.resource);
      if (id === undefined) return void bad('reference', `Expected an IRI of ${type.resource} or an id.`);
      return set(id);
    }
    case 'relations': {
      if (!Array.isArray(value)) return void bad('type', 'This value should be a list of IRIs.');
      const ids = value.map((item) => idFromReference(item, type.resource));
      if (ids.some((id) => id === undefined)) return void bad('reference', `Expected IRIs of ${type.resource} or ids.`);
      plan.relationSets.push({ field: name, ...type, ids: [...new Set(ids as number[])] });
      return;
    }
    case 'polymorphic': {
      const resource = resourceOfIri(typeof value === 'object' ? (value as Record<string, unknown>)['@id'] : value);
      const target = resource ? type.targets[resource] : undefined;
      const id = resource ? idFromReference(value, resource) : undefined;
      if (!target || id === undefined)
        return void bad('reference', `Expected an IRI of ${Object.keys(type.targets).join(' or ')}.`);
      for (const other of Object.values(type.targets)) plan.columns.set(other.column, { value: other === target ? id : null });
      return;
    }
    case 'computed':
    case 'children':
      return;
  }
}

/** Checks and converts a request body into a write plan, as API Platform would: unknown keys are ignored. */
export async function planWrite(
  declaration: ResourceDeclaration,
  body: Record<string, unknown>,
  mode: 'create' | 'update',
  session: WriteSession,
  schema: SchemaInfo,
): Promise<WritePlan> {
  const plan: WritePlan = { columns: new Map(), relationSets: [], violations: [] };
  const columns = schema.get(declaration.table);
  for (const [name, field] of Object.entries(declaration.fields)) {
    const present = Object.prototype.hasOwnProperty.call(body, name);
    if (mode === 'create' && field.defaultsToSessionUser && (!present || field.readOnly) && session.userId !== null) {
      plan.columns.set(columnOf(name, field), { value: session.userId });
      continue;
    }
    if (field.readOnly || field.type.kind === 'computed' || field.type.kind === 'children') continue;
    // The rights table's field rule (src/domain/rights.ts): others' values are ignored, as API Platform does.
    if (!mayWriteField(session.roles, declaration.name, name)) continue;
    const value = body[name];
    if (field.required && (mode === 'create' || present) && isBlank(value)) {
      plan.violations.push(violation(name, 'blank', 'This value should not be blank.'));
      continue;
    }
    if (!present) continue;
    const kind = field.type.kind;
    const storedColumn = kind === 'relations' || kind === 'polymorphic' ? undefined : columns?.get(columnOf(name, field));
    if (value === null && storedColumn && !storedColumn.nullable) {
      plan.violations.push(violation(name, 'blank', 'This value should not be null.'));
      continue;
    }
    await readField(name, field, value, plan);
  }
  if (mode === 'create' && plan.violations.length === 0) declaration.prepareCreate?.(plan.columns);
  return plan;
}
