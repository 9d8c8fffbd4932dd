import { hashPassword, passwordProblem } from '../auth/passwords.ts';
import { violation, type Violation } from '../shared/errors.ts';
import { mayWriteField } from '../../src/domain/rights.ts';
import type { SessionStructure } from '../../src/domain/tenancy.ts';
import { BLANK, isBlank, valueProblem } from '../../src/domain/contracts/values.ts';
import { idFromReference, resourceOfIri } from './iri.ts';
import type { SchemaInfo } from './schemaInfo.ts';
import { structureColumnOf } from './tenancy.ts';
import { columnOf, type FieldDeclaration, type ResourceDeclaration } from './types.ts';

import type { Grants } from '../../src/domain/permissions.ts';

export interface WriteSession {
  userId: number | null;
  roles: readonly string[];
  /** Whose rows the session works on (src/domain/tenancy.ts). */
  structure: SessionStructure;
  /** The session's structure's changes to the rights table (src/domain/permissions.ts). */
  grants?: Grants;
}

/** What a create or update body becomes: column values, relation sets to replace, and violations. */
export interface WritePlan {
  columns: Map<string, { value: unknown; cast?: string }>;
  relationSets: { field: string; joinTable: string; ownColumn: string; otherColumn: string; ids: number[] }[];
  violations: Violation[];
}

async function readField(name: string, field: FieldDeclaration, value: unknown, plan: WritePlan): Promise<void> {
  const type = field.type;
  const column = columnOf(name, field);
  const bad = (code: string, message: string) => plan.violations.push(violation(name, code, message));
  const set = (stored: unknown, cast?: string) => void plan.columns.set(column, { value: stored, cast });
  if (value === null) {
    if (type.kind === 'relations') plan.relationSets.push({ field: name, ...type, ids: [] });
    else if (type.kind === 'polymorphic')
      for (const target of Object.values(type.targets)) plan.columns.set(target.column, { value: null });
    else set(null);
    return;
  }
  const problem = valueProblem(type, value);
  if (problem) return void bad(problem.code, problem.message);
  switch (type.kind) {
    case 'string':
    case 'text':
      return set(type.kind === 'string' && type.format === 'email' ? (value as string).trim() : value);
    case 'integer':
    case 'boolean':
    case 'enum':
      return set(value);
    case 'datetime':
      return set(value, 'timestamptz');
    case 'json': {
      const text = JSON.stringify(value);
      if (text.includes('\\u0000')) return void bad('format', 'This value contains a NUL character.');
      return set(text, 'jsonb');
    }
    case 'stringList':
      return set([...new Set(value as string[])], 'text[]');
    case 'password': {
      const weakness = passwordProblem(value as string);
      if (weakness) return void bad('password', weakness);
      return set(await hashPassword(value as string));
    }
    case 'relation': {
      const id = idFromReference(value, type.resource);
      if (id === undefined) return void bad('reference', `Expected an IRI of ${type.resource} or an id.`);
      return set(id);
    }
    case 'relations': {
      const ids = (value as unknown[]).map((item) => idFromReference(item, type.resource));
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
      for (const other of Object.values(type.targets))
        plan.columns.set(other.column, { value: other === target ? id : null });
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
      plan.violations.push(violation(name, BLANK.code, BLANK.message));
      continue;
    }
    if (!present) continue;
    const kind = field.type.kind;
    const storedColumn =
      kind === 'relations' || kind === 'polymorphic' ? undefined : columns?.get(columnOf(name, field));
    if (value === null && storedColumn && !storedColumn.nullable) {
      plan.violations.push(violation(name, 'blank', 'This value should not be null.'));
      continue;
    }
    await readField(name, field, value, plan);
  }
  if (mode === 'create' && plan.violations.length === 0) declaration.prepareCreate?.(plan.columns);
  return plan;
}

/**
 * A row created inside a structure is that structure's, whatever the body said; set after the body's
 * references were checked (it is the server's value, not the client's). A row that takes its structure
 * from the row it belongs to gets it from the database.
 */
export function placeInStructure(declaration: ResourceDeclaration, plan: WritePlan, session: WriteSession): void {
  const tenancy = declaration.access.tenancy;
  if (
    tenancy.rows === 'platform' ||
    tenancy.from ||
    (tenancy.rows === 'structure' && tenancy.self) ||
    session.structure.allStructures
  )
    return;
  plan.columns.set(structureColumnOf(tenancy), { value: session.structure.structure });
}
