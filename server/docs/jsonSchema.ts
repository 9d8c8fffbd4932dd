import { CONTRACTS_BY_NAME } from '../../src/domain/contracts/index.ts';
import { isWritable, type FieldContract, type ResourceContract } from '../../src/domain/contracts/types.ts';
import { documentedFields } from './hydra.ts';

/** JSON Schema (2020-12, as OpenAPI 3.1 uses it) of the fields of a contract. */

type Schema = Record<string, unknown>;

const nullable = (schema: Schema, field: FieldContract): Schema =>
  field.required || typeof schema.type !== 'string' ? schema : { ...schema, type: [schema.type, 'null'] };

function reference(target: string): Schema {
  const type = CONTRACTS_BY_NAME.get(target)?.type ?? target;
  return {
    anyOf: [
      {
        type: 'string',
        format: 'iri-reference',
        pattern: `^/api/${target}/\\d+$`,
        description: `The IRI of a ${type}.`,
      },
      { type: 'integer', minimum: 1, description: `The id of a ${type} (an extension of this server).` },
    ],
  };
}

/** How an embedded relation is read: the row's summary, `@id` in JSON-LD only; its name is null when unknown. */
function summary(target: string): Schema {
  const type = CONTRACTS_BY_NAME.get(target)?.type ?? target;
  return {
    type: 'object',
    description: `The ${type}'s summary, as it is read (it is written as an IRI or an id).`,
    properties: {
      '@id': { type: 'string', format: 'iri-reference', pattern: `^/api/${target}/\\d+$` },
      id: { type: 'integer', minimum: 1 },
      name: { type: ['string', 'null'] },
    },
    required: ['id', 'name'],
  };
}

export function fieldSchema(field: FieldContract): Schema {
  const flags: Schema = {};
  if (field.readOnly || field.kind === 'children' || field.kind === 'embedded') flags.readOnly = true;
  if (field.writeOnly) flags.writeOnly = true;
  switch (field.kind) {
    case 'string': {
      const schema: Schema = { type: 'string', ...flags };
      if (field.maxLength) schema.maxLength = field.maxLength;
      if (field.format === 'email') schema.format = 'email';
      if (field.format === 'url') schema.format = 'uri';
      if (field.format === 'color') schema.pattern = '^#[0-9a-fA-F]{6}$';
      return nullable(schema, field);
    }
    case 'text':
      return nullable({ type: 'string', ...(field.maxLength ? { maxLength: field.maxLength } : {}), ...flags }, field);
    case 'password':
      return nullable({ type: 'string', ...flags }, field);
    case 'integer': {
      const schema: Schema = { type: 'integer', ...flags };
      if (field.min !== undefined) schema.minimum = field.min;
      if (field.max !== undefined) schema.maximum = field.max;
      return nullable(schema, field);
    }
    case 'boolean':
      return nullable({ type: 'boolean', ...flags }, field);
    case 'datetime':
      return nullable({ type: 'string', format: 'date-time', ...flags }, field);
    case 'enum':
      return { enum: field.required ? [...field.values] : [...field.values, null], ...flags };
    case 'json':
      return { ...flags };
    case 'stringList':
      return { type: 'array', items: field.values ? { enum: [...field.values] } : { type: 'string' }, ...flags };
    case 'relation': {
      const choices = [
        ...(reference(field.target).anyOf as Schema[]),
        ...(field.embedded ? [summary(field.target)] : []),
        ...(field.required ? [] : [{ type: 'null' }]),
      ];
      return { anyOf: choices, ...flags };
    }
    case 'relations':
    case 'children':
      return { type: 'array', items: reference(field.target), ...flags };
    case 'polymorphic':
      return {
        anyOf: [
          { type: 'string', format: 'iri-reference', description: `The IRI of a ${field.targets.join(' or ')}.` },
          { type: 'object' },
          { type: 'null' },
        ],
        ...flags,
      };
    case 'embedded':
      return field.shape === 'list'
        ? { type: 'array', items: { type: 'object' }, ...flags }
        : { type: ['object', 'null'], ...flags };
  }
}

/** An item as read (JSON-LD keys aside) and written: readOnly and writeOnly say which way each field goes. */
export function resourceSchema(contract: ResourceContract): Schema {
  const properties: Record<string, Schema> = {};
  for (const [name, field] of documentedFields(contract)) properties[name] = fieldSchema(field);
  return {
    type: 'object',
    description: contract.description,
    properties,
    required: Object.entries(contract.fields)
      .filter(([, field]) => field.required && isWritable(field))
      .map(([name]) => name),
  };
}
