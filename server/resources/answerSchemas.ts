import type { FieldContract, ScalarField } from '../../src/domain/contracts/types.ts';
import { closedObject, freeJson, listOf } from '../http/answers.ts';
import type { Schema } from '../http/routeSchema.ts';
import type { FieldDeclaration, Format, ResourceDeclaration } from './types.ts';

/**
 * The response schemas of the generic routes, derived from each resource's declaration as serialize.ts
 * builds its answers: one schema per media type, closed, every property typed as PostgreSQL writes it
 * (a relation an IRI, an embedded one `{"@id", id, name}`, a date its ISO text), so that Fastify's compiled
 * serialiser writes an item exactly as the engine answered it. A field that is free JSON by design (a part's
 * content, a computed thread) is `freeJson`, written as it is.
 */

const nullable = (schema: Schema, required: boolean): Schema =>
  required || schema.type === undefined ? schema : { ...schema, type: [schema.type, 'null'].flat() };

function scalarAnswer(field: ScalarField, required: boolean): Schema {
  switch (field.kind) {
    case 'string':
    case 'text':
    case 'password':
    case 'datetime':
      return nullable({ type: 'string' }, required);
    case 'integer':
      return nullable({ type: 'integer' }, required);
    case 'boolean':
      return nullable({ type: 'boolean' }, required);
    case 'enum': {
      const types = [...new Set(field.values.map((value) => (typeof value === 'number' ? 'integer' : 'string')))];
      return required
        ? { type: types.length === 1 ? types[0] : types, enum: [...field.values] }
        : { type: [...types, 'null'], enum: [...field.values, null] };
    }
    case 'stringList':
      return { type: 'array', items: { type: 'string' } };
    case 'json':
      return freeJson('Free JSON by design.');
  }
}

/** `{"@id", id, name}` (no `@id` in plain JSON) or null, as summarySql builds it. */
function summary(format: Format): Schema {
  const properties: Record<string, Schema> = { id: { type: 'integer' }, name: { type: ['string', 'null'] } };
  if (format === 'jsonld') properties['@id'] = { type: 'string' };
  return { ...closedObject('A related row’s summary.', properties, ['id', 'name']), type: ['object', 'null'] };
}

const iri = (required: boolean): Schema => nullable({ type: 'string' }, required);

/**
 * A field's answer, read off its contract: the declaration is made from it field for field (declare.ts), a
 * value computed by SQL being the contract's scalar or embedded value. A computed value may be null.
 */
function fieldAnswer(field: FieldDeclaration, contract: FieldContract, format: Format): Schema {
  const required = field.type.kind !== 'computed' && Boolean(field.required);
  switch (contract.kind) {
    case 'relation':
      return contract.embedded ? summary(format) : iri(required);
    case 'relations':
    case 'children':
      return listOf('IRIs of the related rows.', { type: 'string' });
    case 'polymorphic':
      return summary(format);
    case 'embedded':
      return freeJson('Computed by the server.');
    default:
      return scalarAnswer(contract, required);
  }
}

/** One item of the resource as the engine answers it in `format`, `@context` included in JSON-LD. */
export function itemAnswerSchema(declaration: ResourceDeclaration, format: Format): Schema {
  const properties: Record<string, Schema> = {};
  if (format === 'jsonld')
    Object.assign(properties, {
      '@context': { type: 'string' },
      '@id': { type: 'string' },
      '@type': { type: 'string' },
    });
  properties.id = { type: 'integer' };
  for (const [name, field] of Object.entries(declaration.fields)) {
    if (field.writeOnly) continue;
    properties[name] = fieldAnswer(field, declaration.contract.fields[name], format);
  }
  properties.createdAt = { type: 'string' };
  properties.updatedAt = { type: 'string' };
  return closedObject(`The ${declaration.type}, as the API answers it.`, properties, ['id']);
}

/** The answer of an item route (get, create, update) in both media types. */
export function itemAnswer(declaration: ResourceDeclaration): Schema {
  return {
    content: {
      'application/ld+json': { schema: itemAnswerSchema(declaration, 'jsonld') },
      'application/json': { schema: itemAnswerSchema(declaration, 'json') },
    },
  };
}

const text = { type: 'string' };

/** `hydra:view` of a page: its own address and its neighbours'. */
const pageView = closedObject(
  'Where this page is among the pages of the list.',
  {
    '@id': text,
    '@type': text,
    'hydra:first': text,
    'hydra:last': text,
    'hydra:previous': text,
    'hydra:next': text,
  },
  ['@id', '@type', 'hydra:first', 'hydra:last'],
);

/** `hydra:search`: the list's filters and orders as an IRI template (server/docs/hydra.ts, searchTemplate). */
const searchTemplate = closedObject(
  'The filters and orders the list takes, as an IRI template.',
  {
    '@type': text,
    'hydra:template': text,
    'hydra:variableRepresentation': text,
    'hydra:mapping': listOf(
      'One variable of the template.',
      closedObject(
        'A variable and the property it filters or orders by (null: none in particular).',
        { '@type': text, variable: text, property: { type: ['string', 'null'] }, required: { type: 'boolean' } },
        ['@type', 'variable', 'property', 'required'],
      ),
    ),
  },
  ['@type', 'hydra:template', 'hydra:mapping'],
);

/**
 * A page of the list: a hydra:Collection in JSON-LD, its members items without `@context`; an array of items
 * in JSON. The engine sends the page as the JSON text PostgreSQL built, which Fastify writes as it is (a
 * string is never re-serialised): the schema says what that text holds, for the document and the tests.
 */
export function listAnswer(declaration: ResourceDeclaration): Schema {
  const member = itemAnswerSchema(declaration, 'jsonld');
  delete (member.properties as Record<string, Schema>)['@context'];
  return {
    content: {
      'application/ld+json': {
        schema: closedObject(
          `A page of ${declaration.type} resources.`,
          {
            '@context': text,
            '@id': text,
            '@type': text,
            'hydra:totalItems': { type: 'integer' },
            'hydra:member': listOf(`The page's ${declaration.type} resources.`, member),
            'hydra:view': pageView,
            'hydra:search': searchTemplate,
          },
          ['@context', '@id', '@type', 'hydra:totalItems', 'hydra:member'],
        ),
      },
      'application/json': {
        schema: listOf(`A page of ${declaration.type} resources.`, itemAnswerSchema(declaration, 'json')),
      },
    },
  };
}
