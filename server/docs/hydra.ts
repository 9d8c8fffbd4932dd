import { CONTRACTS } from '../../src/domain/contracts/index.ts';
import { fieldWriteRole } from '../../src/domain/rights.ts';
import {
  ALL_OPERATIONS,
  filterVariables,
  isWritable,
  type FieldContract,
  type ResourceContract,
} from '../../src/domain/contracts/types.ts';

/**
 * The Hydra documentation of the API, generated from the contracts, in the shape API Platform serves it
 * (`/api/docs.jsonld`, the entrypoint, `/api/contexts/{Type}`, `hydra:search`), so that its clients
 * (@api-platform/api-doc-parser, @api-platform/admin) read our API as they read theirs. `origin` is the
 * scheme and host the client reached: JSON-LD needs absolute IRIs for the vocabulary.
 */

export const HYDRA = 'http://www.w3.org/ns/hydra/core#';
export const API_DOCUMENTATION_REL = `${HYDRA}apiDocumentation`;
export const DOCS_PATH = '/api/docs.jsonld';

const vocabOf = (origin: string) => `${origin}${DOCS_PATH}#`;

/** The entrypoint's key for a resource, as API Platform names it: the type's short name, first letter lowered. */
export const entrypointKey = (contract: ResourceContract) => contract.type[0].toLowerCase() + contract.type.slice(1);

const RANGES: Partial<Record<FieldContract['kind'], string>> = {
  string: 'xmls:string',
  text: 'xmls:string',
  password: 'xmls:string',
  integer: 'xmls:integer',
  boolean: 'xmls:boolean',
  datetime: 'xmls:dateTime',
};

const DATES: Record<string, FieldContract> = {
  createdAt: { kind: 'datetime', readOnly: true },
  updatedAt: { kind: 'datetime', readOnly: true },
};

/** Every property an item carries or accepts: `id`, the contract's fields, the record's dates. */
export function documentedFields(contract: ResourceContract): [string, FieldContract][] {
  return [['id', { kind: 'integer', readOnly: true }], ...Object.entries(contract.fields), ...Object.entries(DATES)];
}

function rangeOf(field: FieldContract): string | undefined {
  switch (field.kind) {
    case 'relation':
    case 'relations':
    case 'children':
      return `#${CONTRACTS.find((contract) => contract.name === field.target)?.type ?? field.target}`;
    case 'enum':
      return typeof field.values[0] === 'number' ? 'xmls:integer' : 'xmls:string';
    default:
      return RANGES[field.kind];
  }
}

const isLink = (field: FieldContract) =>
  field.kind === 'relation' || field.kind === 'relations' || field.kind === 'children';

function describeField(contract: ResourceContract, name: string, field: FieldContract): string | undefined {
  const parts: string[] = [];
  if (field.kind === 'enum') parts.push(`One of: ${field.values.join(', ')}.`);
  if (field.kind === 'stringList' && field.values) parts.push(`A list of: ${field.values.join(', ')}.`);
  if ((field.kind === 'string' || field.kind === 'text') && field.maxLength)
    parts.push(`At most ${field.maxLength} characters.`);
  if (field.kind === 'integer' && (field.min !== undefined || field.max !== undefined))
    parts.push(`Between ${field.min ?? '-2147483648'} and ${field.max ?? '2147483647'}.`);
  if (field.kind === 'polymorphic') parts.push(`An IRI of ${field.targets.join(' or ')}; read as {@id, id, name}.`);
  const writeRole = fieldWriteRole(contract.name, name);
  if (writeRole) parts.push(`Written only by ${writeRole}.`);
  if (field.defaultsToSessionUser) parts.push('Defaults to the signed-in user.');
  if (name === 'id') parts.push('The numeric identifier (the IRI is @id).');
  return parts.length > 0 ? parts.join(' ') : undefined;
}

function supportedProperty(contract: ResourceContract, name: string, field: FieldContract) {
  const range = rangeOf(field);
  const property: Record<string, unknown> = {
    '@id': `#${contract.type}/${name}`,
    '@type': isLink(field) ? 'hydra:Link' : 'rdf:Property',
    'rdfs:label': name,
    domain: `#${contract.type}`,
  };
  if (range) property.range = range;
  if (field.kind === 'relation') property['owl:maxCardinality'] = 1;
  const description = describeField(contract, name, field);
  return {
    '@type': 'hydra:SupportedProperty',
    'hydra:property': property,
    'hydra:title': name,
    'hydra:required': field.required === true,
    'hydra:readable': !field.writeOnly,
    'hydra:writeable': name !== 'id' && isWritable(field),
    ...(description ? { 'hydra:description': description } : {}),
  };
}

const operation = (types: string, method: string, title: string, extra: Record<string, unknown> = {}) => ({
  '@type': ['hydra:Operation', `schema:${types}`],
  'hydra:method': method,
  'hydra:title': title,
  'rdfs:label': title,
  ...extra,
});

function itemOperations(contract: ResourceContract) {
  const operations = contract.operations ?? ALL_OPERATIONS;
  const type = `#${contract.type}`;
  const found: ReturnType<typeof operation>[] = [];
  if (operations.includes('get'))
    found.push(operation('FindAction', 'GET', `Retrieves a ${contract.type} resource.`, { returns: type }));
  if (operations.includes('update'))
    found.push(
      operation('ReplaceAction', 'PUT', `Replaces the ${contract.type} resource.`, { expects: type, returns: type }),
    );
  if (operations.includes('delete'))
    found.push(
      operation('DeleteAction', 'DELETE', `Deletes the ${contract.type} resource.`, { returns: 'owl:Nothing' }),
    );
  return found;
}

function collectionOperations(contract: ResourceContract) {
  const operations = contract.operations ?? ALL_OPERATIONS;
  const found: ReturnType<typeof operation>[] = [];
  if (operations.includes('list'))
    found.push(
      operation('FindAction', 'GET', `Retrieves the collection of ${contract.type} resources.`, {
        returns: 'hydra:Collection',
      }),
    );
  if (operations.includes('create'))
    found.push(
      operation('CreateAction', 'POST', `Creates a ${contract.type} resource.`, {
        expects: `#${contract.type}`,
        returns: `#${contract.type}`,
      }),
    );
  return found;
}

function resourceClass(contract: ResourceContract) {
  return {
    '@id': `#${contract.type}`,
    '@type': 'hydra:Class',
    'rdfs:label': contract.type,
    'hydra:title': contract.type,
    'hydra:description': contract.description,
    'hydra:supportedProperty': documentedFields(contract).map(([name, field]) =>
      supportedProperty(contract, name, field),
    ),
    'hydra:supportedOperation': itemOperations(contract),
  };
}

function entrypointClass() {
  return {
    '@id': '#Entrypoint',
    '@type': 'hydra:Class',
    'hydra:title': 'The API entrypoint',
    'hydra:supportedProperty': CONTRACTS.filter((contract) =>
      (contract.operations ?? ALL_OPERATIONS).includes('list'),
    ).map((contract) => {
      const label = `The collection of ${contract.type} resources`;
      return {
        '@type': 'hydra:SupportedProperty',
        'hydra:property': {
          '@id': `#Entrypoint/${entrypointKey(contract)}`,
          '@type': 'hydra:Link',
          domain: '#Entrypoint',
          'rdfs:label': label,
          'rdfs:range': [
            { '@id': 'hydra:Collection' },
            {
              'owl:equivalentClass': {
                'owl:onProperty': { '@id': 'hydra:member' },
                'owl:allValuesFrom': { '@id': `#${contract.type}` },
              },
            },
          ],
          'hydra:supportedOperation': collectionOperations(contract),
        },
        'hydra:title': label,
        'hydra:readable': true,
        'hydra:writeable': false,
      };
    }),
    'hydra:supportedOperation': {
      '@type': 'hydra:Operation',
      'hydra:method': 'GET',
      'rdfs:label': 'The API entrypoint.',
      returns: '#Entrypoint',
    },
  };
}

/** API Platform's error classes: what a 422 and a problem answer carry. */
function errorClasses() {
  const property = (type: string, name: string, range: string) => ({
    '@type': 'hydra:SupportedProperty',
    'hydra:property': {
      '@id': `#${type}/${name}`,
      '@type': 'rdf:Property',
      'rdfs:label': name,
      domain: `#${type}`,
      range,
    },
    'hydra:title': name,
    'hydra:required': false,
    'hydra:readable': true,
    'hydra:writeable': false,
  });
  return [
    {
      '@id': '#ConstraintViolation',
      '@type': 'hydra:Class',
      'hydra:title': 'A constraint violation',
      'hydra:supportedProperty': [
        property('ConstraintViolation', 'propertyPath', 'xmls:string'),
        property('ConstraintViolation', 'message', 'xmls:string'),
        property('ConstraintViolation', 'code', 'xmls:string'),
      ],
      'hydra:supportedOperation': [],
    },
    {
      '@id': '#ConstraintViolationList',
      '@type': 'hydra:Class',
      subClassOf: 'hydra:Error',
      'hydra:title': 'A constraint violation list',
      'hydra:supportedProperty': [property('ConstraintViolationList', 'violations', '#ConstraintViolation')],
      'hydra:supportedOperation': [],
    },
  ];
}

export function apiDocumentation(origin: string) {
  return {
    '@context': {
      '@vocab': vocabOf(origin),
      hydra: HYDRA,
      rdf: 'http://www.w3.org/1999/02/22-rdf-syntax-ns#',
      rdfs: 'http://www.w3.org/2000/01/rdf-schema#',
      xmls: 'http://www.w3.org/2001/XMLSchema#',
      owl: 'http://www.w3.org/2002/07/owl#',
      schema: 'https://schema.org/',
      domain: { '@id': 'rdfs:domain', '@type': '@id' },
      range: { '@id': 'rdfs:range', '@type': '@id' },
      subClassOf: { '@id': 'rdfs:subClassOf', '@type': '@id' },
      expects: { '@id': 'hydra:expects', '@type': '@id' },
      returns: { '@id': 'hydra:returns', '@type': '@id' },
    },
    '@id': DOCS_PATH,
    '@type': 'hydra:ApiDocumentation',
    'hydra:title': 'Back-office API of the learning platform',
    'hydra:description':
      'Generated from the resource contracts (src/domain/contracts). Authentication: a bearer JWT from POST /api/auth/token.',
    'hydra:entrypoint': '/api',
    'hydra:supportedClass': [...CONTRACTS.map(resourceClass), entrypointClass(), ...errorClasses()],
  };
}

export function entrypoint() {
  const links: Record<string, string> = {};
  for (const contract of CONTRACTS)
    if ((contract.operations ?? ALL_OPERATIONS).includes('list'))
      links[entrypointKey(contract)] = `/api/${contract.name}`;
  return { '@context': '/api/contexts/Entrypoint', '@id': '/api', '@type': 'Entrypoint', ...links };
}

/** `/api/contexts/{Type}`: the JSON-LD context of a resource's items and collections, or the entrypoint's. */
export function contextOf(type: string, origin: string): Record<string, unknown> | undefined {
  const head = { '@vocab': vocabOf(origin), hydra: HYDRA };
  if (type === 'Entrypoint') {
    const terms = Object.fromEntries(
      CONTRACTS.filter((contract) => (contract.operations ?? ALL_OPERATIONS).includes('list')).map((contract) => [
        entrypointKey(contract),
        { '@id': `Entrypoint/${entrypointKey(contract)}`, '@type': '@id' },
      ]),
    );
    return { '@context': { ...head, ...terms } };
  }
  const contract = CONTRACTS.find((candidate) => candidate.type === type);
  if (!contract) return undefined;
  const terms = Object.fromEntries(
    documentedFields(contract)
      .filter(([name]) => name !== 'id')
      .map(([name, field]) => [name, isLink(field) ? { '@id': `${type}/${name}`, '@type': '@id' } : `${type}/${name}`]),
  );
  return { '@context': { ...head, ...terms } };
}

/** A collection's `hydra:search`: every filter, the search and the orders its list accepts at `path`. */
export function searchTemplate(contract: ResourceContract, path = `/api/${contract.name}`) {
  const mapping: { '@type': 'IriTemplateMapping'; variable: string; property: string | null; required: boolean }[] = [];
  for (const name of contract.filters)
    for (const variable of filterVariables(contract, name))
      mapping.push({ '@type': 'IriTemplateMapping', variable, property: name, required: false });
  // A rule filter reads no one property of the record either.
  for (const name of Object.keys(contract.ruleFilters ?? {}))
    for (const variable of filterVariables(contract, name))
      mapping.push({ '@type': 'IriTemplateMapping', variable, property: null, required: false });
  // `q` searches the record's text as a whole, no one property: API Platform maps such a filter to no property.
  if (contract.search) mapping.push({ '@type': 'IriTemplateMapping', variable: 'q', property: null, required: false });
  // `id` breaks every order's ties, and is an order of its own (react-admin's default sort).
  for (const name of ['id', ...contract.order.filter((field) => field !== 'id')])
    mapping.push({ '@type': 'IriTemplateMapping', variable: `order[${name}]`, property: name, required: false });
  return {
    '@type': 'hydra:IriTemplate',
    'hydra:template': `${path}{?${mapping.map((entry) => entry.variable).join(',')}}`,
    'hydra:variableRepresentation': 'BasicRepresentation',
    'hydra:mapping': mapping,
  };
}

const searchTexts = new Map<string, string>();

/** `searchTemplate` as JSON text, kept per resource and path (a handful of fixed paths; others are built each time). */
export function searchTemplateText(contract: ResourceContract, path: string): string {
  const key = `${contract.name}|${path}`;
  const known = searchTexts.get(key);
  if (known) return known;
  const text = JSON.stringify(searchTemplate(contract, path));
  if (!/\d/.test(path)) searchTexts.set(key, text);
  return text;
}

export { filterVariables };
